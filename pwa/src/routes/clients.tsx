import '../i18n/clients';
import { useAuth } from '../app/auth/auth-context';
import { CaseloadGate } from '../features/clients/components/caseload-gate';
import { ClientsPage } from '../features/clients/components/clients-page';
import './pages.css';

/** /clients: the enrolments inbox and the clients list (staff); the device's copy unlocked first. */
export default function ClientsRoute() {
  const { user } = useAuth();
  return (
    <CaseloadGate user={user}>
      <ClientsPage userId={user?._id ?? null} />
    </CaseloadGate>
  );
}
