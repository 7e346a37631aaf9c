import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditEvent } from '@contract/audit';
import type { Page } from '@contract/common';
import { apiRequest } from '../../../lib/api-client';
import { queryString, staffApiPaths } from '../../../lib/staff-paths';
import { userKeys } from './user-keys';

export const staffHistoryPageSize = 20;

/** What was done to one staff account, newest first, a page at a time (managers only). */
export function getStaffHistory(id: string, page: number, signal?: AbortSignal): Promise<Page<AuditEvent>> {
  return apiRequest<Page<AuditEvent>>(`${staffApiPaths.userAudit(id)}${queryString({ page, pageSize: staffHistoryPageSize })}`, { signal });
}

export const staffHistoryQuery = (id: string, page: number) =>
  queryOptions({ queryKey: userKeys.history(id, page), queryFn: ({ signal }) => getStaffHistory(id, page, signal), placeholderData: keepPreviousData });

export function useStaffHistory(id: string, page: number) {
  return useQuery(staffHistoryQuery(id, page));
}
