/**
 * The app's query cache as staff data sees it: which queries hold staff data (everything but the
 * public roots), so sign-out can drop them and a sync can refresh them.
 */
import { getAppQueryClient } from './app-query-client';

/** Query roots that hold public content; everything else is staff data. */
const publicQueryRoots = new Set<unknown>(['services', 'content', 'site']);

let timer: ReturnType<typeof setTimeout> | undefined;

export function isStaffQuery(queryKey: readonly unknown[]): boolean {
  return !publicQueryRoots.has(queryKey[0]);
}

/**
 * The server has applied something of a kaimahi's: every staff screen asks again (lists, the
 * client page, the dashboard's counts). Batched: a hundred results in one flush refresh once.
 */
export function refreshStaffQueries(): void {
  clearTimeout(timer);
  timer = setTimeout(() => void getAppQueryClient()?.invalidateQueries({ predicate: (query) => isStaffQuery(query.queryKey) }), 200);
}

/** Sign-out: staff data leaves the cache. */
export function dropStaffQueries(): void {
  getAppQueryClient()?.removeQueries({ predicate: (query) => isStaffQuery(query.queryKey) });
}
