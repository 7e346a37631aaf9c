import { serviceCatalogue } from '../../../contract/catalogue';
import { reportLimits, type Report, type ReportRow, type ReportTable, type ReportTableName } from '../../../contract/reports';
import { csvText } from '../../lib/csv';

/** A report's two columns of each measure: the period asked for, and the same a year earlier. */
export type PeriodColumn = 'values' | 'lastYear';

const isSmall = (count: number) => count > 0 && count < reportLimits.suppressBelow;

/** The set of services an export covers: one service's key, or every service of the trust. */
export const allServices = '*';

/**
 * A table as every exportable service set has it (decision 116): each service alone, and all of
 * them. Exports of these sets are suppressed together, so that no export, nor any sum or
 * difference of several, gives a hidden count exactly.
 */
export type TableFamily = ReadonlyMap<string, Pick<ReportTable, 'measures' | 'guards' | 'rows'>>;

/** A relation an export's reader knows: the first cell (a total, or all services) is the sum of the others. */
type Line = [margin: Cell, ...parts: Cell[]];
type Cell = [set: string, row: string];

/** What a reader knows of a hidden count from its mark: "<5" is 1 to 4, "S" is 5 or more. */
const rangeOf = (value: number): [number, number] => (isSmall(value) ? [1, reportLimits.suppressBelow - 1] : [reportLimits.suppressBelow, Infinity]);

/**
 * Whether a line gives one of its hidden cells exactly: the hidden cells' signed sum is the line's
 * sum less what is shown, and each hidden cell's mark bounds it ("<5" and "<5" adding up to 2 are
 * both 1). Counts of distinct people are not sums across services; treating them as sums only hides more.
 */
function givesOneAway(line: Line, isHidden: (cell: Cell) => boolean, valueOf: (cell: Cell) => number): boolean {
  const signed = line.map((cell, index) => ({ cell, sign: index === 0 ? 1 : -1, value: valueOf(cell) }));
  const hiddenOnes = signed.filter((one) => isHidden(one.cell));
  const known = -signed.filter((one) => !isHidden(one.cell)).reduce((sum, one) => sum + one.sign * one.value, 0);
  return hiddenOnes.some((target) => {
    // The others' signed sum ranges over [low, high]; the target's signed value is `known` less it.
    let [low, high] = [0, 0];
    for (const other of hiddenOnes) {
      if (other === target) continue;
      const [min, max] = rangeOf(other.value);
      low += other.sign > 0 ? min : -max;
      high += other.sign > 0 ? max : -min;
    }
    const [min, max] = rangeOf(target.value);
    const [from, to] = target.sign > 0 ? [known - high, known - low] : [low - known, high - known];
    const [lowest, highest] = [Math.max(min, from), Math.min(max, to)];
    return Number.isFinite(lowest) && lowest === highest;
  });
}

/**
 * Which cells of each set's table are hidden, as `row:measure` (decision 101, 116). A count from 1
 * to 4 is hidden ("<5"). The counts are linked by lines whose sums are known: a table's rows and
 * its total, and the same row of every service and of all of them. While a line has exactly one
 * hidden cell, or its hidden cells' marks and sum pin one down, the line's smallest other count
 * that is not 0 is hidden too ("S"). A measure guarded by a hidden count (hours by contacts,
 * quantities and dollars by the contacts that delivered them) is hidden with it.
 */
export function exportHiddenCells(family: TableFamily, period: PeriodColumn): Map<string, Set<string>> {
  const hidden = new Map([...family.keys()].map((set) => [set, new Set<string>()]));
  const singles = [...family.keys()].filter((set) => set !== allServices);
  const rowKeys = [...new Set([...family.values()].flatMap((table) => table.rows.map((row) => row.key)))];
  const lines: Line[] = [];
  // The same row of every service and of all of them (with one service, its set is all of them).
  if (singles.length > 1 && family.has(allServices)) {
    for (const row of rowKeys) lines.push([[allServices, row], ...singles.map((set): Cell => [set, row])]);
  }
  for (const [set, table] of family) {
    if (!table.rows.some((row) => row.key === 'total')) continue;
    lines.push([[set, 'total'], ...table.rows.filter((row) => row.key !== 'total').map((row): Cell => [set, row.key])]);
  }
  const cellKey = ([set, row]: Cell) => JSON.stringify([set, row]);
  const first = [...family.values()][0];
  for (const count of new Set(Object.values(first?.guards ?? {}))) {
    const valueOf = ([set, row]: Cell) => family.get(set)?.rows.find((one) => one.key === row)?.[period][count] ?? 0;
    const cells = new Map<string, Cell>();
    const isHidden = (cell: Cell) => cells.has(cellKey(cell));
    for (const set of family.keys()) for (const row of rowKeys) if (isSmall(valueOf([set, row]))) cells.set(cellKey([set, row]), [set, row]);
    for (let changed = true; changed;) {
      changed = false;
      for (const line of lines) {
        const hiddenCount = line.filter(isHidden).length;
        if (hiddenCount === 0 || (hiddenCount > 1 && !givesOneAway(line, isHidden, valueOf))) continue;
        const next = line.filter((cell) => !isHidden(cell) && valueOf(cell) > 0).sort((a, b) => valueOf(a) - valueOf(b))[0];
        if (!next) continue;
        cells.set(cellKey(next), next);
        changed = true;
      }
    }
    for (const [set, row] of cells.values()) hidden.get(set)?.add(`${row}:${count}`);
  }
  for (const [set, table] of family) {
    const cells = hidden.get(set)!;
    for (const row of table.rows) {
      for (const measure of table.measures) {
        const guard = table.guards[measure];
        if (guard && cells.has(`${row.key}:${guard}`)) cells.add(`${row.key}:${measure}`);
      }
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
export function reportTableCsv(report: Report, name: ReportTableName, hidden: Record<PeriodColumn, ReadonlySet<string>>): string {
  const table = report.tables[name];
  const header = [
    name === 'enrolments' ? 'service' : name === 'outputs' ? 'output' : name === 'goals' ? 'area' : name === 'contacts' ? 'kind' : 'who',
    ...table.measures.flatMap((measure) => [`${measure} ${report.from} to ${report.to}`, `${measure} ${report.lastYear.from} to ${report.lastYear.to}`]),
  ];
  const cell = (row: ReportRow, period: PeriodColumn, measure: string) => {
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
