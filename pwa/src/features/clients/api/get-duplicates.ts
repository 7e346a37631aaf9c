import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { clientKeys } from './client-keys';
import type { Client } from './types';

/** Likely duplicates of a record: same date of birth and a similar name, or the same phone or email. */
export function getDuplicates(id: string, signal?: AbortSignal): Promise<Client[]> {
  return apiRequest<Client[] | { items: Client[] }>(apiPaths.clientDuplicates(id), { signal }).then((body) => (Array.isArray(body) ? body : body.items));
}

export const duplicatesQuery = (id: string) => queryOptions({ queryKey: clientKeys.duplicates(id), queryFn: ({ signal }) => getDuplicates(id, signal) });

export function useDuplicates(id: string, enabled = true) {
  return useQuery({ ...duplicatesQuery(id), enabled });
}
