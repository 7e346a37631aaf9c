import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffUser, UpdateUserInput } from '@contract/users';
import { apiRequest } from '../../../lib/api-client';
import { staffApiPaths } from '../../../lib/staff-paths';
import { userKeys } from './user-keys';

export type UpdateStaffMemberRequest = { id: string; changes: UpdateUserInput };

/** Changes any of name, email, access, active and password; only the fields given are sent. */
export function updateStaffMember({ id, changes }: UpdateStaffMemberRequest): Promise<StaffUser> {
  return apiRequest<StaffUser>(staffApiPaths.user(id), { method: 'PATCH', json: changes });
}

export function useUpdateStaffMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStaffMember,
    onSuccess: (staffMember) => {
      queryClient.setQueryData(userKeys.member(staffMember._id), staffMember);
      return queryClient.invalidateQueries({ queryKey: userKeys.all() });
    },
  });
}
