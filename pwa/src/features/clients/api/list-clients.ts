import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryString, staffApiPaths } from '../../../lib/staff-paths';
import { clientKeys } from './client-keys';
import type { Client, ClientListQuery, Page } from './types';

/** Clients the caller may see, matching `q` (names, phone, email; the server folds case and macrons). */
export function listClients(query: ClientListQuery, signal?: AbortSignal): Promise<Page<Client>> {
  return apiRequest<Page<Client>>(`${staffApiPaths.clients}${queryString(query)}`, { signal });
}

export const clientsQuery = (query: ClientListQuery) =>
  queryOptions({ queryKey: clientKeys.list(query), queryFn: ({ signal }) => listClients(query, signal), placeholderData: keepPreviousData });

export function useClients(query: ClientListQuery, enabled = true) {
  return useQuery({ ...clientsQuery(query), enabled });
}
