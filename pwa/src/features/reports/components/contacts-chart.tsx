import type { Report } from '@contract/reports';
import { formatNumber } from '../../../i18n/i18n';
import { useT } from '../../../i18n/use-t';
import { contactKindLabel } from './report-labels';

/**
 * Contacts by kind, this period against a year earlier: two bars a kind, each with its number.
 * Drawn with HTML, not a scaled SVG, so its words stay the page's size on a phone and on a wide
 * screen. The bars' lengths are set through the DOM's style object (allowed by the CSP, unlike
 * style attributes in markup). Hidden from screen readers: the table below has the numbers.
 */
export function ContactsChart({ report }: { report: Report }) {
  const t = useT();
  const rows = report.tables.contacts.rows.filter((row) => row.key !== 'total');
  const largest = Math.max(1, ...rows.flatMap((row) => [row.values.contacts ?? 0, row.lastYear.contacts ?? 0]));
  // The bar's share of its line, leaving room for the number after it.
  const length = (value: number) => ({ width: `calc((100% - 4rem) * ${value / largest})` });
  return (
    <figure className="report-chart">
      <figcaption className="report-chart__caption">{t('reports.chart.title')}</figcaption>
      <p className="report-chart__legend" aria-hidden="true">
        <span className="report-chart__key report-chart__key--now" /> {t('reports.chart.thisPeriod')}
        <span className="report-chart__key report-chart__key--before" /> {t('reports.chart.lastYear')}
      </p>
      <div className="report-chart__rows" aria-hidden="true">
        {rows.map((row) => {
          const now = row.values.contacts ?? 0;
          const before = row.lastYear.contacts ?? 0;
          return (
            <div key={row.key} className="report-chart__row">
              <span className="report-chart__label">{contactKindLabel(t, row.key)}</span>
              <span className="report-chart__bars">
                <span className="report-chart__line">
                  <span className="report-chart__bar report-chart__bar--now" style={length(now)} />
                  <span className="report-chart__value">{formatNumber(now)}</span>
                </span>
                <span className="report-chart__line">
                  <span className="report-chart__bar report-chart__bar--before" style={length(before)} />
                  <span className="report-chart__value report-chart__value--before">{formatNumber(before)}</span>
                </span>
              </span>
            </div>
          );
        })}
      </div>
    </figure>
  );
}
