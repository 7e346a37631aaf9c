import { useQuery } from '@tanstack/react-query';
import type { ManagedFeature } from '@contract/content';
import { apiRequest } from '../../../lib/api-client';
import { staffApiPaths } from '../../../lib/staff-paths';
import { useSaveContent } from '../../../components/manage/content-changes';
import { featuresQueryKey } from '../api/get-features';

export const managedFeatureKeys = {
  feature: (id: string) => [...featuresQueryKey, 'managed', id] as const,
  unpublished: () => [...featuresQueryKey, 'unpublished'] as const,
};

/** `GET /api/content/manage/feature/{id}`: a feature whatever its state, to edit and preview. */
export function useManagedFeature(id: string) {
  return useQuery({
    queryKey: managedFeatureKeys.feature(id),
    queryFn: ({ signal }) => apiRequest<ManagedFeature>(staffApiPaths.managedFeature(id), { signal }),
  });
}

/** `GET /api/content/manage/feature`: drafts and scheduled features, which the carousel leaves out. */
export function useUnpublishedFeatures() {
  return useQuery({
    queryKey: managedFeatureKeys.unpublished(),
    queryFn: ({ signal }) => apiRequest<ManagedFeature[]>(staffApiPaths.managedFeatures, { signal }),
  });
}

/** `PATCH /api/content/feature/{id}`; afterwards the carousel and this feature are read again. */
export function useUpdateFeature(id: string) {
  return useSaveContent<ManagedFeature>('feature', id, staffApiPaths.feature(id), [featuresQueryKey]);
}
