import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WhanauDetail } from '@contract/whanau';
import { apiRequest } from '../../../lib/api-client';
import { staffApiPaths } from '../../../lib/staff-paths';
import { whanauKeys } from './whanau-keys';

/** One whānau as the caller may see it. The server audits the view. */
export function getWhanau(id: string, signal?: AbortSignal): Promise<WhanauDetail> {
  return apiRequest<WhanauDetail>(staffApiPaths.whanau(id), { signal });
}

export const whanauQuery = (id: string) =>
  queryOptions({
    queryKey: whanauKeys.detail(id),
    queryFn: ({ signal }) => getWhanau(id, signal),
    // Each read is an audited view: not again just because the window got focus.
    refetchOnWindowFocus: false,
    retry: (count, error) => count < 2 && !('status' in error && (error.status === 404 || error.status === 403 || error.status === 0)),
  });

export function useWhanau(id: string, enabled = true) {
  return useQuery({ ...whanauQuery(id), enabled });
}
