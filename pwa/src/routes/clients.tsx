import '../i18n/clients';
import { useAuth } from '../app/auth/auth-context';
import { CaseloadGate } from '../features/clients/components/caseload-gate';
import { ClientsPage } from '../features/clients/components/clients-page';
import { WhanauEntry } from '../features/whanau/components/whanau-entry';
import './pages.css';

/** /clients: the enrolments inbox and the clients list (staff), and the way to the whānau; the device's copy unlocked first. */
export default function ClientsRoute() {
  const { user, keepCopy, endSession } = useAuth();
  return (
    <CaseloadGate user={user} onKeepCopy={keepCopy} onWiped={(message) => void endSession(message)}>
      <ClientsPage userId={user?._id ?? null} />
      <div className="container whanau-client-slot">
        <WhanauEntry />
      </div>
    </CaseloadGate>
  );
}
