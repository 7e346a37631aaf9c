/**
 * New Zealand calendar days (Pacific/Auckland): the day a record is dated by, whatever the
 * device's or the server's time zone. Shared by the server and the app: no Node-only imports.
 */

const nzTimeZone = 'Pacific/Auckland';

/** Made when first used, then kept: making a formatter costs far more than using one (a report card reads thousands of days). */
let offsetFormat: Intl.DateTimeFormat | undefined;

/** Minutes east of UTC in New Zealand at this instant (NZST +720, NZDT +780), read from the formatter. */
function formattedOffsetMinutes(at: number): number {
  offsetFormat ??= new Intl.DateTimeFormat('en-NZ', { timeZone: nzTimeZone, timeZoneName: 'longOffset' });
  const name = offsetFormat.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? '';
  const match = /GMT([+-])(\d{1,2}):?(\d{2})?/.exec(name);
  if (!match) return 0;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3] ?? 0));
}

const dayMs = 86_400_000;
/** Each UTC day's offset when the clocks do not change in it (null on the two days a year they do): a formatter call costs microseconds, and a report card reads tens of thousands of instants. */
const dayOffsets = new Map<number, number | null>();

/** Minutes east of UTC in New Zealand at this instant (NZST +720, NZDT +780). */
function nzOffsetMinutes(at: number): number {
  const utcDay = Math.floor(at / dayMs);
  let offset = dayOffsets.get(utcDay);
  if (offset === undefined) {
    const first = formattedOffsetMinutes(utcDay * dayMs);
    offset = first === formattedOffsetMinutes((utcDay + 1) * dayMs - 1) ? first : null;
    dayOffsets.set(utcDay, offset);
  }
  return offset ?? formattedOffsetMinutes(at);
}

/** The instant a New Zealand calendar day begins (its midnight, in NZST or NZDT as in force then). */
export function nzDayStart(date: string): Date {
  const wall = Date.parse(`${date}T00:00:00Z`);
  const first = nzOffsetMinutes(wall - nzOffsetMinutes(wall) * 60_000);
  return new Date(wall - nzOffsetMinutes(wall - first * 60_000) * 60_000);
}

/** The calendar day after `date`. */
export function nextDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** Each day's date by its number from 1970-01-01, kept once made (as the offsets are). */
const dayNames = new Map<number, string>();

/** Today's date in New Zealand. */
export function nzToday(at: number = Date.now()): string {
  const dayNumber = Math.floor((at + nzOffsetMinutes(at) * 60_000) / dayMs);
  let name = dayNames.get(dayNumber);
  if (name === undefined) {
    name = new Date(dayNumber * dayMs).toISOString().slice(0, 10);
    dayNames.set(dayNumber, name);
  }
  return name;
}
