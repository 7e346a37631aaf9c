import '../i18n/clients';
import { useLocation, useParams } from 'react-router-dom';
import { limits } from '@contract/limits';
import { useAuth } from '../lib/auth/auth-context';
import { CaseloadGate } from '../features/clients/components/caseload-gate';
import { ClientPage } from '../features/clients/components/client-page';
import { caseloadClient } from '../features/clients/offline/caseload-copy';
import { FollowUpsFor } from '../features/follow-ups/components/follow-ups-for';
import { kaimahiOf } from '../features/follow-ups/kaimahi';
import { ClientWhanau } from '../features/whanau/components/client-whanau';
import './pages.css';

/** Whether the page was opened just after the client was made from an enrolment (the inbox says so). */
function openedFromEnrolment(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'fromEnrolment' in state && state.fromEnrolment === true;
}

/**
 * /client/{id}: one client record and their follow-ups; managers also see its field history,
 * audit trail and the export. Below it, the client's whānau with a link, or — just after the
 * client was made from an enrolment — an offer to start or join one.
 */
export default function ClientRoute() {
  const { id = '' } = useParams();
  const location = useLocation();
  const { access, user, keepCopy, endSession } = useAuth();
  return (
    <CaseloadGate user={user} onKeepCopy={keepCopy} onWiped={(message) => void endSession(message)}>
      <ClientPage
        key={id}
        id={id}
        userId={user?._id ?? null}
        isManager={access >= limits.managerAccess}
        more={(client) => <FollowUpsFor kaimahi={kaimahiOf(user, access)} subject={{ kind: 'client', _id: client._id, name: client.name }} />}
      />
      {user && (
        <div className="container whanau-client-slot">
          <ClientWhanau key={id} clientId={id} userId={user._id} offer={openedFromEnrolment(location.state)} familyName={caseloadClient(id)?.familyName} />
        </div>
      )}
    </CaseloadGate>
  );
}
