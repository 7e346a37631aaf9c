import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { staffApiPaths } from '../../../lib/staff-paths';
import type { DashboardData } from './types';

/** One query key factory for the dashboard. */
export const dashboardKeys = { all: () => ['dashboard'] as const };

/** Counts of what the caller may see (DESIGN §4b). */
export function getDashboard(signal?: AbortSignal): Promise<DashboardData> {
  return apiRequest<DashboardData>(staffApiPaths.dashboard, { signal });
}

export const dashboardQuery = () =>
  queryOptions({ queryKey: dashboardKeys.all(), queryFn: ({ signal }) => getDashboard(signal), staleTime: 0, refetchOnWindowFocus: 'always' });

export function useDashboard() {
  return useQuery(dashboardQuery());
}
