import { describe, expect, it } from 'vitest';
import { isoToNzLocal, nzLocalToIso } from './nz-time';

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
});
