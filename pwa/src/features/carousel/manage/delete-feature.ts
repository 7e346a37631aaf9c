import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Feature } from '@contract/content';
import { apiRequest } from '../../../lib/api-client';
import { staffApiPaths } from '../../../lib/staff-paths';
import { featuresQueryKey } from '../api/get-features';

export function deleteFeature(id: string): Promise<unknown> {
  return apiRequest<unknown>(staffApiPaths.feature(id), { method: 'DELETE' });
}

export function useDeleteFeature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFeature,
    onSuccess: (_result, id) => {
      queryClient.setQueryData<Feature[]>(featuresQueryKey, (features) => features?.filter((feature) => feature._id !== id));
      void queryClient.invalidateQueries({ queryKey: featuresQueryKey });
    },
  });
}
