import '../i18n/clients';
import { ManagerOnly } from '../components/manage/manager-only';
import { PageHeader } from '../components/page-header';
import { ReportsPage } from '../features/reports/components/reports-page';
import { useT } from '../i18n/use-t';
import { usePageTitle } from '../lib/use-page-title';
import './pages.css';

/** /reports (managers): reports for funders by period and service (DESIGN §4d). */
export default function ReportsRoute() {
  const t = useT();
  usePageTitle(t('reports.title'));
  return (
    <ManagerOnly>
      <PageHeader eyebrow={t('reports.eyebrow')} title={t('reports.title')} lead={t('reports.lead')} />
      <div className="container page-body">
        <ReportsPage />
      </div>
    </ManagerOnly>
  );
}
