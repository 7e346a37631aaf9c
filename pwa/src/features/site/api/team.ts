import { TeamMemberSchema, type TeamMember } from '@contract/site';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { parseItems } from '../../../lib/parse-items';
import { apiPaths } from '../../../lib/paths';
import { siteKeys } from './site-keys';

/** `GET /api/content/team`: the kaitiaki in the order managers set. */
export async function listTeam(signal?: AbortSignal): Promise<TeamMember[]> {
  const members = parseItems(TeamMemberSchema, await apiRequest<unknown>(apiPaths.team, { signal }), 'team');
  return members.sort((a, b) => a.order - b.order);
}

export const teamQuery = () => queryOptions({ queryKey: siteKeys.team(), queryFn: ({ signal }) => listTeam(signal) });

export function useTeam() {
  return useQuery(teamQuery());
}
