import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotSameInput } from '@contract/duplicates';
import { apiRequest } from '../../../lib/api-client';
import { staffApiPaths } from '../../../lib/staff-paths';
import { duplicatesKeys } from './duplicates-keys';

/** Marks a pair as two people: it stops showing. */
export function markNotSame(pair: NotSameInput): Promise<NotSameInput> {
  return apiRequest<NotSameInput>(staffApiPaths.duplicatesNotSame, { method: 'POST', json: pair });
}

export function useMarkNotSame() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: markNotSame, onSuccess: () => queryClient.invalidateQueries({ queryKey: duplicatesKeys.all() }) });
}
