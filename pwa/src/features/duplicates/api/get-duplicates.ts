import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DuplicatePair } from '@contract/duplicates';
import { apiRequest } from '../../../lib/api-client';
import { staffApiPaths } from '../../../lib/staff-paths';
import { duplicatesKeys } from './duplicates-keys';

/** Likely pairs of records of one person, with why each matched (managers only; the read is on the trail). */
export function getDuplicates(signal?: AbortSignal): Promise<{ items: DuplicatePair[] }> {
  return apiRequest<{ items: DuplicatePair[] }>(staffApiPaths.duplicates, { signal });
}

export const duplicatesQuery = () => queryOptions({ queryKey: duplicatesKeys.all(), queryFn: ({ signal }) => getDuplicates(signal) });

export function useDuplicates() {
  return useQuery(duplicatesQuery());
}
