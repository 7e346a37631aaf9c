import '../i18n/clients';
import { useParams } from 'react-router-dom';
import { limits } from '@contract/limits';
import { useAuth } from '../app/auth/auth-context';
import { CaseloadGate } from '../features/clients/components/caseload-gate';
import { ClientPage } from '../features/clients/components/client-page';
import { FollowUpsFor } from '../features/follow-ups/components/follow-ups-for';
import './pages.css';

/** /client/{id}: one client record and their follow-ups; managers also see its field history, audit trail and the export. */
export default function ClientRoute() {
  const { id = '' } = useParams();
  const { access, user, keepCopy, endSession } = useAuth();
  return (
    <CaseloadGate user={user} onKeepCopy={keepCopy} onWiped={(message) => void endSession(message)}>
      <ClientPage
        key={id}
        id={id}
        userId={user?._id ?? null}
        isManager={access >= limits.managerAccess}
        more={(client) => <FollowUpsFor userId={user?._id ?? null} subject={{ kind: 'client', _id: client._id, name: client.name }} />}
      />
    </CaseloadGate>
  );
}
