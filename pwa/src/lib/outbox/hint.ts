/**
 * A one-character note in localStorage that says whether anything may wait in the outbox, so
 * that start-up can decide to load the outbox (Dexie, the engine) without opening IndexedDB.
 * Imports nothing: it is part of every page's first download.
 *
 * '1': something was queued and may not be sent yet; '0': the last flush left nothing unsent.
 * Absent: an older version of the app ran here, or storage is blocked: start-up looks further.
 * The service worker has no localStorage: when it sends the last item, the note stays '1' until
 * the next page's flush finds nothing and writes '0' (one extra load, never a missed item).
 */
export const outboxHintKey = 'outbox-waiting';

export type OutboxHint = 'waiting' | 'empty' | 'unknown';

export function readOutboxHint(): OutboxHint {
  try {
    if (typeof localStorage === 'undefined') return 'unknown';
    const value = localStorage.getItem(outboxHintKey);
    return value === '1' ? 'waiting' : value === '0' ? 'empty' : 'unknown';
  } catch {
    return 'unknown';
  }
}

export function writeOutboxHint(waiting: boolean): void {
  try {
    if (typeof localStorage !== 'undefined') localStorage.setItem(outboxHintKey, waiting ? '1' : '0');
  } catch {
    // Blocked or full: start-up then looks at the database itself.
  }
}
