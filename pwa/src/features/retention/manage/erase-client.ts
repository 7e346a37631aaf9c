import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RetentionOutcome } from '@contract/clients';
import { apiRequest } from '../../../lib/api-client';
import { staffApiPaths } from '../../../lib/staff-paths';
import { retentionKeys } from './retention-keys';

/** Erases a client's personal details for good; a tombstone and the audit trail stay. */
export function eraseClient(id: string): Promise<RetentionOutcome> {
  return apiRequest<RetentionOutcome>(staffApiPaths.clientErase(id), { method: 'POST' });
}

export function useEraseClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: eraseClient,
    // An erased person is archived too, so they leave the list.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: retentionKeys.all() }),
  });
}
