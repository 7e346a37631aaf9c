import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LogFile } from '@contract/logs';
import { apiRequest } from '../../../lib/api-client';
import { staffApiPaths } from '../../../lib/staff-paths';
import { logKeys } from './log-keys';

export function deleteLogFile(id: string): Promise<unknown> {
  return apiRequest<unknown>(staffApiPaths.log(id), { method: 'DELETE' });
}

/**
 * Deletes a log file. The page leaves before the call completes (spec §7), so the list drops the
 * file at once and is refetched when the call settles; `onError` runs even after the page has gone.
 */
export function useDeleteLogFile({ onError }: { onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLogFile,
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: logKeys.list() });
      queryClient.setQueryData<LogFile[]>(logKeys.list(), (files) => files?.filter((file) => file._id !== id));
      queryClient.removeQueries({ queryKey: logKeys.file(id), exact: true });
    },
    onError: (error) => onError?.(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: logKeys.list(), exact: true }),
  });
}
