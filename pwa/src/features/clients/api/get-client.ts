import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { staffApiPaths } from '../../../lib/staff-paths';
import { clientKeys } from './client-keys';
import type { ClientDetail } from './types';

/** One client with enrolments, notes (newest first) and `version`. The server audits the view. */
export function getClient(id: string, signal?: AbortSignal): Promise<ClientDetail> {
  return apiRequest<ClientDetail>(staffApiPaths.client(id), { signal });
}

export const clientQuery = (id: string) =>
  queryOptions({
    queryKey: clientKeys.detail(id),
    queryFn: ({ signal }) => getClient(id, signal),
    // Each read is an audited view: no reading again just because the window got focus.
    refetchOnWindowFocus: false,
    retry: (count, error) => count < 2 && !('status' in error && (error.status === 404 || error.status === 403)),
  });

export function useClient(id: string) {
  return useQuery(clientQuery(id));
}
