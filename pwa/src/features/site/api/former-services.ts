import { FormerServiceSchema, type FormerService } from '@contract/site';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { parseItems } from '../../../lib/parse-items';
import { apiPaths } from '../../../lib/paths';
import { siteKeys } from './site-keys';

/** `GET /api/content/former-services`: the programmes the trust ran before, in the order managers set. */
export async function listFormerServices(signal?: AbortSignal): Promise<FormerService[]> {
  const services = parseItems(FormerServiceSchema, await apiRequest<unknown>(apiPaths.formerServices, { signal }), 'former services');
  return services.sort((a, b) => a.order - b.order);
}

export const formerServicesQuery = () => queryOptions({ queryKey: siteKeys.formerServices(), queryFn: ({ signal }) => listFormerServices(signal) });

export function useFormerServices() {
  return useQuery(formerServicesQuery());
}
