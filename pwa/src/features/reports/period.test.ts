import { describe, expect, it } from 'vitest';
import { lastQuarter, periodOf, shiftPeriod } from './period';

describe('report periods (New Zealand dates, both ends inclusive)', () => {
  it('gives the whole month, quarter or year of a date', () => {
    expect(periodOf('month', '2028-02-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(periodOf('quarter', '2026-05-31')).toEqual({ from: '2026-04-01', to: '2026-06-30' });
    expect(periodOf('quarter', '2026-12-01')).toEqual({ from: '2026-10-01', to: '2026-12-31' });
    expect(periodOf('year', '2026-07-14')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
  });

  it('steps back and forward across years', () => {
    expect(shiftPeriod('quarter', { from: '2026-01-01', to: '2026-03-31' }, -1)).toEqual({ from: '2025-10-01', to: '2025-12-31' });
    expect(shiftPeriod('month', { from: '2026-12-01', to: '2026-12-31' }, 1)).toEqual({ from: '2027-01-01', to: '2027-01-31' });
    expect(lastQuarter('2026-04-01')).toEqual({ from: '2026-01-01', to: '2026-03-31' });
  });
});
