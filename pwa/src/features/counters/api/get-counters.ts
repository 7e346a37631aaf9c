import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicCounter } from '@contract/reports';
import type { CounterItem } from '../../../content/site';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

/** One query-key factory for the home counters' figures. */
export const counterKeys = { all: () => ['counters'] as const };

/** The counters' figures: the trust's base + what is recorded (DESIGN §4d). Nothing personal. */
export function getCounters(signal?: AbortSignal): Promise<PublicCounter[]> {
  return apiRequest<PublicCounter[]>(apiPaths.counters, { signal });
}

/** Fetched only once `enabled` (after the first paint): until then, and offline, the seed's targets stand. */
export function useCounterFigures(enabled: boolean) {
  return useQuery(queryOptions({ queryKey: counterKeys.all(), queryFn: ({ signal }) => getCounters(signal), enabled, staleTime: 60_000, retry: false }));
}

/** The seed's counters with each target replaced by its figure from the API, when it has a sound one. */
export function withFigures(items: readonly CounterItem[], figures: readonly PublicCounter[] | undefined): readonly CounterItem[] {
  if (!Array.isArray(figures)) return items;
  return items.map((item) => {
    const figure = figures.find((one) => one?.key === item.text)?.value;
    return typeof figure === 'number' && Number.isFinite(figure) && figure >= 0 ? { ...item, target: Math.round(figure) } : item;
  });
}
