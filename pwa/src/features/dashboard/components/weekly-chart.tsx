import { formatDate, formatNumber } from '../../../i18n/i18n';
import { useT } from '../../../i18n/use-t';
import { bars, niceMax, ticks } from '../chart-geometry';

const width = 600;
const height = 240;
const plot = { left: 36, right: 8, top: 12, bottom: 40 };

/**
 * Enrolments per week for 12 weeks as a hand-drawn SVG bar chart that scales to the screen. The
 * picture is hidden from screen readers; the same numbers follow as a table for them.
 */
export function WeeklyChart({ weekly }: { weekly: readonly { weekStart: string; count: number }[] }) {
  const t = useT();
  const plotWidth = width - plot.left - plot.right;
  const plotHeight = height - plot.top - plot.bottom;
  const top = niceMax(Math.max(0, ...weekly.map((week) => week.count)));
  const drawn = bars(
    weekly.map((week) => ({ value: week.count, label: formatDate(week.weekStart, { day: 'numeric', month: 'short' }) })),
    plotWidth,
    plotHeight,
    top,
  );
  return (
    <figure className="weekly-chart">
      <figcaption id="weekly-chart-caption" className="dashboard-card__title">
        {t('dashboard.weekly.title')}
      </figcaption>
      <svg viewBox={`0 0 ${width} ${height}`} className="weekly-chart__svg" aria-hidden="true" focusable="false">
        <g transform={`translate(${plot.left} ${plot.top})`}>
          {ticks(top).map((value) => {
            const y = plotHeight - (value / top) * plotHeight;
            return (
              <g key={value}>
                <line x1={0} x2={plotWidth} y1={y} y2={y} className="weekly-chart__grid" />
                <text x={-8} y={y} dy="0.35em" textAnchor="end" className="weekly-chart__axis">
                  {formatNumber(value)}
                </text>
              </g>
            );
          })}
          {drawn.map((bar, index) => (
            <g key={weekly[index]?.weekStart ?? index}>
              <rect x={bar.x} y={bar.y} width={bar.width} height={Math.max(bar.height, bar.value > 0 ? 2 : 0)} rx={3} className="weekly-chart__bar" />
              {bar.value > 0 && (
                <text x={bar.x + bar.width / 2} y={bar.y - 4} textAnchor="middle" className="weekly-chart__value">
                  {formatNumber(bar.value)}
                </text>
              )}
              {index % 2 === weekly.length % 2 ? null : (
                <text x={bar.x + bar.width / 2} y={plotHeight + 20} textAnchor="middle" className="weekly-chart__axis">
                  {bar.label}
                </text>
              )}
            </g>
          ))}
        </g>
      </svg>
      <table className="visually-hidden">
        <caption>{t('dashboard.weekly.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('dashboard.weekly.week')}</th>
            <th scope="col">{t('dashboard.weekly.enrolments')}</th>
          </tr>
        </thead>
        <tbody>
          {weekly.map((week) => (
            <tr key={week.weekStart}>
              <th scope="row">{t('dashboard.weekly.weekOf', { date: formatDate(week.weekStart) })}</th>
              <td>{formatNumber(week.count)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
