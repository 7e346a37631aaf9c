import { describe, expect, it } from 'vitest';
import { isWorkingDay, publicHolidays, workingDayYears, workingDaysBetween } from '../../contract/working-days';

describe('New Zealand public holidays', () => {
  it('gives 2026 as gazetted: Anzac Day and Boxing Day Mondayised, Matariki on 10 July', () => {
    expect([...publicHolidays(2026)].sort()).toEqual([
      '2026-01-01',
      '2026-01-02',
      '2026-02-06',
      '2026-04-03',
      '2026-04-06',
      '2026-04-27',
      '2026-06-01',
      '2026-07-10',
      '2026-10-26',
      '2026-12-25',
      '2026-12-28',
    ]);
  });

  it('moves a weekend pair to the weekdays after it: 2027 (Saturday and Sunday) and 2022 (Sunday and Monday)', () => {
    expect([...publicHolidays(2027)].sort()).toEqual([
      '2027-01-01',
      '2027-01-04',
      '2027-02-08',
      '2027-03-26',
      '2027-03-29',
      '2027-04-26',
      '2027-06-07',
      '2027-06-25',
      '2027-10-25',
      '2027-12-27',
      '2027-12-28',
    ]);
    const christmas2022 = [...publicHolidays(2022)].filter((date) => date >= '2022-12-01');
    expect(christmas2022.sort()).toEqual(['2022-12-26', '2022-12-27']);
  });

  it('has Matariki on a Friday in every scheduled year', () => {
    for (let year = workingDayYears.first; year <= workingDayYears.last; year += 1) {
      const fridays = [...publicHolidays(year)].filter((date) => date.slice(5, 7) === '06' || date.slice(5, 7) === '07');
      const matariki = fridays.filter((date) => new Date(`${date}T00:00:00Z`).getUTCDay() === 5);
      expect(matariki, String(year)).toHaveLength(1);
    }
  });
});

describe('working days', () => {
  it('skips weekends and holidays', () => {
    expect(isWorkingDay('2026-11-27')).toBe(true); // a Friday
    expect(isWorkingDay('2026-11-28')).toBe(false); // Saturday
    expect(isWorkingDay('2026-07-10')).toBe(false); // Matariki
    expect(isWorkingDay('2026-04-27')).toBe(false); // Anzac Day observed
  });

  it('counts the working days after the first date up to the second', () => {
    expect(workingDaysBetween('2026-11-27', '2026-11-27')).toBe(0);
    expect(workingDaysBetween('2026-11-27', '2026-11-30')).toBe(1); // Friday to Monday
    expect(workingDaysBetween('2026-11-28', '2026-11-29')).toBe(0); // a weekend
    // Thursday 9 July to Thursday 16 July 2026 passes Matariki: Mon, Tue, Wed, Thu = 4.
    expect(workingDaysBetween('2026-07-09', '2026-07-16')).toBe(4);
    // Over Christmas 2026: Thu 24 Dec to Tue 5 Jan 2027 works 29, 30, 31 Dec and 5 Jan (4 Jan is 2 January observed).
    expect(workingDaysBetween('2026-12-24', '2027-01-05')).toBe(4);
    expect(workingDaysBetween('2026-11-30', '2026-11-27')).toBe(-1);
  });
});
