import { Link } from 'react-router-dom';
import { enrolmentStatuses } from '@contract/enrolments';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { formatNumber } from '../../../i18n/i18n';
import { useT } from '../../../i18n/use-t';
import { ApiRequestError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { staffPaths } from '../../../lib/staff-paths';
import { useDashboard } from '../api/get-dashboard';
import type { DashboardData } from '../api/types';
import { WeeklyChart } from './weekly-chart';
import './dashboard.css';

const statusKey = {
  new: 'dashboard.status.new',
  contacted: 'dashboard.status.contacted',
  enrolled: 'dashboard.status.enrolled',
  completed: 'dashboard.status.completed',
  declined: 'dashboard.status.declined',
} as const;

/** The dashboard's numbers for what the caller may see. */
export function DashboardView() {
  const t = useT();
  const dashboard = useDashboard();
  if (dashboard.isPending) return <Spinner />;
  if (dashboard.isError) {
    const reason = dashboard.error instanceof ApiRequestError ? dashboard.error.errors.map((item) => item.msg).join(' ') : t('clients.somethingFailed');
    return (
      <div className="clients-problem" role="alert">
        <p>{t('clients.loadFailed', { reason })}</p>
        <Button variant="outline" size="sm" onClick={() => void dashboard.refetch()}>
          {t('clients.tryAgain')}
        </Button>
      </div>
    );
  }
  const data = dashboard.data;
  return (
    <div className="dashboard">
      <ul className="dashboard-stats" aria-label={t('dashboard.summary')}>
        <Stat
          value={data.newEnrolments}
          label={t('dashboard.newEnrolments', { count: data.newEnrolments })}
          to={paths.clients}
          link={t('dashboard.openInbox')}
          testId="new-enrolments"
        />
        <Stat value={data.receivedLast7Days} label={t('dashboard.newThisWeek', { count: data.receivedLast7Days })} testId="received-this-week" />
        <Stat
          value={data.clients}
          label={t('dashboard.clients', { count: data.clients })}
          to={`${paths.clients}?tab=clients`}
          link={t('dashboard.openClients')}
          testId="clients"
        />
        <Stat value={data.notesLast7Days} label={t('dashboard.notesThisWeek', { count: data.notesLast7Days })} testId="notes-this-week" />
        {data.privacyRequests && (
          <Stat
            value={data.privacyRequests.overdue}
            label={t('dashboard.privacyOverdue', { count: data.privacyRequests.overdue, open: formatNumber(data.privacyRequests.open) })}
            to={privacyRequestsList}
            link={t('dashboard.openPrivacyRequests')}
            testId="privacy-overdue"
            alert={data.privacyRequests.overdue > 0}
          />
        )}
      </ul>
      <section className="dashboard-card">
        <WeeklyChart weekly={data.weekly} />
      </section>
      <ByServiceTable data={data} />
    </div>
  );
}

/** Managers' Privacy Act requests: the section of /manage/privacy that lists them (issue 34). */
const privacyRequestsList = `${staffPaths.managePrivacy}#privacy-requests`;

function Stat({
  value,
  label,
  to,
  link,
  testId,
  alert = false,
}: {
  value: number;
  label: string;
  to?: string;
  link?: string;
  testId: string;
  alert?: boolean;
}) {
  return (
    <li className={alert ? 'dashboard-stat dashboard-stat--alert' : 'dashboard-stat'} data-testid={testId}>
      <span className="dashboard-stat__value">{formatNumber(value)}</span>
      <span className="dashboard-stat__label">{label}</span>
      {to && link && (
        <Link to={to} className="dashboard-stat__link">
          {link}
        </Link>
      )}
    </li>
  );
}

function ByServiceTable({ data }: { data: DashboardData }) {
  const t = useT();
  const rows = data.byService;
  return (
    <div className="dashboard-card">
      <h2 id="by-service-heading" className="dashboard-card__title">
        {t('dashboard.byService.title')}
      </h2>
      {rows.length === 0 ? (
        <p className="clients-empty">{t('dashboard.byService.none')}</p>
      ) : (
        <div className="dashboard-table-wrap" tabIndex={0} role="region" aria-labelledby="by-service-heading">
          <table className="dashboard-table">
            <thead>
              <tr>
                <th scope="col">{t('dashboard.byService.service')}</th>
                {enrolmentStatuses.map((status) => (
                  <th scope="col" key={status}>
                    {t(statusKey[status])}
                  </th>
                ))}
                <th scope="col">{t('dashboard.byService.total')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((service) => (
                <tr key={service.serviceKey}>
                  <th scope="row">{service.serviceTitle}</th>
                  {enrolmentStatuses.map((status) => (
                    <td key={status} className={service.byStatus[status] === 0 ? 'dashboard-table__zero' : undefined}>
                      {formatNumber(service.byStatus[status])}
                    </td>
                  ))}
                  <td>{formatNumber(service.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
