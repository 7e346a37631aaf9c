import { ComingSoon } from '../components/coming-soon';
import { PageHeader } from '../components/page-header';
import { usePageTitle } from '../lib/use-page-title';
import './pages.css';

/** One client record: arrives with the client-records release. */
export default function ClientRoute() {
  usePageTitle('Client record');
  return (
    <>
      <PageHeader eyebrow="Staff" title="Client record" />
      <div className="container page-body">
        <ComingSoon icon="lock" title="Client record">
          <p>
            A client&apos;s details, enrolments and case notes will show here, with every view and change recorded in the
            audit trail as the Privacy Act requires.
          </p>
        </ComingSoon>
      </div>
    </>
  );
}
