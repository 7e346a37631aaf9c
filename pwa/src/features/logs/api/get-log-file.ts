import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { staffApiPaths } from '../../../lib/staff-paths';
import { logKeys } from './log-keys';

/** The text of one log file of the listing (plain text; an empty file has no body at all). */
export async function getLogFileText(id: string, signal?: AbortSignal): Promise<string> {
  return (await apiRequest<string | undefined>(staffApiPaths.log(id), { signal })) ?? '';
}

export const logFileQuery = (id: string) => queryOptions({ queryKey: logKeys.file(id), queryFn: ({ signal }) => getLogFileText(id, signal) });

export function useLogFileText(id: string) {
  return useQuery(logFileQuery(id));
}
