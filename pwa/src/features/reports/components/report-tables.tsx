import { reportTables, type Report, type ReportTableName } from '@contract/reports';
import { Button } from '../../../components/button';
import { formatDate, formatNumber } from '../../../i18n/i18n';
import { useLanguage, useT } from '../../../i18n/use-t';
import { measureKeys, rowLabel, tableTitleKeys } from './report-labels';

const dateOf = (date: string) => formatDate(`${date}T12:00:00Z`, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** Every table of a report: each figure of the period beside the same of a year earlier. Counts only. */
export function ReportTables({ report, onCsv, headingLevel = 2 }: { report: Report; onCsv?: (table: ReportTableName) => void; headingLevel?: 2 | 3 }) {
  const t = useT();
  const language = useLanguage();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const thisPeriod = t('reports.range', { from: dateOf(report.from), to: dateOf(report.to) });
  const lastYear = t('reports.lastYear');
  return (
    <div className="report-tables">
      {reportTables.map((name) => {
        const table = report.tables[name];
        const title = t(tableTitleKeys[name]);
        const headingId = `report-${name}`;
        return (
          <section key={name} className="report-table" aria-labelledby={headingId}>
            <div className="report-table__head">
              <Heading id={headingId}>{title}</Heading>
              {onCsv && (
                <Button variant="outline" size="sm" className="report-table__csv" onClick={() => onCsv(name)} aria-label={t('reports.csvOf', { table: title })}>
                  {t('reports.csv')}
                </Button>
              )}
            </div>
            {table.rows.length === 0 ? (
              <p>{t('reports.noOutputs')}</p>
            ) : (
              // Wider than a phone: it scrolls sideways in its own box, which the keyboard can reach too.
              <>
                <p className="report-table__hint" aria-hidden="true">
                  {t('reports.scrollHint')}
                </p>
                <div className="report-table__scroll" tabIndex={0} role="group" aria-labelledby={headingId}>
                  <table>
                    <thead>
                      <tr>
                        <td />
                        {table.measures.map((measure) => (
                          <th key={measure} scope="colgroup" colSpan={2}>
                            {t(measureKeys[measure as keyof typeof measureKeys])}
                          </th>
                        ))}
                      </tr>
                      <tr>
                        <td />
                        {table.measures.map((measure) => [
                          <th key={`${measure}-now`} scope="col" className="report-table__period">
                            <span className="report-table__narrowest">{thisPeriod}</span>
                          </th>,
                          <th key={`${measure}-before`} scope="col" className="report-table__period report-table__before">
                            <span className="report-table__narrowest">{lastYear}</span>
                          </th>,
                        ])}
                      </tr>
                    </thead>
                    <tbody>
                      {table.rows.map((row) => (
                        <tr key={row.key} className={row.key === 'total' ? 'report-table__total' : undefined}>
                          <th scope="row">
                            <span className="report-table__narrowest report-table__narrowest--label">{rowLabel(t, report, name, row.key, language)}</span>
                          </th>
                          {table.measures.map((measure) => [
                            <td key={`${measure}-now`}>{formatNumber(row.values[measure] ?? 0)}</td>,
                            <td key={`${measure}-before`} className="report-table__before">
                              {formatNumber(row.lastYear[measure] ?? 0)}
                            </td>,
                          ])}
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </>
            )}
          </section>
        );
      })}
    </div>
  );
}
