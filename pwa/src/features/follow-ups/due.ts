/**
 * Which day a follow-up falls on, in New Zealand days (decision 083): a follow-up's `dueOn` is a
 * calendar date, and "today" is the date in Pacific/Auckland now, whatever the device's own zone.
 * Groups: overdue (before today), today, this week (the next six days) and later.
 */
import type { TaskRecord } from '@contract/whanau';
import { nzToday } from '../../lib/nz-time';

export { nzToday };

export type DueGroup = 'overdue' | 'today' | 'week' | 'later';
export const dueGroups: readonly DueGroup[] = ['overdue', 'today', 'week', 'later'];

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

/** A due date of the device's copy as its index counts it (decision 105), opened or not. */
export type DueDay = { dueOn: string; open: number; isOpened: boolean };

/** How many follow-ups shown at first in each group; "Show all" lifts it. */
export const firstShown = 50;

/**
 * The dates a screen opens to show the first `limits[group]` open follow-ups of each group, soonest
 * first: each group's dates in order until they hold that many.
 */
export function daysToOpen(days: readonly Pick<DueDay, 'dueOn' | 'open'>[], today: string, limits: Record<DueGroup, number>): string[] {
  const held: Record<DueGroup, number> = { overdue: 0, today: 0, week: 0, later: 0 };
  const wanted: string[] = [];
  for (const day of [...days].sort((a, b) => (a.dueOn < b.dueOn ? -1 : 1))) {
    const group = dueGroupOf(day.dueOn, today);
    if (held[group] >= limits[group]) continue;
    held[group] += day.open;
    wanted.push(day.dueOn);
  }
  return wanted;
}

/** The open follow-ups of each group on dates not opened yet (what the index counts, unread). */
export function unopenedCounts(days: readonly DueDay[], today: string): Record<DueGroup, number> {
  const counts: Record<DueGroup, number> = { overdue: 0, today: 0, week: 0, later: 0 };
  for (const day of days) if (!day.isOpened) counts[dueGroupOf(day.dueOn, today)] += day.open;
  return counts;
}
