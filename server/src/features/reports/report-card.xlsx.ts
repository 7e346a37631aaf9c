import writeXlsxFile, { type Row, type Sheet } from 'write-excel-file/node';
import { serviceCatalogue } from '../../../contract/catalogue';
import { cardWords, outcomeWords, shareSuppressBelow, type CardFigures, type ReportCard } from '../../../contract/report-card';
import { reportLimits, type ReportRow } from '../../../contract/reports';
import { exportHiddenCells, suppressionNotes, type PeriodColumn, type TableFamily } from './reports.csv';

/** The card's counts an export may hide, and the figures each count guards (decision 123). */
const countMeasures = [
  'whanau',
  'people',
  'contacts',
  'received',
  'contactedInTime',
  'contacted',
  'followUpsDue',
  'followUpsOnTime',
  'whanauStarted',
  'whanauWithPlan',
  'whanauRated',
  'whanauRose',
  'goalsDue',
  'goalsAchieved',
] as const satisfies readonly (keyof CardFigures)[];
type CountMeasure = (typeof countMeasures)[number];

const isSmall = (count: number) => count > 0 && count < reportLimits.suppressBelow;

/** The rows of a card's table of counts, as the CSV's suppression reads them. */
function countRows(card: ReportCard): ReportRow[] {
  const counts = (figures: CardFigures) => Object.fromEntries(countMeasures.map((measure) => [measure, figures[measure]]));
  return card.rows.map((row) => ({ key: row.key, values: counts(row.values), lastYear: counts(row.lastYear) }));
}

/**
 * The cards of every set an export can cover (each service alone, and all) as one family, so the
 * same joint suppression as the CSV files hides each card's small counts and whatever would give
 * one away by difference (decision 116).
 */
export function cardHiddenCells(family: ReadonlyMap<string, ReportCard>, asked: string): Record<PeriodColumn, ReadonlySet<string>> {
  const tables: TableFamily = new Map(
    [...family].map(([set, card]) => [
      set,
      { measures: [...countMeasures], guards: Object.fromEntries(countMeasures.map((measure) => [measure, measure])), rows: countRows(card) },
    ]),
  );
  return { values: exportHiddenCells(tables, 'values').get(asked)!, lastYear: exportHiddenCells(tables, 'lastYear').get(asked)! };
}

type Cell = number | string | null;

/** How one card's figures are written: counts, hours, medians and shares, each with what hides it. */
function writer(hidden: Record<PeriodColumn, ReadonlySet<string>>) {
  const isHidden = (row: string, period: PeriodColumn, measure: CountMeasure) => hidden[period].has(`${row}:${measure}`);
  const count = (figures: CardFigures, row: string, period: PeriodColumn, measure: CountMeasure): Cell => {
    const value = figures[measure];
    if (value === 0 || !isHidden(row, period, measure)) return value;
    return isSmall(value) ? '<5' : 'S';
  };
  const share = (figures: CardFigures, row: string, period: PeriodColumn, part: CountMeasure, whole: CountMeasure): Cell => {
    if (figures[whole] === 0) return null;
    if (figures[whole] < shareSuppressBelow || isHidden(row, period, part) || isHidden(row, period, whole)) return 'S';
    return Math.round((figures[part] / figures[whole]) * 100);
  };
  return {
    count,
    share,
    hours: (figures: CardFigures, row: string, period: PeriodColumn): Cell =>
      figures.contacts > 0 && isHidden(row, period, 'contacts') ? 'S' : Math.round((figures.minutes / 60) * 100) / 100,
    median: (figures: CardFigures, row: string, period: PeriodColumn): Cell =>
      figures.medianWorkingDays === null
        ? null
        : figures.contacted < shareSuppressBelow || isHidden(row, period, 'contacted')
          ? 'S'
          : figures.medianWorkingDays,
  };
}

/** A count on a sheet outside the family's suppression (outcomes, areas, quarters): 1 to 4 is "<5". */
const plainCount = (value: number): Cell => (isSmall(value) ? '<5' : value);
const plainShare = (part: number, whole: number): Cell => (whole === 0 ? null : whole < shareSuppressBelow ? 'S' : Math.round((part / whole) * 100));

/**
 * Counts that add up to a known whole (rose, stayed and fell to the rated whānau): when one is
 * hidden, the smallest other that is not 0 is hidden too ("S"), so the whole less the others never
 * gives it.
 */
