import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryString, staffApiPaths } from '../../../lib/staff-paths';
import { clientKeys } from './client-keys';
import type { AuditEvent, Page } from './types';

export const auditPageSize = 20;

/** The record's audit trail, newest first, a page at a time (managers only). */
export function getClientAudit(id: string, page: number, signal?: AbortSignal): Promise<Page<AuditEvent>> {
  return apiRequest<Page<AuditEvent>>(`${staffApiPaths.clientAudit(id)}${queryString({ page, pageSize: auditPageSize })}`, { signal });
}

export const clientAuditQuery = (id: string, page: number) =>
  queryOptions({ queryKey: clientKeys.audit(id, page), queryFn: ({ signal }) => getClientAudit(id, page, signal), placeholderData: keepPreviousData });

export function useClientAudit(id: string, page: number) {
  return useQuery(clientAuditQuery(id, page));
}
