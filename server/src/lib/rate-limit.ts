import { getConfig } from '../config';
import { tooManyRequests } from './errors';

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
    check(key: string, now = Date.now()): void {
      if (!enabled) return;
      const current = hits.get(key);
      if (current && current.resetAt > now && current.count >= limit) {
        throw tooManyRequests(Math.ceil((current.resetAt - now) / 1000));
      }
    },
    add(key: string, now = Date.now()): void {
      entry(key, now).count += 1;
      if (hits.size > 50_000) for (const [k, v] of hits) if (v.resetAt <= now) hits.delete(k);
    },
    clear(key: string): void {
      hits.delete(key);
    },
  };
}
