import { useSyncExternalStore } from 'react';
import { isOnline, subscribeConnectivity } from './connectivity';

/** Whether the app can reach the server now (lib/connectivity.ts): a network, and an answer. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeConnectivity, isOnline, () => true);
}
