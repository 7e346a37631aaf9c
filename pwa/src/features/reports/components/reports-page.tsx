import { useState } from 'react';
import { serviceCatalogue, serviceTitle } from '@contract/catalogue';
import { useShowErrors } from '../../../components/alerts/use-show-errors';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { TextField } from '../../../components/text-field';
import { formatDate } from '../../../i18n/i18n';
import { useT } from '../../../i18n/use-t';
import { errorMessage } from '../../../lib/error-message';
import { ApiRequestError } from '../../../lib/api-client';
import { downloadReportCardXlsx, downloadReportCsv, useReport, useReportCard, type ReportRequest } from '../api/get-report';
import { lastQuarter, periodKinds, periodOf, shiftPeriod, type Period, type PeriodKind } from '../period';
import { ContactsChart } from './contacts-chart';
import { ReportCardView } from './report-card';
import { ReportTables } from './report-tables';
import './reports.css';

const kindKeys = {
  month: 'reports.period.month',
  quarter: 'reports.period.quarter',
  year: 'reports.period.year',
  custom: 'reports.period.custom',
} as const satisfies Record<PeriodKind, string>;

/**
 * /reports (managers, DESIGN §4d): a period (month, quarter, year or custom New Zealand dates)
 * and services; the tables with a year earlier beside them, a chart of contacts, a CSV of each
 * table and a printable page. It starts on the last whole quarter, what a funder usually asks for.
 */
export function ReportsPage() {
  const t = useT();
  const showErrors = useShowErrors();
  const [kind, setKind] = useState<PeriodKind>('quarter');
  const [period, setPeriod] = useState<Period>(() => lastQuarter());
  const [services, setServices] = useState<string[]>(() => serviceCatalogue.map((service) => service.key));
  const request: ReportRequest = { ...period, services: services.join(','), scope: 'all' };
  const report = useReport(request);
  const card = useReportCard(request);
  const [printingCard, setPrintingCard] = useState(false);
  const noService = services.length === 0;
  // An export leaves the trust: whole periods and one service or all, so two cannot be differenced (decision 116).
  const exportable = kind !== 'custom' && (services.length === 1 || services.length === serviceCatalogue.length);

  function chooseKind(next: PeriodKind) {
    setKind(next);
    if (next !== 'custom') setPeriod(periodOf(next, period.from));
  }

  async function download(file: () => Promise<void>) {
    try {
      await file();
    } catch (error) {
      showErrors(error);
    }
  }

  /** The card alone, on one page: the page's other parts are hidden while the browser prints. */
  function printCard() {
    setPrintingCard(true);
    window.addEventListener('afterprint', () => setPrintingCard(false), { once: true });
    // After React has drawn the class the print styles read.
    requestAnimationFrame(() => window.print());
  }

  const dateOf = (date: string) => formatDate(`${date}T12:00:00Z`, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  return (
    <div className={printingCard ? 'reports reports--print-card' : 'reports'}>
      <form className="reports__controls" noValidate onSubmit={(event) => event.preventDefault()}>
        <fieldset className="reports__kinds">
          <legend>{t('reports.period')}</legend>
          {periodKinds.map((option) => (
            <label key={option} className="reports__kind">
              <input type="radio" name="period" value={option} checked={kind === option} onChange={() => chooseKind(option)} />
              <span>{t(kindKeys[option])}</span>
            </label>
          ))}
        </fieldset>
        {kind === 'custom' ? (
          <div className="reports__dates">
            <TextField
              label={t('reports.from')}
              name="from"
              type="date"
              value={period.from}
              max={period.to}
              onChange={(event) => event.currentTarget.value && setPeriod({ ...period, from: event.currentTarget.value })}
            />
            <TextField
              label={t('reports.to')}
              name="to"
              type="date"
              value={period.to}
              min={period.from}
              onChange={(event) => event.currentTarget.value && setPeriod({ ...period, to: event.currentTarget.value })}
            />
          </div>
        ) : (
          <div className="reports__step">
            <Button variant="outline" size="sm" onClick={() => setPeriod(shiftPeriod(kind, period, -1))}>
              ← {t('reports.earlier')}
            </Button>
            <p className="reports__range" aria-live="polite">
              {t('reports.range', { from: dateOf(period.from), to: dateOf(period.to) })}
            </p>
            <Button variant="outline" size="sm" onClick={() => setPeriod(shiftPeriod(kind, period, 1))}>
              {t('reports.later')} →
            </Button>
          </div>
        )}
        <fieldset className="reports__services">
          <legend>{t('reports.services')}</legend>
          {serviceCatalogue.map((service) => (
            <label key={service.key} className="reports__service">
              <input
                type="checkbox"
                name="services"
                value={service.key}
                checked={services.includes(service.key)}
                onChange={(event) => {
                  const { checked } = event.currentTarget;
                  setServices((current) => serviceCatalogue.map((one) => one.key).filter((key) => (key === service.key ? checked : current.includes(key))));
                }}
              />
              <span>{service.title}</span>
            </label>
          ))}
        </fieldset>
        <Button variant="outline" className="reports__print" onClick={() => window.print()}>
          {t('reports.print')}
        </Button>
      </form>
      {noService ? (
        <p role="alert">{t('reports.noServices')}</p>
      ) : report.isPending ? (
        <Spinner />
      ) : report.isError ? (
        <p role="alert" className="field__error">
          {report.error instanceof ApiRequestError ? report.error.errors.map((item) => errorMessage(item)).join(' ') : t('clients.somethingFailed')}
        </p>
      ) : (
        <>
          <p className="reports__print-only">
            {t('reports.range', { from: dateOf(report.data.from), to: dateOf(report.data.to) })} · {report.data.services.map(serviceTitle).join(', ')}
          </p>
          {card.data && (
            <ReportCardView
              card={card.data}
              hideSmall={false}
              onPrint={printCard}
              onXlsx={exportable ? () => void download(() => downloadReportCardXlsx(request)) : undefined}
            />
          )}
          <ContactsChart report={report.data} />
          {exportable ? null : <p className="reports__no-export">{t('reports.noExport')}</p>}
          <ReportTables report={report.data} onCsv={exportable ? (table) => void download(() => downloadReportCsv(table, request)) : undefined} />
          <p className="reports__made">{t('reports.made', { time: formatDate(report.data.generatedAt, { dateStyle: 'medium', timeStyle: 'short' }) })}</p>
        </>
      )}
    </div>
  );
}
