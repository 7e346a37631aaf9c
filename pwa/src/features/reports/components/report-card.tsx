import { serviceTitle } from '@contract/catalogue';
import { cardShare, whanauOraOutcomes, type CardFigures, type ReportCard } from '@contract/report-card';
import { Button } from '../../../components/button';
import { formatNumber } from '../../../i18n/i18n';
import { useT } from '../../../i18n/use-t';
import { goalAreaLabel } from './report-labels';

type Figure = keyof typeof figureSpecs;

/** No figure (nothing to count a share of), and a hidden share: marks, the same in both languages. */
const noFigure = '–';
const hiddenMark = 'S';
type Shown = { text: string; of?: string; bar: number };

/** How each figure of the card is read from the figures: a count, hours, working days, or a share of another count. */
const figureSpecs = {
  whanau: { count: 'whanau' },
  people: { count: 'people' },
  contacts: { count: 'contacts' },
  hours: { hours: true },
  contactedInTime: { count: 'contactedInTime', of: 'received' },
  medianWorkingDays: { days: true },
  followUpsOnTime: { count: 'followUpsOnTime', of: 'followUpsDue' },
  whanauWithPlan: { count: 'whanauWithPlan', of: 'whanauStarted' },
  whanauRose: { count: 'whanauRose', of: 'whanauRated' },
  goalsAchieved: { count: 'goalsAchieved', of: 'goalsDue' },
} as const satisfies Record<string, { count?: keyof CardFigures; of?: keyof CardFigures; hours?: true; days?: true }>;

const sections = [
  { title: 'card.howMuch', figures: ['whanau', 'people', 'contacts', 'hours'] },
  { title: 'card.howWell', figures: ['contactedInTime', 'medianWorkingDays', 'followUpsOnTime', 'whanauWithPlan'] },
  { title: 'card.betterOff', figures: ['whanauRose', 'goalsAchieved'] },
] as const satisfies readonly { title: string; figures: readonly Figure[] }[];

/** The figures the by-service table shows, one column each. */
const byServiceFigures = [
  'people',
  'contacts',
  'contactedInTime',
  'followUpsOnTime',
  'whanauWithPlan',
  'whanauRose',
  'goalsAchieved',
] as const satisfies readonly Figure[];

/**
 * The report card (issue 35, DESIGN §4d): how much, how well and better off, each figure with a
 * year earlier, the last four quarters drawn, and one line saying what it counts. A kaimahi
 * (`hideSmall`) sees a percentage of fewer than 5 as "S", as an export shows it.
 */
