/** The outbox's timing rules: backoff, Retry-After, when an item counts as stuck. */
import type { OutboxOperation } from '../local-db';

/** Name of the Web Lock held while flushing, by any tab or the service worker. */
export const outboxLockName = 'trust-outbox';
/** Background Sync tag the page registers and the service worker answers. */
export const outboxSyncTag = 'outbox';
/** After this many failed tries an item shows as stuck (it still retries). */
export const stuckAfterAttempts = 10;
/** Backoff between tries: base doubled per failure, capped; Retry-After is honoured up to `retryAfterMaxMs`. */
export const outboxBackoff = { baseMs: 2_000, capMs: 5 * 60_000, minMs: 1_000, retryAfterMaxMs: 24 * 60 * 60_000 } as const;
/** How long a sent item's bare record (no personal data) stays listed before it is tidied away. */
export const keepDoneForMs = 30 * 24 * 60 * 60_000;

/** Whether an item has failed often enough that the app should say it is stuck. */
export function isStuck(operation: Pick<OutboxOperation, 'state' | 'attempts'>): boolean {
  return operation.state === 'pending' && operation.attempts >= stuckAfterAttempts;
}

/** Delay before try number `attempts + 1`: full jitter over an exponential ceiling, never under `minMs`. */
export function backoffDelay(attempts: number, random: () => number): number {
  const ceiling = Math.min(outboxBackoff.capMs, outboxBackoff.baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.max(outboxBackoff.minMs, Math.floor(random() * ceiling));
}

/** Retry-After as seconds or an HTTP date, in ms from `now`; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number): number | null {
  if (!value) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Math.min(Number(text) * 1000, outboxBackoff.retryAfterMaxMs);
  const date = Date.parse(text);
  if (Number.isNaN(date)) return null;
  return Math.min(Math.max(0, date - now), outboxBackoff.retryAfterMaxMs);
}

/** What an HTTP status means for the request as a whole. */
export type RequestOutcome = 'answered' | 'retry' | 'rate_limited' | 'needs_auth' | 'refused';

export function outcomeOf(status: number): RequestOutcome {
  if (status >= 200 && status < 300) return 'answered';
  if (status === 401) return 'needs_auth';
  if (status === 429) return 'rate_limited';
  if (status === 408 || status === 425 || status >= 500) return 'retry';
  if (status >= 400) return 'refused';
  return 'retry'; // 1xx/3xx: not an answer about the operation
}
