import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffUser } from '@contract/users';
import { apiRequest } from '../../../lib/api-client';
import { staffApiPaths } from '../../../lib/staff-paths';
import { userKeys } from './user-keys';

export function getStaffMember(id: string, signal?: AbortSignal): Promise<StaffUser> {
  return apiRequest<StaffUser>(staffApiPaths.user(id), { signal });
}

export const staffMemberQuery = (id: string) => queryOptions({ queryKey: userKeys.member(id), queryFn: ({ signal }) => getStaffMember(id, signal) });

export function useStaffMember(id: string) {
  return useQuery(staffMemberQuery(id));
}
