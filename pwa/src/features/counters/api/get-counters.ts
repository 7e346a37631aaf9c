import type { PublicCounter } from '@contract/reports';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { CounterItem } from '../../../content/site';
import { apiRequest } from '../../../lib/api-client';

/*
 * The home counters' figures (DESIGN §4d): the trust's base + what is recorded, nothing personal.
 * Imported by the home page's own chunk, so the first download does not carry it (decision 070).
 * A query like any page's data: the server renders the page with the figures and writes them into
 * it, so the app hydrates with the very numbers the HTML shows (decision 096). Until the figures
 * come, and offline with no copy, the seed's targets stand.
 */

/** `GET /api/counters`: here rather than in lib/paths.ts, whose every byte is in the first download. */
const countersPath = '/api/counters';

export const countersQueryKey = ['counters'] as const;

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

/**
 * The counters with the API's figures (the seed's own while they are asked for, or when the API
 * cannot be reached). `enabled` false leaves the request for later (after the first paint).
 */
export function useCountersWithFigures(items: readonly CounterItem[], enabled: boolean): readonly CounterItem[] {
  const figures = useQuery({ queryKey: countersQueryKey, queryFn: ({ signal }) => getCounters(signal), enabled });
  return useMemo(() => withFigures(items, figures.data), [items, figures.data]);
}
