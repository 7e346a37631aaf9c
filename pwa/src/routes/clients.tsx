import '../i18n/clients';
import { ClientsPage } from '../features/clients/components/clients-page';
import './pages.css';

/** /clients: the enrolments inbox and the clients list (staff). */
export default function ClientsRoute() {
  return <ClientsPage />;
}
