import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Feature } from '@contract/content';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { manageKeys } from './manage-keys';

/** The carousel's features. The API has no single-feature read, so a feature page picks from this list. */
export function listFeatures(signal?: AbortSignal): Promise<Feature[]> {
  return apiRequest<Feature[]>(apiPaths.features, { signal });
}

export const featuresQuery = () => queryOptions({ queryKey: manageKeys.features(), queryFn: ({ signal }) => listFeatures(signal) });

export function useFeatures() {
  return useQuery(featuresQuery());
}

/** One feature out of the list; `undefined` data once loaded means it does not exist. */
export function useFeature(id: string) {
  return useQuery({ ...featuresQuery(), select: (features) => features.find((feature) => feature._id === id) });
}
