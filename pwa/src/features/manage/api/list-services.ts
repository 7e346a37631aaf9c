import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Service } from '@contract/services';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { manageKeys } from './manage-keys';

export function listServices(signal?: AbortSignal): Promise<Service[]> {
  return apiRequest<Service[]>(apiPaths.services, { signal });
}

export const servicesQuery = () => queryOptions({ queryKey: manageKeys.serviceStatuses(), queryFn: ({ signal }) => listServices(signal) });

export function useServices() {
  return useQuery(servicesQuery());
}
