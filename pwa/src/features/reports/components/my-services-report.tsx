import { useState } from 'react';
import { nzToday } from '@contract/reports';
import { Spinner } from '../../../components/spinner';
import { formatDate } from '../../../i18n/i18n';
import { useT } from '../../../i18n/use-t';
import { useReport, useReportCard } from '../api/get-report';
import { periodOf } from '../period';
import { ReportCardView } from './report-card';
import { ReportTables } from './report-tables';
import './reports.css';

/**
 * The dashboard's figures of the caller's own services this quarter (`scope=mine`): the same
 * tables as /reports, for a kaimahi; counts only.
 */
export function MyServicesReport({ services }: { services: readonly string[] }) {
  const t = useT();
  const [period] = useState(() => periodOf('quarter', nzToday()));
  const report = useReport({ ...period, services: '', scope: 'mine' });
  const card = useReportCard({ ...period, services: '', scope: 'mine' });
  const dateOf = (date: string) => formatDate(`${date}T12:00:00Z`, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  return (
    <section className="dashboard-card my-services-report" aria-labelledby="my-services-report">
      <h2 id="my-services-report" className="dashboard-card__title">
        {t('reports.mine.title')}
      </h2>
      {services.length === 0 ? (
        <p>{t('reports.mine.none')}</p>
      ) : (
        <>
          <p>{t('reports.mine.lead', { from: dateOf(period.from), to: dateOf(period.to) })}</p>
          {report.data ? (
            <>
              {card.data && <ReportCardView card={card.data} hideSmall headingLevel={3} />}
              <ReportTables report={report.data} headingLevel={3} />
            </>
          ) : report.isError ? (
            <p role="alert">{t('clients.somethingFailed')}</p>
          ) : (
            <Spinner />
          )}
        </>
      )}
    </section>
  );
}
