import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CounterSetting, UpdateCounterInput } from '@contract/reports';
import { apiRequest } from '../../../lib/api-client';
import { staffApiPaths } from '../../../lib/staff-paths';
import { reportKeys } from './report-keys';

/** What each home counter adds to its base (managers). */
export function listCounterSettings(signal?: AbortSignal): Promise<CounterSetting[]> {
  return apiRequest<CounterSetting[]>(staffApiPaths.counterSettings, { signal });
}

export const counterSettingsQuery = () => queryOptions({ queryKey: reportKeys.counters(), queryFn: ({ signal }) => listCounterSettings(signal) });

export function useCounterSettings() {
  return useQuery(counterSettingsQuery());
}

export function useUpdateCounter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, changes }: { key: string; changes: UpdateCounterInput }) =>
      apiRequest<CounterSetting>(staffApiPaths.counter(key), { method: 'PATCH', json: changes }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.counters() }),
  });
}
