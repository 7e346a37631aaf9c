import { PageHeader } from '../components/page-header';
import { Spinner } from '../components/spinner';
import { LoadFailedWithPhone } from '../features/site/components/load-failed-with-phone';
import { useServices } from '../features/services/api/get-services';
import { ServiceGrid } from '../features/services/components/service-grid';
import { usePageTitle } from '../lib/use-page-title';
import { Rich } from '../i18n/rich-text';
import { useT } from '../i18n/use-t';
import './pages.css';
import '../i18n/parts'; // this part's English (en-parts.ts), registered before it renders

/** All six free services as cards. */
export default function ServicesRoute() {
  const t = useT();
  usePageTitle(t('services.title'), t('services.lead'));
  const services = useServices();
  return (
    <>
      <PageHeader eyebrow={<Rich id="home.freeForWhanau" />} title={t('home.ourServices')} lead={t('services.lead')} />
      <div className="container page-body">
        {services.isPending ? (
          <Spinner />
        ) : services.isError ? (
          <LoadFailedWithPhone className="lead-text" withPhone="services.loadFailed" withoutPhone="services.loadFailedNoPhone" />
        ) : (
          <ServiceGrid services={services.data} headingLevel="h2" />
        )}
      </div>
    </>
  );
}
