import { queryString } from '../../../lib/staff-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { enrolmentKeys } from './client-keys';
import type { Page, StaffEnrolment } from './types';

/** How many enrolments of the caller's services are still `new`: one row asked for, the total read. */
export async function getNewEnrolmentCount(signal?: AbortSignal): Promise<number> {
  const page = await apiRequest<Page<StaffEnrolment>>(`${apiPaths.enrolments}${queryString({ status: 'new', pageSize: 1 })}`, { signal });
  return page.total;
}

export const newEnrolmentCountQuery = () =>
  queryOptions({
    queryKey: enrolmentKeys.newCount(),
    queryFn: ({ signal }) => getNewEnrolmentCount(signal),
    // Fresh whenever the window comes back into focus, and at most a minute old otherwise.
    staleTime: 0,
    refetchOnWindowFocus: 'always',
    refetchInterval: 60_000,
  });

/** The side menu's count; asked only while someone is signed in. */
export function useNewEnrolmentCount(enabled: boolean) {
  return useQuery({ ...newEnrolmentCountQuery(), enabled });
}
