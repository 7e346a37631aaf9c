import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Service } from '@contract/services';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { serviceKeys } from '../api/service-keys';

/** The services as the server holds them now, with no built-in fallback: what site management shows. */
export function listServiceStatuses(signal?: AbortSignal): Promise<Service[]> {
  return apiRequest<Service[]>(apiPaths.services, { signal });
}

export const serviceStatusesQuery = () => queryOptions({ queryKey: serviceKeys.statuses(), queryFn: ({ signal }) => listServiceStatuses(signal) });

export function useServiceStatuses() {
  return useQuery(serviceStatusesQuery());
}
