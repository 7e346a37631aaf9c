import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EraseClientInput, RetentionOutcome } from '@contract/clients';
import { apiRequest } from '../../../lib/api-client';
import { staffApiPaths } from '../../../lib/staff-paths';
import { retentionKeys } from './retention-keys';

/**
 * Erases a client's personal details for good; a tombstone and the audit trail stay. `whanau`:
 * the texts of their whānau the manager rewrote so they no longer name the person.
 */
export function eraseClient({ id, whanau }: { id: string; whanau: EraseClientInput['whanau'] }): Promise<RetentionOutcome> {
  return apiRequest<RetentionOutcome>(staffApiPaths.clientErase(id), { method: 'POST', json: { whanau } });
}

export function useEraseClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: eraseClient,
    // An erased person is archived too, so they leave the list.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: retentionKeys.all() }),
  });
}
