import { SiteSchema, siteFields, type Site } from '@contract/site';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { siteKeys } from './site-keys';

/** No details set: what a fresh install holds, and what visitors see before the answer comes. */
export const emptySite: Site = Object.fromEntries(siteFields.map((field) => [field, null])) as Site;

/** `GET /api/site`: the trust's details, each null until a manager sets it. */
export async function getSite(signal?: AbortSignal): Promise<Site> {
  const parsed = SiteSchema.safeParse(await apiRequest<unknown>(apiPaths.site, { signal }));
  if (parsed.success) return parsed.data;
  console.warn('The site details answer was malformed; showing none.');
  return emptySite;
}

export const siteQuery = () => queryOptions({ queryKey: siteKeys.settings(), queryFn: ({ signal }) => getSite(signal) });

export function useSite() {
  return useQuery(siteQuery());
}

/** The trust's details for a visitor's page: empty (so the page shows its "coming soon") until they arrive. */
export function useSiteDetails(): Site {
  return useSite().data ?? emptySite;
}
