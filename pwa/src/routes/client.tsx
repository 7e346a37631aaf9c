import '../i18n/clients';
import { useParams } from 'react-router-dom';
import { limits } from '@contract/limits';
import { useAuth } from '../app/auth/auth-context';
import { ClientPage } from '../features/clients/components/client-page';
import './pages.css';

/** /client/{id}: one client record; managers also see its audit trail and the export. */
export default function ClientRoute() {
  const { id = '' } = useParams();
  const { access } = useAuth();
  return <ClientPage key={id} id={id} isManager={access >= limits.managerAccess} />;
}
