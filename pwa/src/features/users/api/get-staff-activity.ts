import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TrailAction, TrailPage } from '@contract/audit';
import { readErrorItems } from '@contract/errors';
import { ApiRequestError, apiRequest, getToken } from '../../../lib/api-client';
import { queryString, staffApiPaths } from '../../../lib/staff-paths';
import { userKeys } from './user-keys';

export const activityPageSize = 50;
/** `routine: 'show'` brings back list searches and caseload downloads, which the screen leaves out by default. */
export type ActivityFilter = { actor?: string; action?: TrailAction; from?: string; to?: string; routine?: 'show' };

/** The whole audit trail, newest first, filtered by person, action and dates (managers only). */
export function getStaffActivity(filter: ActivityFilter, page: number, signal?: AbortSignal): Promise<TrailPage> {
  const query = { ...filter, routine: filter.routine ?? 'hide', page, pageSize: activityPageSize };
  return apiRequest<TrailPage>(`${staffApiPaths.audit}${queryString(query)}`, { signal });
}

export const staffActivityQuery = (filter: ActivityFilter, page: number) =>
  queryOptions({
    queryKey: userKeys.activity(filter, page),
    queryFn: ({ signal }) => getStaffActivity(filter, page, signal),
    placeholderData: keepPreviousData,
  });

export function useStaffActivity(filter: ActivityFilter, page: number) {
  return useQuery(staffActivityQuery(filter, page));
}

/**
 * A period of the trail as CSV for the privacy officer. The token travels in its header, never
 * in a link, so the file is fetched and handed to the browser.
 */
export async function downloadActivity(from: string, to: string): Promise<void> {
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(`${staffApiPaths.auditExport}${queryString({ from, to })}`, { headers: token ? { 'x-auth-token': token } : {} });
  } catch {
    throw new ApiRequestError(0, readErrorItems(0, undefined));
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    throw new ApiRequestError(response.status, readErrorItems(response.status, body), body);
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `audit-${from}-${to}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
