import '../i18n/clients';
import { useNavigate, useParams } from 'react-router-dom';
import { limits } from '@contract/limits';
import { useAuth } from '../lib/auth/auth-context';
import { CaseloadGate } from '../features/clients/components/caseload-gate';
import { RecordContactPage } from '../features/whanau/components/record-contact-page';
import { staffPaths } from '../lib/staff-paths';
import { useClientLookup } from './whanau-lookup';
import './pages.css';

/** /whanau/{id}/contact: record a contact with the whānau; back to the whānau once saved. */
export default function WhanauContactRoute() {
  const { id = '' } = useParams();
  const { access, user, keepCopy, endSession } = useAuth();
  const navigate = useNavigate();
  const lookup = useClientLookup(user?._id ?? null);
  return (
    <CaseloadGate user={user} onKeepCopy={keepCopy} onWiped={(message) => void endSession(message)}>
      {user && (
        <RecordContactPage
          key={id}
          id={id}
          user={user}
          isManager={access >= limits.managerAccess}
          lookup={lookup}
          onSaved={() => void navigate(staffPaths.whanau(id))}
        />
      )}
    </CaseloadGate>
  );
}
