import { nzToday } from '@contract/reports';

/** The kinds of period a report covers (DESIGN §4d). */
export const periodKinds = ['month', 'quarter', 'year', 'custom'] as const;
export type PeriodKind = (typeof periodKinds)[number];
export type Period = { from: string; to: string };

const pad = (value: number) => String(value).padStart(2, '0');
const lastDayOf = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * The whole month, quarter (Jan–Mar, Apr–Jun…) or year that holds `date` (a New Zealand date,
 * YYYY-MM-DD), both ends inclusive.
 */
export function periodOf(kind: Exclude<PeriodKind, 'custom'>, date: string): Period {
  const [year, month] = date.split('-').map(Number) as [number, number];
  const [first, last] = kind === 'month' ? [month, month] : kind === 'quarter' ? [month - ((month - 1) % 3), month - ((month - 1) % 3) + 2] : [1, 12];
  return { from: `${year}-${pad(first)}-01`, to: `${year}-${pad(last)}-${pad(lastDayOf(year, last))}` };
}

/** The period before or after one of the same kind. */
export function shiftPeriod(kind: Exclude<PeriodKind, 'custom'>, period: Period, step: -1 | 1): Period {
  const [year, month] = period.from.split('-').map(Number) as [number, number];
  const months = kind === 'month' ? 1 : kind === 'quarter' ? 3 : 12;
  const moved = new Date(Date.UTC(year, month - 1 + step * months, 1));
  return periodOf(kind, moved.toISOString().slice(0, 10));
}

/** The last whole quarter before today in New Zealand: what a funder's report usually covers. */
export function lastQuarter(today: string = nzToday()): Period {
  return shiftPeriod('quarter', periodOf('quarter', today), -1);
}
