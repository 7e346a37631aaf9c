import { translate } from '../../i18n/i18n';
import { spec } from '../../i18n/spec';
import { useCallback } from 'react';
import { ApiRequestError } from '../../lib/api-client';
import { useAlerts } from './alerts-context';

/** The error items a failure carries: the server's list, or one generic item. */
export function errorItemsOf(error: unknown): { msg: string; param?: string }[] {
  if (error instanceof ApiRequestError) return error.errors;
  return [{ msg: translate('alerts.failed') }];
}

/** Spec §8: one danger alert titled 'Error' per error item the server sent. */
export function useShowErrors(): (error: unknown) => void {
  const { setAlert } = useAlerts();
  return useCallback(
    (error: unknown) => {
      for (const item of errorItemsOf(error)) setAlert(item.msg, 'danger', { title: spec.error });
    },
    [setAlert],
  );
}
