import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ShareItemInput, WhanauShareRecord } from '@contract/whanau-app';
import { apiRequest } from '../../../lib/api-client';
import { staffApiPaths } from '../../../lib/staff-paths';
import { whanauKeys } from './whanau-keys';

/** `GET /api/whanau/{id}/shares`: what is shared with the whānau's app, with who shared it and when. */
export function listShares(whanauId: string, signal?: AbortSignal): Promise<WhanauShareRecord[]> {
  return apiRequest<WhanauShareRecord[]>(staffApiPaths.whanauShares(whanauId), { signal });
}

export const sharesQuery = (whanauId: string) =>
  queryOptions({ queryKey: whanauKeys.shares(whanauId), queryFn: ({ signal }) => listShares(whanauId, signal), retry: false, staleTime: 0 });

export function useShares(whanauId: string, online: boolean) {
  return useQuery({ ...sharesQuery(whanauId), enabled: online });
}

/** `PUT /api/whanau/{id}/shares`: "Share with the whānau", or stop sharing; answers the whole list. */
export function setShared({ whanauId, ...share }: ShareItemInput & { whanauId: string }): Promise<WhanauShareRecord[]> {
  return apiRequest<WhanauShareRecord[]>(staffApiPaths.whanauShares(whanauId), { method: 'PUT', json: share });
}

export function useSetShared(whanauId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setShared,
    onSuccess: (shares) => queryClient.setQueryData(whanauKeys.shares(whanauId), shares),
  });
}
