import '../i18n/clients';
import { useAuth } from '../app/auth/auth-context';
import { CaseloadGate } from '../features/clients/components/caseload-gate';
import { ClientsPage } from '../features/clients/components/clients-page';
import './pages.css';

/** /clients: the enrolments inbox and the clients list (staff); the device's copy unlocked first. */
export default function ClientsRoute() {
  const { user, keepCopy, endSession } = useAuth();
  return (
    <CaseloadGate user={user} onKeepCopy={keepCopy} onWiped={(message) => void endSession(message)}>
      <ClientsPage userId={user?._id ?? null} />
    </CaseloadGate>
  );
}
