/**
 * Working days in New Zealand (DESIGN §4d, the report card's "within 5 working days"): every day
 * but Saturdays, Sundays and the national public holidays of the Holidays Act 2003, with
 * Matariki (Te Kāhui o Matariki Public Holiday Act 2022) and the Mondayised days. Regional
 * anniversary days are left out: they differ by province, and a trust's funders count national
 * working days. Dates are calendar dates `YYYY-MM-DD`; the arithmetic is on UTC midnights, so no
 * time zone or daylight saving enters it.
 */

/** Matariki's Friday for each year the Act's schedule gives (2022–2052). */
const matariki: Readonly<Record<number, string>> = {
  2022: '06-24',
  2023: '07-14',
  2024: '06-28',
  2025: '06-20',
  2026: '07-10',
  2027: '06-25',
  2028: '07-14',
  2029: '07-06',
  2030: '06-21',
  2031: '07-11',
  2032: '07-02',
  2033: '06-24',
  2034: '07-07',
  2035: '06-29',
  2036: '07-18',
  2037: '07-10',
  2038: '06-25',
  2039: '07-15',
  2040: '07-06',
  2041: '07-19',
  2042: '07-11',
  2043: '07-03',
  2044: '06-24',
  2045: '07-07',
  2046: '06-29',
  2047: '07-19',
  2048: '07-03',
  2049: '06-25',
  2050: '07-15',
  2051: '06-30',
  2052: '06-21',
};

/** The years whose holidays are fully known (Matariki is scheduled, not computed). */
export const workingDayYears = { first: 2022, last: 2052 } as const;

const dayMs = 86_400_000;
const toTime = (date: string) => Date.parse(`${date}T00:00:00Z`);
const toDate = (time: number) => new Date(time).toISOString().slice(0, 10);
const weekday = (time: number) => new Date(time).getUTCDay();
const at = (year: number, month: number, day: number) => Date.UTC(year, month - 1, day);

/** The nth Monday (1-based) of a month. */
function nthMonday(year: number, month: number, n: number): number {
  const first = at(year, month, 1);
  const offset = (8 - weekday(first)) % 7;
  return first + (offset + (n - 1) * 7) * dayMs;
}

/** Easter Sunday (the Gregorian computus, Meeus/Jones/Butcher). */
function easterSunday(year: number): number {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return at(year, month, day);
}

/** A holiday on a weekend is observed on the next Monday (Waitangi Day and Anzac Day since 2014). */
const mondayised = (time: number) => (weekday(time) === 6 ? time + 2 * dayMs : weekday(time) === 0 ? time + dayMs : time);

/**
 * A pair of holidays (Christmas and Boxing Day, 1 and 2 January): a day that falls on a weekend is
 * observed on the next weekday that is not already the other's.
 */
function mondayisedPair(first: number, second: number): [number, number] {
  switch (weekday(first)) {
    case 5: // Friday, Saturday: Friday and Monday.
      return [first, second + 2 * dayMs];
    case 6: // Saturday, Sunday: Monday and Tuesday.
      return [first + 2 * dayMs, second + 2 * dayMs];
    case 0: // Sunday, Monday: Tuesday and Monday.
      return [first + 2 * dayMs, second];
    default:
      return [first, second];
  }
}

const holidayCache = new Map<number, ReadonlySet<string>>();

/** The national public holidays observed in a year, as dates. */
export function publicHolidays(year: number): ReadonlySet<string> {
  const cached = holidayCache.get(year);
  if (cached) return cached;
  const easter = easterSunday(year);
  const days = [
    ...mondayisedPair(at(year, 1, 1), at(year, 1, 2)),
    mondayised(at(year, 2, 6)),
    easter - 2 * dayMs,
    easter + dayMs,
    mondayised(at(year, 4, 25)),
    nthMonday(year, 6, 1),
    nthMonday(year, 10, 4),
    ...mondayisedPair(at(year, 12, 25), at(year, 12, 26)),
  ];
  const matarikiDay = matariki[year];
  const holidays = new Set([...days.map(toDate), ...(matarikiDay ? [`${year}-${matarikiDay}`] : [])]);
  holidayCache.set(year, holidays);
  return holidays;
}

/** Whether people work on the day: a weekday that is not a public holiday. */
export function isWorkingDay(date: string): boolean {
  const time = toTime(date);
  const day = weekday(time);
  return day !== 0 && day !== 6 && !publicHolidays(Number(date.slice(0, 4))).has(date);
}

/** Each year's working days counted from its 1 January, kept once made: a count for each day of the year, that day included. */
const yearCounts = new Map<number, Uint16Array>();

function countsOf(year: number): Uint16Array {
  const cached = yearCounts.get(year);
  if (cached) return cached;
  const first = Date.UTC(year, 0, 1);
  const days = Math.round((Date.UTC(year + 1, 0, 1) - first) / dayMs);
  const counts = new Uint16Array(days);
  for (let index = 0, count = 0; index < days; index += 1) {
    if (isWorkingDay(toDate(first + index * dayMs))) count += 1;
    counts[index] = count;
  }
  yearCounts.set(year, counts);
  return counts;
}

/** Working days from the start of `fromYear` up to and including `date` (a count to take one from another). */
function workingDaysTo(date: string, fromYear: number): number {
  const year = Number(date.slice(0, 4));
  let count = 0;
  for (let each = fromYear; each < year; each += 1) count += countsOf(each).at(-1) ?? 0;
  return count + (countsOf(year)[Math.round((toTime(date) - Date.UTC(year, 0, 1)) / dayMs)] ?? 0);
}

/**
 * The working days after `from` up to and including `to`: 0 on the same day, 1 from a Friday to
 * the Monday after. Negative when `to` is before `from`. Read from each year's counts, so a
 * report card's thousands of waits cost a subtraction each.
 */
export function workingDaysBetween(from: string, to: string): number {
  if (to < from) return -workingDaysBetween(to, from);
  const fromYear = Number(from.slice(0, 4));
  return workingDaysTo(to, fromYear) - workingDaysTo(from, fromYear);
}

/**
 * The day a Privacy Act request must be answered by: `count` working days after the day it was
 * received (Privacy Act 2020 s 44), where a working day is also not between 25 December and
 * 15 January (s 7), as well as not a weekend or a national public holiday (decision 130).
 */
export function privacyActDueOn(received: string, count = 20): string {
  let time = toTime(received);
  for (let left = count; left > 0;) {
    time += dayMs;
    const date = toDate(time);
    const monthDay = date.slice(5);
    if (isWorkingDay(date) && monthDay < '12-25' && monthDay > '01-15') left -= 1;
  }
  return toDate(time);
}
