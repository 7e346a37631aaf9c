import { describe, expect, it } from 'vitest';
import { addDays, daysToOpen, dueGroupOf, dueNowCount, groupFollowUps, nzToday, unopenedCounts } from './due';

const task = (dueOn: string, doneAt: string | null = null, createdAt = '2026-11-01T00:00:00.000Z') => ({ dueOn, doneAt, createdAt });

describe('follow-ups by New Zealand day', () => {
  it('takes today as the date in Auckland, not in UTC or on the device', () => {
    // 11:30 UTC on 2 Dec is 00:30 on 3 Dec in New Zealand (NZDT, +13).
    expect(nzToday(Date.parse('2026-12-02T11:30:00Z'))).toBe('2026-12-03');
    // 11:30 UTC on 2 June is 23:30 on 2 June (NZST, +12).
    expect(nzToday(Date.parse('2026-06-02T11:30:00Z'))).toBe('2026-06-02');
  });

  it('adds calendar days across months and years', () => {
    expect(addDays('2026-12-29', 6)).toBe('2027-01-04');
    expect(addDays('2028-02-27', 2)).toBe('2028-02-29');
  });

  it('puts a date before today as overdue, today as today, the next six days as this week, then later', () => {
    expect(dueGroupOf('2026-12-02', '2026-12-03')).toBe('overdue');
    expect(dueGroupOf('2026-12-03', '2026-12-03')).toBe('today');
    expect(dueGroupOf('2026-12-04', '2026-12-03')).toBe('week');
    expect(dueGroupOf('2026-12-09', '2026-12-03')).toBe('week');
    expect(dueGroupOf('2026-12-10', '2026-12-03')).toBe('later');
  });

  it('groups open follow-ups soonest first and leaves done ones out; counts overdue and today', () => {
    const tasks = [task('2026-12-05'), task('2026-12-01'), task('2026-11-20'), task('2026-12-03'), task('2026-12-02', '2026-12-02T01:00:00.000Z')];
    const groups = groupFollowUps(tasks, '2026-12-03');
    expect(groups.overdue.map((one) => one.dueOn)).toEqual(['2026-11-20', '2026-12-01']);
    expect(groups.today.map((one) => one.dueOn)).toEqual(['2026-12-03']);
    expect(groups.week.map((one) => one.dueOn)).toEqual(['2026-12-05']);
    expect(groups.later).toEqual([]);
    expect(dueNowCount(tasks, '2026-12-03')).toBe(3);
  });

  it('opens each group’s dates soonest first until they hold enough to show, and counts the dates left unopened', () => {
    const days = [
      { dueOn: '2026-12-01', open: 30, isOpened: false },
      { dueOn: '2026-11-30', open: 30, isOpened: false },
      { dueOn: '2026-12-02', open: 5, isOpened: false },
      { dueOn: '2026-12-03', open: 2, isOpened: false },
      { dueOn: '2026-12-05', open: 60, isOpened: false },
      { dueOn: '2026-12-06', open: 1, isOpened: false },
      { dueOn: '2027-01-20', open: 0, isOpened: false },
      { dueOn: '2027-02-20', open: 4, isOpened: false },
    ];
    const limits = { overdue: 50, today: 50, week: 50, later: 50 };
    expect(daysToOpen(days, '2026-12-03', limits)).toEqual(['2026-11-30', '2026-12-01', '2026-12-03', '2026-12-05', '2027-01-20', '2027-02-20']);
    expect(daysToOpen(days, '2026-12-03', { ...limits, overdue: Infinity, week: 1 })).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-05',
      '2027-01-20',
      '2027-02-20',
    ]);
    const opened = days.map((day) => ({ ...day, isOpened: day.dueOn <= '2026-12-01' }));
    expect(unopenedCounts(opened, '2026-12-03')).toEqual({ overdue: 5, today: 2, week: 61, later: 4 });
  });
});
