import { serviceCatalogue } from '@contract/catalogue';
import type { ServiceEntry } from '@contract/services';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiRequestError, apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

import { serviceKeys } from './service-keys';

export const servicesQueryKey = serviceKeys.all();

/**
 * The six services with their current status. With no signal and nothing cached yet, the
 * catalogue built into the app stands in, so a first visit offline still shows what we offer.
 */
export function servicesQuery() {
  return queryOptions({
    queryKey: servicesQueryKey,
    queryFn: async ({ signal }): Promise<ServiceEntry[]> => {
      try {
        return await apiRequest<ServiceEntry[]>(apiPaths.services, { signal });
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 0) return [...serviceCatalogue];
        throw error;
      }
    },
  });
}

export function useServices() {
  return useQuery(servicesQuery());
}

/** The service a `/service/{id}` route names: by key, or by the name in its `url` (spec §2). */
export function findService(services: readonly ServiceEntry[], id: string): ServiceEntry | undefined {
  return services.find((service) => service.key === id) ?? services.find((service) => service.url === `/service/${id}`);
}
