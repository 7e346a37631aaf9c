import type { Feature } from '@contract/content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

export const featuresQueryKey = ['content', 'features'] as const;

/** `GET /api/content/feature`: the home page carousel's slides. */
export function featuresQuery() {
  return queryOptions({
    queryKey: featuresQueryKey,
    queryFn: ({ signal }) => apiRequest<Feature[]>(apiPaths.features, { signal }),
  });
}

export function useFeatures() {
  return useQuery(featuresQuery());
}
