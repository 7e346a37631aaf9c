import { useParams } from 'react-router-dom';
import { LinkButton } from '../components/button';
import { PageHeader } from '../components/page-header';
import { Spinner } from '../components/spinner';
import { site } from '../content/site';
import { findService, useServices } from '../features/services/api/get-services';
import { ServiceDetails } from '../features/services/components/service-details';
import { paths } from '../lib/paths';
import { usePageTitle } from '../lib/use-page-title';
import './pages.css';

/** `/service/{id}`: a service found by its key or by its url name (spec §2). */
export default function ServiceRoute() {
  const { id = '' } = useParams();
  const services = useServices();
  const service = services.data ? findService(services.data, id) : undefined;
  usePageTitle(service?.title ?? (services.isPending ? undefined : 'Service not found'));

  if (services.isPending) return <Spinner />;
  if (services.isError) {
    return (
      <>
        <PageHeader title="Service" />
        <p className="container page-body lead-text">
          This service could not be loaded just now. Please try again soon, or phone us on {site.contact.phone}.
        </p>
      </>
    );
  }
  if (!service) {
    return (
      <>
        <PageHeader title="Service not found" lead="We do not have a service by that name." />
        <div className="container page-body">
          <LinkButton to={paths.services} variant="secondary">
            See all our services
          </LinkButton>
        </div>
      </>
    );
  }
  return <ServiceDetails service={service} />;
}
