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

/** A row's label in an export, in English: the service's title, the output's name and unit, or the key as the contract names it. */
function labelOf(report: Report, name: ReportTableName, row: ReportRow): string {
  if (row.key === 'total') return 'Total';
  if (name === 'enrolments') return serviceCatalogue.find((service) => service.key === row.key)?.title ?? row.key;
  if (name === 'outputs') {
    const output = report.outputs.find((one) => one._id === row.key);
    return output ? `${output.name}${output.unit ? ` (${output.unit})` : ''}${output.retired ? ' (retired)' : ''}` : row.key;
  }
  if (name === 'served') return row.key === 'whanau' ? 'Whānau' : 'People';
  return row.key;
}

/** One table as CSV: a row per figure's row, each measure of the period beside the same of a year earlier; small counts as "<5". */
export function reportTableCsv(report: Report, name: ReportTableName): string {
  const table = report.tables[name];
  const hidden = { values: hiddenCells(table, 'values'), lastYear: hiddenCells(table, 'lastYear') };
  const header = [
    name === 'enrolments' ? 'service' : name === 'outputs' ? 'output' : name === 'goals' ? 'area' : name === 'contacts' ? 'kind' : 'who',
    ...table.measures.flatMap((measure) => [`${measure} ${report.from} to ${report.to}`, `${measure} ${report.lastYear.from} to ${report.lastYear.to}`]),
  ];
  const cell = (row: ReportRow, period: Period, measure: string) => (hidden[period].has(`${row.key}:${measure}`) ? '<5' : (row[period][measure] ?? 0));
  const rows = table.rows.map((row) => [
    labelOf(report, name, row),
    ...table.measures.flatMap((measure) => [cell(row, 'values', measure), cell(row, 'lastYear', measure)]),
  ]);
  return csvText([header, ...rows]);
}
