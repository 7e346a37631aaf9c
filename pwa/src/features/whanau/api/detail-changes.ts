import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DetailChange, ProposableField } from '@contract/whanau-app';
import { apiRequest } from '../../../lib/api-client';
import { staffApiPaths } from '../../../lib/staff-paths';
import { whanauKeys } from './whanau-keys';

/** `GET /api/whanau/{id}/detail-changes`: changes members proposed to their own details. */
export function listDetailChanges(whanauId: string, signal?: AbortSignal): Promise<DetailChange[]> {
  return apiRequest<DetailChange[]>(staffApiPaths.whanauDetailChanges(whanauId), { signal });
}

export const detailChangesQuery = (whanauId: string) =>
  queryOptions({ queryKey: whanauKeys.detailChanges(whanauId), queryFn: ({ signal }) => listDetailChanges(whanauId, signal), retry: false, staleTime: 0 });

export function useDetailChanges(whanauId: string, online: boolean) {
  return useQuery({ ...detailChangesQuery(whanauId), enabled: online });
}

export type AnswerDetailChangeRequest = { whanauId: string; changeId: string; fields: Partial<Record<ProposableField, boolean>> };

/** Accepts (true) or declines each proposed field; accepted ones are written to the client record. */
export function answerDetailChange({ whanauId, changeId, fields }: AnswerDetailChangeRequest): Promise<DetailChange> {
  return apiRequest<DetailChange>(staffApiPaths.whanauDetailChangeAnswer(whanauId, changeId), { method: 'POST', json: { fields } });
}

export function useAnswerDetailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerDetailChange,
    // The client records changed too: the whānau page's members read them.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: whanauKeys.all() }),
  });
}
