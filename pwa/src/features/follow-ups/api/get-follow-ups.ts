import { apiRequest } from '../../../lib/api-client';
import { queryString, staffApiPaths } from '../../../lib/staff-paths';
import type { FollowUp } from './types';

/** `GET /api/follow-ups?state=open`: the caller's open follow-ups, soonest due first. */
export function fetchOpenFollowUps(signal?: AbortSignal): Promise<FollowUp[]> {
  return apiRequest<FollowUp[]>(`${staffApiPaths.followUps}${queryString({ state: 'open' })}`, { signal });
}
