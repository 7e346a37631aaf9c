import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateServiceInput } from '@contract/service-updates';
import type { Service } from '@contract/services';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { serviceKeys } from '../api/service-keys';

export type UpdateServiceStatusRequest = { key: string; changes: UpdateServiceInput };

/** Opens or closes enrolment for a service and sets what its card says while closed. */
export function updateServiceStatus({ key, changes }: UpdateServiceStatusRequest): Promise<Service> {
  return apiRequest<Service>(apiPaths.service(key), { method: 'PATCH', json: changes });
}

export function useUpdateServiceStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateServiceStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serviceKeys.all() }),
  });
}
