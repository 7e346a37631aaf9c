import { useCallback } from 'react';
import { ApiRequestError } from '../../lib/api-client';
import { useAlerts } from './alerts-context';

/** The error items a failure carries: the server's list, or one generic item. */
export function errorItemsOf(error: unknown): { msg: string; param?: string }[] {
  if (error instanceof ApiRequestError) return error.errors;
  return [{ msg: 'Something went wrong. Please try again.' }];
}

/** Spec §8: one danger alert titled 'Error' per error item the server sent. */
export function useShowErrors(): (error: unknown) => void {
  const { setAlert } = useAlerts();
  return useCallback(
    (error: unknown) => {
      for (const item of errorItemsOf(error)) setAlert(item.msg, 'danger', { title: 'Error' });
    },
    [setAlert],
  );
}
