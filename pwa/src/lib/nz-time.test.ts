import { afterEach, describe, expect, it, vi } from 'vitest';
import { isoToNzLocal, nzDateOf, nzLocalToIso, nzToday } from './nz-time';

afterEach(() => {
  vi.useRealTimers();
});

describe('New Zealand time', () => {
  it('reads a typed time with the offset of that day, summer and winter', () => {
    expect(nzLocalToIso('2026-12-01T09:00')).toBe('2026-12-01T09:00:00+13:00');
    expect(nzLocalToIso('2026-07-01T09:00')).toBe('2026-07-01T09:00:00+12:00');
    expect(nzLocalToIso('1 December')).toBeUndefined();
  });

  it('shows an instant as New Zealand wall time', () => {
    expect(isoToNzLocal('2026-11-30T20:00:00.000Z')).toBe('2026-12-01T09:00');
    expect(isoToNzLocal('2026-06-30T21:00:00.000Z')).toBe('2026-07-01T09:00');
  });

  it('gives the New Zealand date of an instant, and today at 7 am in New Zealand (still yesterday in UTC)', () => {
    expect(nzDateOf('2026-11-28T18:43:00.000Z')).toBe('2026-11-29');
    expect(nzDateOf('2026-07-01T11:59:00.000Z')).toBe('2026-07-01');
    expect(nzDateOf('2026-07-01T12:00:00.000Z')).toBe('2026-07-02');
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-28T18:00:00.000Z'));
    expect(nzToday()).toBe('2026-11-29');
  });
});
