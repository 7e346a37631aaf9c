import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffUser } from '@contract/users';
import { apiRequest } from '../../../lib/api-client';
import { staffApiPaths } from '../../../lib/staff-paths';
import { userKeys } from './user-keys';

export function listStaff(signal?: AbortSignal): Promise<StaffUser[]> {
  return apiRequest<StaffUser[]>(staffApiPaths.users, { signal });
}

export const staffQuery = () => queryOptions({ queryKey: userKeys.list(), queryFn: ({ signal }) => listStaff(signal) });

export function useStaff() {
  return useQuery(staffQuery());
}
