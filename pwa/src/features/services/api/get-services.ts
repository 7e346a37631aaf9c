import type { ServiceEntry } from '@contract/services';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiRequestError, apiRequest } from '../../../lib/api-client';
import { isServiceEntry, validItems } from '../../../lib/answer-guards';
import { apiPaths } from '../../../lib/paths';

import { serviceKeys } from './service-keys';

export const servicesQueryKey = serviceKeys.all();

/**
 * The six services with their current status; an item that does not have a service's shape is
 * left out (and reported), the others still show. With no signal and nothing cached yet, the
 * catalogue built into the app stands in, so a first visit offline still shows what we offer.
 * It is its own chunk (precached), loaded only then: the first download does not carry it.
 */
export function servicesQuery() {
  return queryOptions({
    queryKey: servicesQueryKey,
    queryFn: async ({ signal }): Promise<ServiceEntry[]> => {
      try {
        return validItems(await apiRequest<unknown>(apiPaths.services, { signal }), isServiceEntry, 'service');
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 0) {
          const { serviceCatalogue } = await import('@contract/catalogue');
          return [...serviceCatalogue];
        }
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
