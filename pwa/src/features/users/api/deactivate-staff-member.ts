import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { staffApiPaths } from '../../../lib/staff-paths';
import { userKeys } from './user-keys';

/** DELETE on a staff account deactivates it: the record stays, its sessions end. */
export function deactivateStaffMember(id: string): Promise<unknown> {
  return apiRequest<unknown>(staffApiPaths.user(id), { method: 'DELETE' });
}

export function useDeactivateStaffMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivateStaffMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all() }),
  });
}
