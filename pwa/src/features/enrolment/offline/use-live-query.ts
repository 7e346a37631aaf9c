import { liveQuery } from 'dexie';
import { useMemo, useSyncExternalStore } from 'react';

/**
 * The answer of an IndexedDB query, kept current as the database changes — in this tab, in
 * another tab or in the service worker (Dexie's liveQuery). `undefined` until the first answer.
 * Used instead of dexie-react-hooks, which the app does not depend on.
 */
export function useLiveQuery<T>(query: () => Promise<T>, key: string): T | undefined {
  // `key` names the query's inputs: a new key is a new query.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the query closure is new each render; `key` stands for it
  const store = useMemo(() => createLiveStore(query), [key]);
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}

function createLiveStore<T>(query: () => Promise<T>) {
  let value: T | undefined;
  return {
    subscribe(onChange: () => void) {
      const subscription = liveQuery(query).subscribe({
        next: (next) => {
          value = next;
          onChange();
        },
        // A failed read (storage blocked) leaves the last answer; the page still works online.
        error: () => undefined,
      });
      return () => subscription.unsubscribe();
    },
    getSnapshot: () => value,
  };
}
