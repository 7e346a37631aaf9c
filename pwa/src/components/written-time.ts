import { formatDate } from '../i18n/i18n';
import { useT } from '../i18n/use-t';

/** A record as the server presents it: `writtenAt` on the device, `createdAt` when received (decision 114). */
export type WrittenRecord = { createdAt: string; writtenAt?: string };

/** Received this much later than written, a record says both times; closer, only when it was written. */
export const receivedLateAfterMs = 5 * 60_000;

const sameDay = (a: Date, b: Date) => a.toDateString() === b.toDateString();

/**
 * Words for when a record was written: the time it was written on the device (a note written
 * offline at 7:54 says 7:54, not the evening's sync), and when the server received it where that
 * was more than a few minutes later ("28 Nov 2026, 7:54 am · received 7:58 pm").
 */
export function useWrittenTime(): (record: WrittenRecord) => string {
  const t = useT();
  return (record) => {
    const written = new Date(record.writtenAt ?? record.createdAt);
    const received = new Date(record.createdAt);
    const writtenText = formatDate(written, { dateStyle: 'medium', timeStyle: 'short' });
    if (received.getTime() - written.getTime() <= receivedLateAfterMs) return writtenText;
    const receivedText = formatDate(received, sameDay(written, received) ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' });
    return t('record.writtenReceived', { written: writtenText, received: receivedText });
  };
}
