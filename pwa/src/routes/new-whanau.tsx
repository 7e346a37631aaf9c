import '../i18n/clients';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../lib/auth/auth-context';
import { CaseloadGate } from '../features/clients/components/caseload-gate';
import { NewWhanauPage } from '../features/whanau/components/new-whanau-page';
import { staffPaths } from '../lib/staff-paths';
import './pages.css';

/** /whanau/new: a new whānau, saved on this device first. */
export default function NewWhanauRoute() {
  const { user, keepCopy, endSession } = useAuth();
  const navigate = useNavigate();
  return (
    <CaseloadGate user={user} onKeepCopy={keepCopy} onWiped={(message) => void endSession(message)}>
      <NewWhanauPage onCreated={(id) => void navigate(staffPaths.whanau(id), { replace: true })} />
    </CaseloadGate>
  );
}
