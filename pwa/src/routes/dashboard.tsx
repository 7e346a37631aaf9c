import '../i18n/clients';
import { PageHeader } from '../components/page-header';
import { useAuth } from '../lib/auth/auth-context';
import { DashboardView } from '../features/dashboard/components/dashboard-view';
import { MyServicesReport } from '../features/reports/components/my-services-report';
import { LinkButton } from '../components/button';
import { limits } from '@contract/limits';
import { staffPaths } from '../lib/staff-paths';
import { useT } from '../i18n/use-t';
import { usePageTitle } from '../lib/use-page-title';
import './pages.css';

/** /dashboard: counts and the 12-week chart of what the signed-in person may see. */
export default function DashboardRoute() {
  const t = useT();
  const { user } = useAuth();
  usePageTitle(t('dashboard.title'));
  return (
    <>
      <PageHeader eyebrow={t('dashboard.staff')} title={t('dashboard.title')} lead={user ? t('dashboard.greeting', { name: user.name }) : undefined} />
      <div className="container page-body">
        <DashboardView />
        {user && user.access >= limits.managerAccess ? (
          <p className="dashboard-reports-link">
            <LinkButton to={staffPaths.reports} variant="outline">
              {t('reports.open')}
            </LinkButton>
          </p>
        ) : (
          user && <MyServicesReport services={user.services} />
        )}
      </div>
    </>
  );
}
