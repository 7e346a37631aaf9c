import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TranslationCorrection, TranslationOverrides } from '@contract/translations';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { staffApiPaths } from '../../../lib/staff-paths';
import { loadCorrections } from '../../../i18n/load-corrections';

export const translationKeys = { corrections: () => ['content', 'translations', 'mi'] as const };

export const correctionsQuery = () =>
  queryOptions({
    queryKey: translationKeys.corrections(),
    queryFn: ({ signal }) => apiRequest<TranslationOverrides>(apiPaths.translations('mi'), { signal }),
  });

export function useCorrections() {
  return useQuery(correctionsQuery());
}

/** Saves a correction (empty text removes it), then shows it in the whole interface at once. */
export function saveCorrection({ key, text }: { key: string; text: string }): Promise<TranslationCorrection | undefined> {
  return apiRequest<TranslationCorrection | undefined>(staffApiPaths.translation('mi', key), { method: 'PUT', json: { text } });
}

export function removeCorrection(key: string): Promise<unknown> {
  return apiRequest<unknown>(staffApiPaths.translation('mi', key), { method: 'DELETE' });
}

function useAfterChange() {
  const queryClient = useQueryClient();
  return async () => {
    await loadCorrections();
    await queryClient.invalidateQueries({ queryKey: translationKeys.corrections() });
  };
}

export function useSaveCorrection() {
  const afterChange = useAfterChange();
  return useMutation({ mutationFn: saveCorrection, onSuccess: afterChange });
}

export function useRemoveCorrection() {
  const afterChange = useAfterChange();
  return useMutation({ mutationFn: removeCorrection, onSuccess: afterChange });
}
