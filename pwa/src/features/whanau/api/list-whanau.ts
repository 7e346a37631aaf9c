import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@contract/common';
import type { WhanauSummary } from '@contract/whanau';
import { apiRequest } from '../../../lib/api-client';
import { queryString, staffApiPaths } from '../../../lib/staff-paths';
import { whanauKeys } from './whanau-keys';

/** `GET /api/whanau?q=`: the whānau the caller may see, by name (folded as client search is). */
export function listWhanau(q: string, signal?: AbortSignal): Promise<Page<WhanauSummary>> {
  return apiRequest<Page<WhanauSummary>>(`${staffApiPaths.whanauList}${queryString({ q: q.trim(), pageSize: 50 })}`, { signal });
}

export const whanauListQuery = (q: string) =>
  queryOptions({
    queryKey: whanauKeys.list(q.trim()),
    queryFn: ({ signal }) => listWhanau(q, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });

export function useWhanauList(q: string) {
  return useQuery(whanauListQuery(q));
}
