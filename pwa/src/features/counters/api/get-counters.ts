import type { PublicCounter } from '@contract/reports';
import type { CounterItem } from '../../../content/site';
import { apiRequest } from '../../../lib/api-client';

/*
 * The home counters' figures (DESIGN §4d): the trust's base + what is recorded, nothing personal.
 * Its own chunk, imported once the banner has painted, so the first download does not carry it
 * (decision 070); until the figures come, and offline with no copy, the seed's targets stand.
 */

/** `GET /api/counters`: here rather than in lib/paths.ts, whose every byte is in the first download. */
const countersPath = '/api/counters';

/** The counters' figures from the API. */
export function getCounters(signal?: AbortSignal): Promise<PublicCounter[]> {
  return apiRequest<PublicCounter[]>(countersPath, { signal });
}

/** The seed's counters with each target replaced by its figure from the API, when it has a sound one. */
export function withFigures(items: readonly CounterItem[], figures: unknown): readonly CounterItem[] {
  if (!Array.isArray(figures)) return items;
  return items.map((item) => {
    const figure: unknown = figures.find((one: { key?: unknown } | null) => one?.key === item.text)?.value;
    return typeof figure === 'number' && Number.isFinite(figure) && figure >= 0 ? { ...item, target: Math.round(figure) } : item;
  });
}

/** The counters with the API's figures (the seed's own when the API cannot be reached). */
export async function countersWithFigures(items: readonly CounterItem[]): Promise<readonly CounterItem[]> {
  return withFigures(items, await getCounters().catch(() => undefined));
}
