import { useCallback } from 'react';
import type { ApiErrorItem } from '@contract/errors';
import { ApiRequestError } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';
import { spec } from '../../i18n/spec';
import { useAlerts } from './alerts-context';

/** The error items a failure carries: the server's list, or one item for a failure that is not an API answer. */
export function errorItemsOf(error: unknown): ApiErrorItem[] {
  if (error instanceof ApiRequestError) return error.errors;
  return [{ msg: 'Something went wrong. Please try again.', code: 'server_error' }];
}

/** Spec §8: one danger alert titled 'Error' per error item the server sent, in the chosen language. */
export function useShowErrors(): (error: unknown) => void {
  const { setAlert } = useAlerts();
  return useCallback(
    (error: unknown) => {
      for (const item of errorItemsOf(error)) setAlert(errorMessage(item), 'danger', { title: spec.error });
    },
    [setAlert],
  );
}
