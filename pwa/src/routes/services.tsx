import { PageHeader } from '../components/page-header';
import { Spinner } from '../components/spinner';
import { site } from '../content/site';
import { useServices } from '../features/services/api/get-services';
import { ServiceGrid } from '../features/services/components/service-grid';
import { usePageTitle } from '../lib/use-page-title';
import './pages.css';

/** All six free services as cards. */
export default function ServicesRoute() {
  usePageTitle('Services');
  const services = useServices();
  return (
    <>
      <PageHeader
        eyebrow="Free for whānau"
        title="Our services"
        lead="Every service is free. Read about each one, and enrol online where enrolments are open."
      />
      <div className="container page-body">
        {services.isPending ? (
          <Spinner />
        ) : services.isError ? (
          <p className="lead-text">
            Our services could not be loaded just now. Please try again soon, or phone us on {site.contact.phone}.
          </p>
        ) : (
          <ServiceGrid services={services.data} headingLevel="h2" />
        )}
      </div>
    </>
  );
}
