import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MergeInput, MergeRecord } from '@contract/duplicates';
import { apiRequest } from '../../../lib/api-client';
import { staffApiPaths } from '../../../lib/staff-paths';
import { duplicatesKeys } from './duplicates-keys';

/** Merges `otherId` into `keptId`, keeping the chosen values. */
export function mergeClients({ keptId, ...input }: MergeInput & { keptId: string }): Promise<MergeRecord> {
  return apiRequest<MergeRecord>(staffApiPaths.clientMerge(keptId), { method: 'POST', json: input });
}

export function useMergeClients() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: mergeClients, onSuccess: () => queryClient.invalidateQueries({ queryKey: duplicatesKeys.all() }) });
}

/** Undoes a merge while neither record has changed since. */
export function undoMerge(mergeId: string): Promise<MergeRecord> {
  return apiRequest<MergeRecord>(staffApiPaths.mergeUndo(mergeId), { method: 'POST' });
}

export function useUndoMerge() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: undoMerge, onSuccess: () => queryClient.invalidateQueries({ queryKey: duplicatesKeys.all() }) });
}