function partsOfWhole(parts: number[]): Cell[] {
  const cells: Cell[] = parts.map(plainCount);
  const hiddenCount = () => cells.filter((cell) => typeof cell === 'string').length;
  if (hiddenCount() === 1) {
    const next = parts.map((value, index) => ({ value, index })).filter(({ value, index }) => value > 0 && typeof cells[index] === 'number');
    const smallest = next.sort((a, b) => a.value - b.value)[0];
    if (smallest) cells[smallest.index] = 'S';
  }
  return cells;
}

const bold = (value: string) => ({ value, fontWeight: 'bold' as const });
const header = (...titles: string[]): Row => titles.map(bold);
const serviceName = (key: string) => (key === 'total' ? 'All these services' : (serviceCatalogue.find((service) => service.key === key)?.title ?? key));
const percent = (name: string) => `${name} (%)`;

/**
 * The whole card as one spreadsheet (issue 35): a sheet per table, figures as numbers, hidden ones
 * as "<5" or "S", and a notes sheet saying what each figure counts and what the marks mean.
 */
export async function reportCardXlsx(card: ReportCard, hidden: Record<PeriodColumn, ReadonlySet<string>>): Promise<Buffer> {
  const write = writer(hidden);
  const periods: { column: PeriodColumn; label: string }[] = [
    { column: 'values', label: `${card.from} to ${card.to}` },
    { column: 'lastYear', label: `${card.lastYear.from} to ${card.lastYear.to}` },
  ];
  const total = card.rows.find((row) => row.key === 'total')!;
  const eachRow = (line: (figures: CardFigures, row: string, period: PeriodColumn) => Cell[]): Row[] =>
    card.rows.flatMap((row) => periods.map(({ column, label }) => [serviceName(row.key), label, ...line(row[column], row.key, column)]));

  const headline = (name: string, counts: string, cell: (figures: CardFigures, row: string, period: PeriodColumn) => Cell): Row => [
    name,
    counts,
    ...periods.map(({ column }) => cell(total[column], 'total', column)),
  ];
  const sheets: Sheet<Buffer>[] = [
    {
      sheet: 'Card',
      columns: [{ width: 40 }, { width: 70 }, { width: 26 }, { width: 26 }],
      data: [
        header('Figure', 'What it counts', ...periods.map((period) => period.label)),
        headline(cardWords.whanau.name, cardWords.whanau.counts, (f, r, p) => write.count(f, r, p, 'whanau')),
        headline(cardWords.people.name, cardWords.people.counts, (f, r, p) => write.count(f, r, p, 'people')),
        headline(cardWords.contacts.name, cardWords.contacts.counts, (f, r, p) => write.count(f, r, p, 'contacts')),
        headline(cardWords.hours.name, cardWords.hours.counts, write.hours),
        headline(cardWords.received.name, cardWords.received.counts, (f, r, p) => write.count(f, r, p, 'received')),
        headline(percent(cardWords.contactedInTime.name), cardWords.contactedInTime.counts, (f, r, p) => write.share(f, r, p, 'contactedInTime', 'received')),
        headline(cardWords.medianWorkingDays.name, cardWords.medianWorkingDays.counts, write.median),
        headline(percent(cardWords.followUpsOnTime.name), cardWords.followUpsOnTime.counts, (f, r, p) =>
          write.share(f, r, p, 'followUpsOnTime', 'followUpsDue'),
        ),
        headline(percent(cardWords.whanauWithPlan.name), cardWords.whanauWithPlan.counts, (f, r, p) => write.share(f, r, p, 'whanauWithPlan', 'whanauStarted')),
        headline(percent(cardWords.whanauRose.name), cardWords.whanauRose.counts, (f, r, p) => write.share(f, r, p, 'whanauRose', 'whanauRated')),
        headline(percent(cardWords.goalsAchieved.name), cardWords.goalsAchieved.counts, (f, r, p) => write.share(f, r, p, 'goalsAchieved', 'goalsDue')),
      ],
    },
    {
      sheet: 'How much',
      data: [
        header('Service', 'Period', cardWords.whanau.name, cardWords.people.name, cardWords.contacts.name, cardWords.hours.name),
        ...eachRow((f, r, p) => [write.count(f, r, p, 'whanau'), write.count(f, r, p, 'people'), write.count(f, r, p, 'contacts'), write.hours(f, r, p)]),
      ],
    },
    {
      sheet: 'How well',
      data: [
        header(
          'Service',
          'Period',
          cardWords.received.name,
          'First contact within 5 working days',
          '%',
          cardWords.medianWorkingDays.name,
          'Follow-ups due',
          'Done on time',
          '%',
          'Whānau first seen',
          'With a plan within 30 days',
          '%',
        ),
        ...eachRow((f, r, p) => [
          write.count(f, r, p, 'received'),
          write.count(f, r, p, 'contactedInTime'),
          write.share(f, r, p, 'contactedInTime', 'received'),
          write.median(f, r, p),
          write.count(f, r, p, 'followUpsDue'),
          write.count(f, r, p, 'followUpsOnTime'),
          write.share(f, r, p, 'followUpsOnTime', 'followUpsDue'),
          write.count(f, r, p, 'whanauStarted'),
          write.count(f, r, p, 'whanauWithPlan'),
          write.share(f, r, p, 'whanauWithPlan', 'whanauStarted'),
        ]),
      ],
    },
    {
      sheet: 'Better off',
      data: [
        header('Service', 'Period', 'Whānau rated twice or more', cardWords.whanauRose.name, '%', 'Goals due', cardWords.goalsAchieved.name, '%'),
        ...eachRow((f, r, p) => [
          write.count(f, r, p, 'whanauRated'),
          write.count(f, r, p, 'whanauRose'),
          write.share(f, r, p, 'whanauRose', 'whanauRated'),
          write.count(f, r, p, 'goalsDue'),
          write.count(f, r, p, 'goalsAchieved'),
          write.share(f, r, p, 'goalsAchieved', 'goalsDue'),
        ]),
      ],
    },
    {
      sheet: 'Outcomes',
      columns: [{ width: 42 }],
      data: [
        header('Outcome', 'Rose', 'Stayed', 'Fell'),
        ...card.outcomes.map((change) => [outcomeWords[change.key], ...partsOfWhole([change.rose, change.stayed, change.fell])]),
      ],
    },
    {
      sheet: 'Goals by area',
      data: [
        header('Area', 'Period', 'Goals due', cardWords.goalsAchieved.name, '%'),
        ...card.goalAreas.flatMap((area) =>
          periods.map(({ column, label }) => [
            area.key === 'total' ? 'Total' : area.key[0]!.toUpperCase() + area.key.slice(1),
            label,
            plainCount(area[column].due),
            plainCount(area[column].achieved),
            plainShare(area[column].achieved, area[column].due),
          ]),
        ),
      ],
    },
    {
      sheet: 'Trend',
      data: [
        header(
          'Quarter',
          'From',
          'To',
          cardWords.people.name,
          cardWords.contacts.name,
          percent(cardWords.contactedInTime.name),
          percent(cardWords.followUpsOnTime.name),
          percent(cardWords.whanauWithPlan.name),
          percent(cardWords.whanauRose.name),
          percent(cardWords.goalsAchieved.name),
        ),
        ...card.trend.map(({ label, from, to, values: f }) => [
          label,
          from,
          to,
          plainCount(f.people),
          plainCount(f.contacts),
          plainShare(f.contactedInTime, f.received),
          plainShare(f.followUpsOnTime, f.followUpsDue),
          plainShare(f.whanauWithPlan, f.whanauStarted),
          plainShare(f.whanauRose, f.whanauRated),
          plainShare(f.goalsAchieved, f.goalsDue),
        ]),
      ],
    },
    {
      sheet: 'Notes',
      columns: [{ width: 40 }, { width: 110 }],
      data: [
        header('Report card', `${card.services.map(serviceName).join(', ')}: ${card.from} to ${card.to}, beside ${card.lastYear.from} to ${card.lastYear.to}`),
        ['Made', card.generatedAt],
        [],
        header('Figure', 'What it counts'),
        ...Object.values(cardWords).map((words) => [words.name, words.counts]),
        [],
        header('Marks', ''),
        ['<5', suppressionNotes.small],
        ['S', suppressionNotes.hidden],
        ['S (%)', `A percentage of fewer than ${shareSuppressBelow}, or of a hidden count, is not shown.`],
      ],
    },
  ];
  return await writeXlsxFile(sheets).toBuffer();
}
