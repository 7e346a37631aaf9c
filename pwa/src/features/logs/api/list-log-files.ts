import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LogFile } from '@contract/logs';
import { apiRequest } from '../../../lib/api-client';
import { staffApiPaths } from '../../../lib/staff-paths';
import { logKeys } from './log-keys';

export function listLogFiles(signal?: AbortSignal): Promise<LogFile[]> {
  return apiRequest<LogFile[]>(staffApiPaths.logs, { signal });
}

export const logFilesQuery = () => queryOptions({ queryKey: logKeys.list(), queryFn: ({ signal }) => listLogFiles(signal) });

export function useLogFiles() {
  return useQuery(logFilesQuery());
}