export function ReportCardView({
  card,
  hideSmall,
  headingLevel = 2,
  onXlsx,
  onPrint,
}: {
  card: ReportCard;
  hideSmall: boolean;
  headingLevel?: 2 | 3;
  onXlsx?: () => void;
  onPrint?: () => void;
}) {
  const t = useT();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const Subheading = headingLevel === 2 ? 'h3' : 'h4';
  const total = card.rows.find((row) => row.key === 'total');
  if (!total) return null;

  function show(figure: Figure, figures: CardFigures): Shown {
    const spec: { count?: keyof CardFigures; of?: keyof CardFigures; hours?: true; days?: true } = figureSpecs[figure];
    if (spec.hours) return { text: formatNumber(Math.round(figures.minutes / 6) / 10), bar: figures.minutes / 60 };
    if (spec.days) {
      const days = figures.medianWorkingDays;
      if (days === null) return { text: noFigure, bar: 0 };
      if (hideSmall && figures.contacted < 5) return { text: hiddenMark, bar: 0 };
      return { text: t('card.days', { days: formatNumber(days) }), bar: days };
    }
    const count = Number(figures[spec.count!] ?? 0);
    if (!spec.of) return { text: formatNumber(count), bar: count };
    const of = Number(figures[spec.of] ?? 0);
    const share = cardShare(count, of, hideSmall);
    if (share === null) return { text: noFigure, bar: 0 };
    if (share === 'S') return { text: hiddenMark, bar: 0 };
    return { text: `${formatNumber(share)}%`, of: t('card.of', { count: formatNumber(count), of: formatNumber(of) }), bar: share };
  }

  const rated = total.values.whanauRated;
  // The areas with goals due, then the total (only the total: nothing to break down).
  const areas = card.goalAreas.filter((area) => area.key === 'total' || area.values.due > 0);
  return (
    <section className="report-card" aria-labelledby="report-card-title">
      <div className="report-table__head">
        <Heading id="report-card-title">{t('card.title')}</Heading>
        <span className="report-card__actions">
          {onPrint && (
            <Button variant="outline" size="sm" onClick={onPrint}>
              {t('reports.print')}
            </Button>
          )}
          {onXlsx && (
            <Button variant="outline" size="sm" onClick={onXlsx}>
              {t('card.xlsx')}
            </Button>
          )}
        </span>
      </div>
      <p className="report-card__lead">{t('card.lead')}</p>
      {sections.map((section) => (
        <section key={section.title} className="report-card__section" aria-label={t(section.title)}>
          <Subheading className="report-card__question">{t(section.title)}</Subheading>
          <ul className="report-card__figures">
            {section.figures.map((figure) => {
              const now = show(figure, total.values);
              const before = show(figure, total.lastYear);
              const trend = card.trend.map((quarter) => ({ label: quarter.label, ...show(figure, quarter.values) }));
              const largest = Math.max(1, ...trend.map((quarter) => quarter.bar));
              return (
                <li key={figure} className="card-figure">
                  <p className="card-figure__name">{t(`card.name.${figure}`)}</p>
                  <p className="card-figure__value">
                    {now.text}
                    {now.of && <span className="card-figure__of"> · {now.of}</span>}
                  </p>
                  <p className="card-figure__before">{t('card.lastYear', { value: before.text })}</p>
                  <figure className="card-trend" aria-label={t('card.trendOf', { name: t(`card.name.${figure}`) })}>
                    {trend.map((quarter) => (
                      <span key={quarter.label} className="card-trend__quarter">
                        <span className="card-trend__track" aria-hidden="true">
                          <span className="card-trend__bar" style={{ height: `${(quarter.bar / largest) * 100}%` }} />
                        </span>
                        <span className="card-trend__value">{quarter.text}</span>
                        <span className="card-trend__label">{quarter.label}</span>
                      </span>
                    ))}
                  </figure>
                  <p className="card-figure__counts">{t(`card.counts.${figure}`)}</p>
                </li>
              );
            })}
          </ul>
          {section.title === 'card.betterOff' && areas.length > 1 && (
            <div className="report-table">
              <div className="report-table__scroll" tabIndex={0} role="group" aria-label={t('card.goalAreas')}>
                <table>
                  <caption className="report-card__caption">{t('card.goalAreas')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('card.area')}</th>
                      <th scope="col">{t('card.due')}</th>
                      <th scope="col">{t('card.achieved')}</th>
                      <th scope="col">%</th>
                    </tr>
                  </thead>
                  <tbody>
                    {areas.map((area) => {
                      const share = cardShare(area.values.achieved, area.values.due, hideSmall);
                      return (
                        <tr key={area.key} className={area.key === 'total' ? 'report-table__total' : undefined}>
                          <th scope="row">{goalAreaLabel(t, area.key)}</th>
                          <td>{formatNumber(area.values.due)}</td>
                          <td>{formatNumber(area.values.achieved)}</td>
                          <td>{share === null ? noFigure : share === 'S' ? hiddenMark : `${formatNumber(share)}%`}</td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
            </div>
          )}
          {section.title === 'card.betterOff' &&
            (rated === 0 ? (
              <p className="report-card__note">{t('card.noRatings')}</p>
            ) : (
              <div className="report-table">
                <div className="report-table__scroll" tabIndex={0} role="group" aria-label={t('card.outcomes')}>
                  <table>
                    <caption className="report-card__caption">{t('card.outcomes')}</caption>
                    <thead>
                      <tr>
                        <th scope="col">{t('card.outcome')}</th>
                        <th scope="col">{t('card.rose')}</th>
                        <th scope="col">{t('card.stayed')}</th>
                        <th scope="col">{t('card.fell')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {whanauOraOutcomes.map((key) => {
                        const change = card.outcomes.find((one) => one.key === key);
                        return (
                          <tr key={key}>
                            <th scope="row">{t(`card.outcome.${key}`)}</th>
                            <td>{formatNumber(change?.rose ?? 0)}</td>
                            <td>{formatNumber(change?.stayed ?? 0)}</td>
                            <td>{formatNumber(change?.fell ?? 0)}</td>
                          </tr>
                        );
                      })}
                    </tbody>
                  </table>
                </div>
              </div>
            ))}
        </section>
      ))}
      {card.services.length > 1 && (
        <section className="report-table report-card__section" aria-labelledby="report-card-by-service">
          <Subheading id="report-card-by-service" className="report-card__question">
            {t('card.byService')}
          </Subheading>
          <div className="report-table__scroll" tabIndex={0} role="group" aria-labelledby="report-card-by-service">
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('card.service')}</th>
                  {byServiceFigures.map((figure) => (
                    <th key={figure} scope="col">
                      <span className="report-table__narrowest">{t(`card.name.${figure}`)}</span>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {card.rows.map((row) => (
                  <tr key={row.key} className={row.key === 'total' ? 'report-table__total' : undefined}>
                    <th scope="row">
                      <span className="report-table__narrowest report-table__narrowest--label">
                        {row.key === 'total' ? t('reports.row.total') : serviceTitle(row.key)}
                      </span>
                    </th>
                    {byServiceFigures.map((figure) => (
                      <td key={figure}>{show(figure, row.values).text}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
      {hideSmall && <p className="report-card__note">{t('card.hiddenNote')}</p>}
    </section>
  );
}
