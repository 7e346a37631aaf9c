import type { Feature } from '@contract/content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { validItems } from '../../../lib/answer-guards';
import { isFeature } from '../../../lib/content-guards';
import { apiPaths } from '../../../lib/paths';

export const featuresQueryKey = ['content', 'features'] as const;

/** `GET /api/content/feature`: the home page carousel's slides; a malformed slide is left out (and reported). */
export function featuresQuery() {
  return queryOptions({
    queryKey: featuresQueryKey,
    queryFn: async ({ signal }): Promise<Feature[]> => validItems(await apiRequest<unknown>(apiPaths.features, { signal }), isFeature, 'carousel feature'),
  });
}

export function useFeatures() {
  return useQuery(featuresQuery());
}
