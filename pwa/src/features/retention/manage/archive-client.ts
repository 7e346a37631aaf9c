import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RetentionOutcome } from '@contract/clients';
import { apiRequest } from '../../../lib/api-client';
import { staffApiPaths } from '../../../lib/staff-paths';
import { retentionKeys } from './retention-keys';

/** Archives a client: kept read-only for managers, out of every caseload and kaimahi view. */
export function archiveClient(id: string): Promise<RetentionOutcome> {
  return apiRequest<RetentionOutcome>(staffApiPaths.clientArchive(id), { method: 'POST' });
}

export function useArchiveClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: archiveClient,
    // An archived person leaves the list.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: retentionKeys.all() }),
  });
}
