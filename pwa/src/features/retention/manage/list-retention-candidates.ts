import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { RetentionCandidate } from '@contract/clients';
import type { Page } from '@contract/common';
import { apiRequest } from '../../../lib/api-client';
import { queryString, staffApiPaths } from '../../../lib/staff-paths';
import { retentionKeys } from './retention-keys';

export const retentionPageSize = 20;

/** People with no contact for the retention period, longest quiet first (managers only; the read is on the trail). */
export function listRetentionCandidates(page: number, signal?: AbortSignal): Promise<Page<RetentionCandidate>> {
  return apiRequest<Page<RetentionCandidate>>(`${staffApiPaths.clientsRetention}${queryString({ page, pageSize: retentionPageSize })}`, { signal });
}

export const retentionCandidatesQuery = (page: number) =>
  queryOptions({
    queryKey: retentionKeys.page(page),
    queryFn: ({ signal }) => listRetentionCandidates(page, signal),
    placeholderData: keepPreviousData,
  });

export function useRetentionCandidates(page: number) {
  return useQuery(retentionCandidatesQuery(page));
}
