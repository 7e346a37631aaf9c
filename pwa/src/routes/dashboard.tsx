import { ComingSoon } from '../components/coming-soon';
import { PageHeader } from '../components/page-header';
import { useAuth } from '../features/auth/auth-context';
import { usePageTitle } from '../lib/use-page-title';
import './pages.css';

/** The staff dashboard: arrives with the client-records release. */
export default function DashboardRoute() {
  usePageTitle('Dashboard');
  const { user } = useAuth();
  return (
    <>
      <PageHeader
        eyebrow="Staff"
        title="Dashboard"
        lead={user ? <>Kia ora, {user.name}.</> : undefined}
      />
      <div className="container page-body">
        <ComingSoon icon="calendar" title="Your dashboard">
          <p>New enrolments, clients by service and the month&apos;s activity will be summarised here.</p>
        </ComingSoon>
      </div>
    </>
  );
}
