import { siteFields, type Site } from '@contract/site-fields';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { isSite } from '../../../lib/answer-guards';
import { apiPaths } from '../../../lib/paths';
import { siteKeys } from './site-keys';

/** No details set: what a fresh install holds, and what visitors see before the answer comes. */
export const emptySite: Site = Object.fromEntries(siteFields.map((field) => [field, null])) as Site;

/** `GET /api/site`: the trust's details, each null until a manager sets it. */
export async function getSite(signal?: AbortSignal): Promise<Site> {
  const answer = await apiRequest<unknown>(apiPaths.site, { signal });
  if (isSite(answer)) return answer;
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
