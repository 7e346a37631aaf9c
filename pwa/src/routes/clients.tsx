import { ComingSoon } from '../components/coming-soon';
import { PageHeader } from '../components/page-header';
import { usePageTitle } from '../lib/use-page-title';
import './pages.css';

/** Client records: arrives with the client-records release. */
export default function ClientsRoute() {
  usePageTitle('Clients');
  return (
    <>
      <PageHeader eyebrow="Staff" title="Clients" />
      <div className="container page-body">
        <ComingSoon icon="people" title="Client records">
          <p>
            Search, create and update client records and case notes here — also out in the field with no signal. Changes
            made offline are kept safely on this device and sent when you are back online.
          </p>
        </ComingSoon>
      </div>
    </>
  );
}
