/**
 * New Zealand time for scheduling posts (decision 090): managers type and read times in the
 * trust's own time zone, whatever their device is set to, and the API gets an ISO time with the
 * offset in force on that day (NZST +12:00, NZDT +13:00).
 */
// Kept in a module of its own so a page that only needs the zone (a post's date) does not load these helpers.
import { nzTimeZone } from './nz-zone';

export { nzTimeZone };

const pad = (value: number) => String(value).padStart(2, '0');

/** Minutes east of UTC in New Zealand at this instant. */
function offsetMinutes(at: number): number {
  const name =
    new Intl.DateTimeFormat('en-NZ', { timeZone: nzTimeZone, timeZoneName: 'longOffset' }).formatToParts(at).find((part) => part.type === 'timeZoneName')
      ?.value ?? '';
  const match = /GMT([+-])(\d{1,2}):?(\d{2})?/.exec(name);
  if (!match) return 0;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3] ?? 0));
}

/** A `datetime-local` value read as New Zealand time ("2026-12-01T09:00") → "2026-12-01T09:00:00+13:00"; undefined if it is not one. */
export function nzLocalToIso(local: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return undefined;
  const wall = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), Number(match[4]), Number(match[5]));
  // The offset depends on the instant, which depends on the offset: twice settles it (also across a change of clocks).
  const first = offsetMinutes(wall - offsetMinutes(wall) * 60_000);
  const offset = offsetMinutes(wall - first * 60_000);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${local}:00${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** An ISO time as a `datetime-local` value in New Zealand time. */
export function isoToNzLocal(iso: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: nzTimeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((one) => one.type === type)?.value ?? '00';
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}`;
}

/** The New Zealand calendar date (YYYY-MM-DD) of an instant: what "today" or a consent's day is for the trust, whatever the device's zone. */
export function nzDateOf(at: string | number | Date): string {
  return isoToNzLocal(new Date(at).toISOString()).slice(0, 10);
}

/** Today's date in New Zealand (the one helper for "today": consent, due dates, report periods, file names). */
export function nzToday(at: number | Date = Date.now()): string {
  return nzDateOf(at);
}
