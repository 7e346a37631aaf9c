import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateUserInput, StaffUser } from '@contract/users';
import { apiRequest } from '../../../lib/api-client';
import { staffApiPaths } from '../../../lib/staff-paths';
import { userKeys } from './user-keys';

export function createStaffMember(input: CreateUserInput): Promise<StaffUser> {
  return apiRequest<StaffUser>(staffApiPaths.users, { method: 'POST', json: input });
}

export function useCreateStaffMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStaffMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all() }),
  });
}
