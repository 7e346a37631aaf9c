import type { Site, UpdateSiteInput } from '@contract/site';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { siteKeys } from '../api/site-keys';

/** `PATCH /api/site`: the fields given ('' clears one); answers the details as they now are. */
export function updateSite(changes: Partial<Record<keyof UpdateSiteInput, string | null>>): Promise<Site> {
  return apiRequest<Site>(apiPaths.site, { method: 'PATCH', json: changes });
}

export function useUpdateSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSite,
    onSuccess: (site) => queryClient.setQueryData(siteKeys.settings(), site),
  });
}
