import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextDay, nzDayStart, nzToday } from '../../contract/nz-days';

afterEach(() => {
  vi.useRealTimers();
});

describe('New Zealand days (the server and the app date records by them)', () => {
  it('gives today in New Zealand at 7:43 am on 29 November, when it is still the 28th in UTC (a fixed clock)', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-28T18:43:00.000Z'));
    expect(nzToday()).toBe('2026-11-29');
    expect(new Date().toISOString().slice(0, 10)).toBe('2026-11-28');
    // The last minute of the New Zealand day before, and its first.
    vi.setSystemTime(new Date('2026-11-28T10:59:00.000Z'));
    expect(nzToday()).toBe('2026-11-28');
    vi.setSystemTime(new Date('2026-11-28T11:00:00.000Z'));
    expect(nzToday()).toBe('2026-11-29');
  });

  it('reads winter (NZST, +12) and summer (NZDT, +13) offsets', () => {
    expect(nzToday(Date.parse('2026-07-01T11:59:00.000Z'))).toBe('2026-07-01');
    expect(nzToday(Date.parse('2026-07-01T12:00:00.000Z'))).toBe('2026-07-02');
    expect(nzDayStart('2026-07-02').toISOString()).toBe('2026-07-01T12:00:00.000Z');
    expect(nzDayStart('2026-11-29').toISOString()).toBe('2026-11-28T11:00:00.000Z');
  });

  it('starts the days either side of a change of clocks at their own midnight', () => {
    // Daylight time began at 2 am on 27 September 2026 and ends at 3 am on 5 April 2026.
    expect(nzDayStart('2026-09-27').toISOString()).toBe('2026-09-26T12:00:00.000Z');
    expect(nzDayStart('2026-09-28').toISOString()).toBe('2026-09-27T11:00:00.000Z');
    expect(nzDayStart('2026-04-05').toISOString()).toBe('2026-04-04T11:00:00.000Z');
    expect(nzDayStart('2026-04-06').toISOString()).toBe('2026-04-05T12:00:00.000Z');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
  });

  it('gives the same day as the time zone database for every half hour of two years, across each change of clocks', () => {
    const reference = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Auckland', year: 'numeric', month: '2-digit', day: '2-digit' });
    // An instant of each changing day first, so the days' offsets are kept before the minutes either side are asked.
    expect(nzToday(Date.parse('2026-04-04T00:00:00.000Z'))).toBe('2026-04-04');
    expect(nzToday(Date.parse('2026-04-04T10:59:00.000Z'))).toBe('2026-04-04');
    expect(nzToday(Date.parse('2026-04-04T11:00:00.000Z'))).toBe('2026-04-05');
    expect(nzToday(Date.parse('2026-09-26T11:59:00.000Z'))).toBe('2026-09-26');
    expect(nzToday(Date.parse('2026-09-26T12:00:00.000Z'))).toBe('2026-09-27');
    for (let at = Date.parse('2025-01-01T00:15:00.000Z'); at < Date.parse('2027-01-01T00:00:00.000Z'); at += 30 * 60_000) {
      if (nzToday(at) !== reference.format(at))
        expect({ at: new Date(at).toISOString(), day: nzToday(at) }).toEqual({ at: new Date(at).toISOString(), day: reference.format(at) });
    }
  });
});
