import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header';
import { useT } from '../../../i18n/use-t';
import { paths } from '../../../lib/paths';
import { staffPaths } from '../../../lib/staff-paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { useStaffItems } from '../offline/staff-items';
import { queueNewClient, sendNow } from '../offline/staff-writes';
import { useVaultState } from '../offline/use-caseload';
import { CreateClientForm } from './create-client-form';
import { ClientsList } from './clients-list';
import { EnrolmentsInbox } from './enrolments-inbox';
import { SyncStatus } from './sync-status';
import './clients.css';

const tabs = ['inbox', 'clients'] as const;
type Tab = (typeof tabs)[number] | 'new';

/** /clients: the enrolments inbox and the clients list, one view at a time, plus "New client". */
export function ClientsPage({ userId }: { userId: string | null }) {
  const t = useT();
  const vault = useVaultState(userId);
  const items = useStaffItems(userId);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const asked = params.get('tab');
  const tab: Tab = asked === 'clients' || asked === 'new' ? asked : 'inbox';
  usePageTitle(t('clients.title'));
  const tabLabel = { inbox: t('clients.tab.inbox'), clients: t('clients.tab.clients') };

  return (
    <>
      <PageHeader eyebrow={t('clients.staff')} title={t('clients.title')} lead={t('clients.lead')} />
      <div className="container page-body clients-page">
        <div className="clients-bar">
          <nav aria-label={t('clients.views')} className="clients-tabs">
            {tabs.map((name) => (
              <Link
                key={name}
                to={name === 'inbox' ? paths.clients : `${paths.clients}?tab=${name}`}
                className="clients-tabs__tab"
                aria-current={tab === name ? 'page' : undefined}
              >
                {tabLabel[name]}
              </Link>
            ))}
          </nav>
          {tab !== 'new' && (
            <Link to={`${paths.clients}?tab=new`} className="button button--primary button--md">
              {t('clients.new')}
            </Link>
          )}
        </div>
        {vault.status === 'unlocked' && tab !== 'new' && <SyncStatus items={items} linkToClients onSendNow={sendNow} />}
        {tab === 'inbox' && <EnrolmentsInbox items={items} />}
        {tab === 'clients' && <ClientsList userId={userId} items={items} />}
        {tab === 'new' && (
          <CreateClientForm onCancel={() => void navigate(-1)} queue={queueNewClient} onQueued={(id) => void navigate(staffPaths.client(id))} />
        )}
      </div>
    </>
  );
}
