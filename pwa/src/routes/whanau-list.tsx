import '../i18n/clients';
import { useAuth } from '../lib/auth/auth-context';
import { CaseloadGate } from '../features/clients/components/caseload-gate';
import { WhanauListPage } from '../features/whanau/components/whanau-list-page';
import './pages.css';

/** /whanau: the whānau the kaimahi works alongside (staff); the device's copy unlocked first. */
export default function WhanauListRoute() {
  const { user, keepCopy, endSession } = useAuth();
  return (
    <CaseloadGate user={user} onKeepCopy={keepCopy} onWiped={(message) => void endSession(message)}>
      <WhanauListPage userId={user?._id ?? null} />
    </CaseloadGate>
  );
}
