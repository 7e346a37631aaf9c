import { describe, expect, it } from 'vitest';
import { formatMaoriDate } from './maori-calendar';

describe('dates in te reo Māori', () => {
  const sunday = new Date('2026-11-28T20:00:00Z'); // Sunday 29 November 2026, 9 am in New Zealand

  it('names the day and the month in te reo, keeping the numbers and the time', () => {
    const full = formatMaoriDate(sunday, { dateStyle: 'full', timeZone: 'Pacific/Auckland' });
    expect(full).toContain('Rātapu');
    expect(full).toContain('29 Whiringa-ā-rangi 2026');
    expect(full).not.toMatch(/Sunday|November/);
    expect(formatMaoriDate(sunday, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Pacific/Auckland' })).toMatch(/^29 Whiringa-ā-rangi 2026, 9:00/);
    expect(formatMaoriDate(new Date('2026-07-01T00:00:00Z'), { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'Pacific/Auckland' })).toBe(
      'Rāapa, 1 Hōngongoi',
    );
  });

  it('leaves a date of numbers alone', () => {
    expect(formatMaoriDate(sunday, { day: 'numeric', month: 'numeric', year: 'numeric', timeZone: 'Pacific/Auckland' })).toBe('29/11/2026');
  });
});
