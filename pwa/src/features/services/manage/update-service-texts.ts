import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Service, ServiceTexts, ServiceTextsMi } from '@contract/services';
import { apiRequest } from '../../../lib/api-client';
import { staffApiPaths } from '../../../lib/staff-paths';
import { serviceKeys } from '../api/service-keys';

export type UpdateServiceTextsRequest = { key: string; en: ServiceTexts; mi: ServiceTextsMi };

/** `PUT /api/services/{key}/texts`: the page's words in both languages (decision 093). */
export function updateServiceTexts({ key, en, mi }: UpdateServiceTextsRequest): Promise<Service> {
  return apiRequest<Service>(staffApiPaths.serviceTexts(key), { method: 'PUT', json: { en, mi } });
}

export function useUpdateServiceTexts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateServiceTexts,
    // The public pages and the manager's list both read the services.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serviceKeys.all() }),
  });
}
