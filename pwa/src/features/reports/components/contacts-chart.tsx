import type { Report } from '@contract/reports';
import { formatNumber } from '../../../i18n/i18n';
import { useT } from '../../../i18n/use-t';
import { niceMax, ticks } from '../../../lib/chart-geometry';
import { contactKindLabel } from './report-labels';

const width = 600;
const rowHeight = 34;
const plot = { left: 130, right: 48, top: 28, bottom: 8 };

/**
 * Contacts by kind, this period against a year earlier, as two bars a kind (hand-drawn SVG, as
 * the dashboard's chart). The picture is hidden from screen readers: the table above has the numbers.
 */
export function ContactsChart({ report }: { report: Report }) {
  const t = useT();
  const rows = report.tables.contacts.rows.filter((row) => row.key !== 'total');
  const top = niceMax(Math.max(0, ...rows.flatMap((row) => [row.values.contacts ?? 0, row.lastYear.contacts ?? 0])));
  const plotWidth = width - plot.left - plot.right;
  const height = plot.top + rows.length * rowHeight + plot.bottom;
  const x = (value: number) => (top === 0 ? 0 : (value / top) * plotWidth);
  return (
    <figure className="report-chart">
      <figcaption className="report-chart__caption">{t('reports.chart.title')}</figcaption>
      <p className="report-chart__legend" aria-hidden="true">
        <span className="report-chart__key report-chart__key--now" /> {t('reports.chart.thisPeriod')}
        <span className="report-chart__key report-chart__key--before" /> {t('reports.chart.lastYear')}
      </p>
      <svg viewBox={`0 0 ${width} ${height}`} className="report-chart__svg" aria-hidden="true" focusable="false">
        <g transform={`translate(${plot.left} ${plot.top})`}>
          {ticks(top).map((value) => (
            <g key={value}>
              <line x1={x(value)} x2={x(value)} y1={-6} y2={rows.length * rowHeight} className="report-chart__grid" />
              <text x={x(value)} y={-10} textAnchor="middle" className="report-chart__axis">
                {formatNumber(value)}
              </text>
            </g>
          ))}
          {rows.map((row, index) => {
            const y = index * rowHeight;
            const now = row.values.contacts ?? 0;
            const before = row.lastYear.contacts ?? 0;
            return (
              <g key={row.key}>
                <text x={-10} y={y + rowHeight / 2} dy="0.35em" textAnchor="end" className="report-chart__label">
                  {contactKindLabel(t, row.key)}
                </text>
                <rect x={0} y={y + 5} width={Math.max(x(now), now > 0 ? 2 : 0)} height={12} rx={2} className="report-chart__bar report-chart__bar--now" />
                <rect
                  x={0}
                  y={y + 18}
                  width={Math.max(x(before), before > 0 ? 2 : 0)}
                  height={10}
                  rx={2}
                  className="report-chart__bar report-chart__bar--before"
                />
                <text x={x(now) + 6} y={y + 11} dy="0.35em" className="report-chart__value">
                  {formatNumber(now)}
                </text>
              </g>
            );
          })}
        </g>
      </svg>
    </figure>
  );
}
