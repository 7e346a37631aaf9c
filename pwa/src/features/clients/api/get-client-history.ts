import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { FieldChange } from '@contract/whanau';
import { apiRequest } from '../../../lib/api-client';
import { queryString, staffApiPaths } from '../../../lib/staff-paths';
import { clientKeys } from './client-keys';
import type { Page } from './types';

export const historyPageSize = 20;

/** `GET /api/clients/{id}/history` (managers): who changed which field, from what, to what; newest first, a page at a time. */
export function getClientHistory(id: string, page: number, signal?: AbortSignal): Promise<Page<FieldChange>> {
  return apiRequest<Page<FieldChange>>(`${staffApiPaths.clientHistory(id)}${queryString({ page, pageSize: historyPageSize })}`, { signal });
}

export const clientHistoryQuery = (id: string, page: number) =>
  queryOptions({ queryKey: clientKeys.history(id, page), queryFn: ({ signal }) => getClientHistory(id, page, signal), placeholderData: keepPreviousData });

export function useClientHistory(id: string, page: number) {
  return useQuery(clientHistoryQuery(id, page));
}
