import '../i18n/pages';
import { useParams } from 'react-router-dom';
import { LinkButton } from '../components/button';
import { PageHeader } from '../components/page-header';
import { Spinner } from '../components/spinner';
import { LoadFailedWithPhone } from '../features/site/components/load-failed-with-phone';
import { findService, useServices } from '../features/services/api/get-services';
import { ServiceDetails } from '../features/services/components/service-details';
import { paths } from '../lib/paths';
import { markNotFound, usePageTitle } from '../lib/use-page-title';
import { useT } from '../i18n/use-t';
import './pages.css';

/** `/service/{id}`: a service found by its key or by its url name (spec §2). */
export default function ServiceRoute() {
  const t = useT();
  const { id = '' } = useParams();
  const services = useServices();
  const service = services.data ? findService(services.data, id) : undefined;
  usePageTitle(service?.title ?? (services.isPending ? undefined : t('service.notFound')), service?.subtitle);

  if (services.isPending) return <Spinner />;
  if (services.isError) {
    return (
      <>
        <PageHeader title={t('services.title')} />
        <LoadFailedWithPhone className="container page-body lead-text" withPhone="service.loadFailed" withoutPhone="service.loadFailedNoPhone" />
      </>
    );
  }
  if (!service) {
    markNotFound(true);
    return (
      <>
        <PageHeader title={t('service.notFound')} lead={t('service.notFoundLead')} />
        <div className="container page-body">
          <LinkButton to={paths.services} variant="secondary">
            {t('service.seeAll')}
          </LinkButton>
        </div>
      </>
    );
  }
  return <ServiceDetails service={service} />;
}
