/**
 * Which day a follow-up falls on, in New Zealand days (decision 083): a follow-up's `dueOn` is a
 * calendar date, and "today" is the date in Pacific/Auckland now, whatever the device's own zone.
 * Groups: overdue (before today), today, this week (the next six days) and later.
 */
import type { TaskRecord } from '@contract/whanau';
import { nzTimeZone } from '../../lib/nz-time';

export type DueGroup = 'overdue' | 'today' | 'week' | 'later';
export const dueGroups: readonly DueGroup[] = ['overdue', 'today', 'week', 'later'];

const nzDate = new Intl.DateTimeFormat('en-CA', { timeZone: nzTimeZone, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The New Zealand calendar date at `at`, YYYY-MM-DD. */
export function nzToday(at: number | Date = Date.now()): string {
  return nzDate.format(at);
}

/** `date` plus `days` calendar days (YYYY-MM-DD, no time zone involved). */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, day! + days)).toISOString().slice(0, 10);
}

export function dueGroupOf(dueOn: string, today: string): DueGroup {
  if (dueOn < today) return 'overdue';
  if (dueOn === today) return 'today';
  return dueOn <= addDays(today, 6) ? 'week' : 'later';
}

export type GroupedFollowUps<T> = Record<DueGroup, T[]>;

/** Open follow-ups by group, each group soonest due first (then oldest made first). */
export function groupFollowUps<T extends Pick<TaskRecord, 'dueOn' | 'createdAt' | 'doneAt'>>(tasks: Iterable<T>, today: string): GroupedFollowUps<T> {
  const groups: GroupedFollowUps<T> = { overdue: [], today: [], week: [], later: [] };
  for (const task of tasks) if (!task.doneAt) groups[dueGroupOf(task.dueOn, today)].push(task);
  for (const group of dueGroups)
    groups[group].sort((a, b) => (a.dueOn < b.dueOn ? -1 : a.dueOn > b.dueOn ? 1 : a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
  return groups;
}

/** What the side menu counts: open follow-ups overdue or due today. */
export function dueNowCount(tasks: Iterable<Pick<TaskRecord, 'dueOn' | 'doneAt'>>, today: string): number {
  let count = 0;
  for (const task of tasks) if (!task.doneAt && task.dueOn <= today) count += 1;
  return count;
}
