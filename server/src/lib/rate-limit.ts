import { getConfig } from '../config';
import { now as clockNow } from './clock';
import { tooManyRequests } from './errors';

/** Past this many keys, expired ones are swept, so a flood of new keys cannot grow memory without end. */
const sweepAbove = 50_000;

/**
 * Counts events per key in a fixed window. Counters live in this process: with several
 * instances each keeps its own, which the design allows for rate limits.
 */
export function createCounter(limit: number, windowMs: number) {
  const hits = new Map<string, { count: number; resetAt: number }>();
  const enabled = getConfig().rateLimits;

  function entry(key: string, now: number) {
    let current = hits.get(key);
    if (!current || current.resetAt <= now) {
      current = { count: 0, resetAt: now + windowMs };
      hits.set(key, current);
    }
    return current;
  }

  return {
    /** Throws 429 with Retry-After when the key has used up its window. */
    check(key: string, now = clockNow()): void {
      if (!enabled) return;
      const current = hits.get(key);
      if (current && current.resetAt > now && current.count >= limit) {
        throw tooManyRequests(Math.ceil((current.resetAt - now) / 1000));
      }
    },
    add(key: string, now = clockNow()): void {
      entry(key, now).count += 1;
      if (hits.size > sweepAbove) for (const [k, v] of hits) if (v.resetAt <= now) hits.delete(k);
    },
    clear(key: string): void {
      hits.delete(key);
    },
  };
}

export type ThrottleRule = {
  /** Failures allowed before any wait. */
  free: number;
  /** The wait after the first failure past `free`; it doubles with each failure after that. */
  firstDelayMs: number;
  /** The longest wait. */
  maxDelayMs: number;
  /** A key's failures are forgotten this long after its last one. */
  forgetAfterMs: number;
};

/**
 * Growing delays (OWASP authentication guidance): a key's first `free` failures cost nothing,
 * then each failure makes the key wait before its next attempt, twice as long each time, up to
 * `maxDelayMs`. Nothing is locked for good: a wait always ends, so an attacker cannot keep the
 * owner out, only slow themselves down. A waiting attempt is refused before any password check.
 */
export function createThrottle(rule: ThrottleRule) {
  const failures = new Map<string, { count: number; lastAt: number }>();
  const enabled = getConfig().rateLimits;

  function waitMs(count: number): number {
    if (count <= rule.free) return 0;
    return Math.min(rule.firstDelayMs * 2 ** Math.min(count - rule.free - 1, 30), rule.maxDelayMs);
  }

  function current(key: string, now: number) {
    const entry = failures.get(key);
    if (entry && now - entry.lastAt >= rule.forgetAfterMs) {
      failures.delete(key);
      return undefined;
    }
    return entry;
  }

  return {
    /** Milliseconds this key must still wait (0 when it may try now). */
    remainingMs(key: string, now = clockNow()): number {
      if (!enabled) return 0;
      const entry = current(key, now);
      return entry ? Math.max(0, entry.lastAt + waitMs(entry.count) - now) : 0;
    },
    /** Throws 429 with Retry-After while the key must wait. */
    check(key: string, now = clockNow()): void {
      const remaining = this.remainingMs(key, now);
      if (remaining > 0) throw tooManyRequests(Math.ceil(remaining / 1000));
    },
    /** Failures recorded for the key and not yet forgotten. */
    count(key: string, now = clockNow()): number {
      return current(key, now)?.count ?? 0;
    },
    fail(key: string, now = clockNow()): void {
      const entry = current(key, now);
      failures.set(key, { count: (entry?.count ?? 0) + 1, lastAt: now });
      if (failures.size > sweepAbove) for (const [k, v] of failures) if (now - v.lastAt >= rule.forgetAfterMs) failures.delete(k);
    },
    clear(key: string): void {
      failures.delete(key);
    },
  };
}
