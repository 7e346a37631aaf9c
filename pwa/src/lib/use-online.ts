import { useEffect, useRef, useSyncExternalStore } from 'react';
import { isOnline, subscribeConnectivity } from './connectivity';

/** Whether the app can reach the server now (lib/connectivity.ts): a network, and an answer. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeConnectivity, isOnline, () => true);
}

/**
 * Reads a record again when signal comes back after its read failed (it was shown from the device
 * meanwhile). Once per return of signal, never because it failed: a failed read with no data goes
 * back to pending when read again, so reading again on every failure would ask the server in a
 * loop (a record the kaimahi may not see answered 404 forty times a second, each an audited view).
 */
export function useReadAgainWhenOnline(query: { isError: boolean; refetch: () => Promise<unknown> }): void {
  const online = useOnline();
  const failed = useRef(query.isError);
  failed.current = query.isError;
  const { refetch } = query;
  useEffect(() => {
    if (online && failed.current) void refetch();
  }, [online, refetch]);
}
