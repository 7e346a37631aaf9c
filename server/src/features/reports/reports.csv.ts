import { serviceCatalogue } from '../../../contract/catalogue';
import { reportLimits, type Report, type ReportRow, type ReportTable, type ReportTableName } from '../../../contract/reports';
import { csvText } from '../../lib/csv';

type Period = 'values' | 'lastYear';

const isSmall = (count: number) => count > 0 && count < reportLimits.suppressBelow;

/**
 * Which rows of a table hide which counts (decision 101). A count from 1 to 4 is hidden ("<5").
 * Where a table has a total, one hidden count in a column could be read back as the total less
 * the others, so the next smallest count of that column is hidden too. A measure guarded by a
 * hidden count (hours by contacts, quantities by the contacts that delivered them) is hidden with it.
 */
export function hiddenCells(table: ReportTable, period: Period): Set<string> {
  const hidden = new Set<string>();
  const details = table.rows.filter((row) => row.key !== 'total');
  const hasTotal = details.length !== table.rows.length;
  const counts = [...new Set(Object.values(table.guards))];
  for (const count of counts) {
    const small = table.rows.filter((row) => isSmall(row[period][count] ?? 0));
    for (const row of small) hidden.add(`${row.key}:${count}`);
    const smallDetails = small.filter((row) => row.key !== 'total');
    if (hasTotal && smallDetails.length === 1) {
      const next = details
        .filter((row) => !smallDetails.includes(row) && (row[period][count] ?? 0) > 0)
        .sort((a, b) => (a[period][count] ?? 0) - (b[period][count] ?? 0))[0];
      if (next) hidden.add(`${next.key}:${count}`);
    }
  }
  for (const row of table.rows) {
    for (const measure of table.measures) {
      const guard = table.guards[measure];
      if (guard && hidden.has(`${row.key}:${guard}`)) hidden.add(`${row.key}:${measure}`);
    }
  }
  return hidden;
}

/** The screen's English words for contact kinds and goal areas (pwa `reports.kind.*`, `reports.area.*`). */
const rowWords: Readonly<Record<string, string>> = {
  'home visit': 'Home visit',
  phone: 'Phone',
  office: 'Office',
  marae: 'Marae',
  online: 'Online',
  other: 'Other',
  health: 'Health',
  housing: 'Housing',
  education: 'Education',
  employment: 'Employment',
  kai: 'Kai',
  income: 'Income',
  wellbeing: 'Wellbeing',
  culture: 'Culture',
};

/** What the two marks mean, written under a table that uses them. */
export const suppressionNotes = {
  small: '<5: a count from 1 to 4, not shown so that no one can be picked out.',
  hidden: 'S: not shown, because the count it goes with is from 1 to 4, or because with the total it would give such a count away.',
} as const;

/** A row's label in an export, as the screen shows it in English: the service's title, the kind or area, the output's name and unit. */
function labelOf(report: Report, name: ReportTableName, row: ReportRow): string {
  if (row.key === 'total') return 'Total';
  if (name === 'enrolments') return serviceCatalogue.find((service) => service.key === row.key)?.title ?? row.key;
  if (name === 'outputs') {
    const output = report.outputs.find((one) => one._id === row.key);
    return output ? `${output.name}${output.unit ? ` (${output.unit})` : ''}${output.retired ? ' (retired)' : ''}` : row.key;
  }
  if (name === 'served') return row.key === 'whanau' ? 'Whānau' : 'People';
  return rowWords[row.key] ?? row.key;
}

/**
 * One table as CSV: a row per figure's row, each measure of the period beside the same of a year
 * earlier. A hidden count from 1 to 4 is "<5"; any other hidden figure (hours, quantities and
 * dollars with a small count, a count of 5 or more hidden so a total cannot give a small one away)
 * is "S", never a "<5" that would be false (DESIGN §4d). Zero stays 0. Notes under the table say
 * what the marks mean.
 */
export function reportTableCsv(report: Report, name: ReportTableName): string {
  const table = report.tables[name];
  const hidden = { values: hiddenCells(table, 'values'), lastYear: hiddenCells(table, 'lastYear') };
  const header = [
    name === 'enrolments' ? 'service' : name === 'outputs' ? 'output' : name === 'goals' ? 'area' : name === 'contacts' ? 'kind' : 'who',
    ...table.measures.flatMap((measure) => [`${measure} ${report.from} to ${report.to}`, `${measure} ${report.lastYear.from} to ${report.lastYear.to}`]),
  ];
  const cell = (row: ReportRow, period: Period, measure: string) => {
    const value = row[period][measure] ?? 0;
    if (value === 0 || !hidden[period].has(`${row.key}:${measure}`)) return value;
    const isCount = table.guards[measure] === measure;
    return isCount && isSmall(value) ? '<5' : 'S';
  };
  const rows = table.rows.map((row) => [
    labelOf(report, name, row),
    ...table.measures.flatMap((measure) => [cell(row, 'values', measure), cell(row, 'lastYear', measure)]),
  ]);
  const marks = new Set(rows.flat());
  const notes = [...(marks.has('<5') ? [[suppressionNotes.small]] : []), ...(marks.has('S') ? [[suppressionNotes.hidden]] : [])];
  return csvText([header, ...rows, ...(notes.length > 0 ? [[], ...notes] : [])]);
}
