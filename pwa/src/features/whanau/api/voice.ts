import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WhanauVoice } from '@contract/whanau-app';
import { apiRequest } from '../../../lib/api-client';
import { staffApiPaths } from '../../../lib/staff-paths';
import { whanauKeys } from './whanau-keys';

/** `GET /api/whanau/{id}/voice`: the whānau's comments, suggested goals and "How are we going?" ratings. */
export function getVoice(whanauId: string, signal?: AbortSignal): Promise<WhanauVoice> {
  return apiRequest<WhanauVoice>(staffApiPaths.whanauVoice(whanauId), { signal });
}

export const voiceQuery = (whanauId: string) =>
  queryOptions({
    queryKey: whanauKeys.voice(whanauId),
    queryFn: ({ signal }) => getVoice(whanauId, signal),
    retry: false,
    refetchOnWindowFocus: false,
    staleTime: 0,
  });

export function useVoice(whanauId: string, online: boolean) {
  return useQuery({ ...voiceQuery(whanauId), enabled: online });
}
