import { useSyncExternalStore } from 'react';

const nothingToWatch = () => () => undefined;

/**
 * False on the server and while the app hydrates a page the server rendered, true once the app
 * runs it (at once in a page the app renders itself). For what only works with the app's script,
 * such as a form that checks and keeps what is typed (decision 096).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    nothingToWatch,
    () => true,
    () => false,
  );
}
