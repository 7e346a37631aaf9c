import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateServiceOutputInput, ServiceOutput, UpdateServiceOutputInput } from '@contract/reports';
import { apiRequest } from '../../../lib/api-client';
import { staffApiPaths } from '../../../lib/staff-paths';
import { reportKeys } from './report-keys';

/** A service's outputs, retired ones too (the manage screen). */
export function listServiceOutputs(serviceKey: string, signal?: AbortSignal): Promise<ServiceOutput[]> {
  return apiRequest<ServiceOutput[]>(`${staffApiPaths.serviceOutputs(serviceKey)}?include=all`, { signal });
}

export const serviceOutputsQuery = (serviceKey: string) =>
  queryOptions({ queryKey: reportKeys.outputs(serviceKey), queryFn: ({ signal }) => listServiceOutputs(serviceKey, signal) });

export function useServiceOutputs(serviceKey: string) {
  return useQuery(serviceOutputsQuery(serviceKey));
}

export function useCreateServiceOutput(serviceKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Partial<CreateServiceOutputInput>) =>
      apiRequest<ServiceOutput>(staffApiPaths.serviceOutputs(serviceKey), { method: 'POST', json: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.outputs(serviceKey) }),
  });
}

export function useUpdateServiceOutput(serviceKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: Partial<UpdateServiceOutputInput> }) =>
      apiRequest<ServiceOutput>(staffApiPaths.serviceOutput(serviceKey, id), { method: 'PATCH', json: changes }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.outputs(serviceKey) }),
  });
}

export function useDeleteServiceOutput(serviceKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>(staffApiPaths.serviceOutput(serviceKey, id), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.outputs(serviceKey) }),
  });
}
