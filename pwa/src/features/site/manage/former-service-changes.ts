import type { FormerService } from '@contract/site';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { staffApiPaths } from '../../../lib/staff-paths';
import { siteKeys } from '../api/site-keys';

export type FormerServiceFields = { title: string; years: string; text: string };

export type SaveFormerServiceRequest = { id?: string; fields: Partial<FormerServiceFields> & { order?: number } };

/** Creates (POST) or edits (PATCH) one former service; JSON both ways. */
export function saveFormerService({ id, fields }: SaveFormerServiceRequest): Promise<FormerService> {
  return id
    ? apiRequest<FormerService>(staffApiPaths.formerService(id), { method: 'PATCH', json: fields })
    : apiRequest<FormerService>(apiPaths.formerServices, { method: 'POST', json: fields });
}

export function deleteFormerService(id: string): Promise<unknown> {
  return apiRequest<unknown>(staffApiPaths.formerService(id), { method: 'DELETE' });
}

export function useSaveFormerService() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveFormerService, onSuccess: () => queryClient.invalidateQueries({ queryKey: siteKeys.formerServices() }) });
}

export function useDeleteFormerService() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteFormerService, onSuccess: () => queryClient.invalidateQueries({ queryKey: siteKeys.formerServices() }) });
}
