/**
 * The app's query cache as staff data sees it: which queries hold staff data (everything but the
 * public roots), so sign-out can drop them and a sync can refresh them. The app hands its
 * QueryClient over at start; tiny and import-free, as it is part of the first download.
 */
import type { QueryClient } from '@tanstack/react-query';

/** Query roots that hold public content; everything else is staff data. */
const publicQueryRoots = new Set<unknown>(['services', 'content', 'site']);

let queryClient: QueryClient | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;

export function setStaffQueryClient(client: QueryClient): void {
  queryClient = client;
}

export function isStaffQuery(queryKey: readonly unknown[]): boolean {
  return !publicQueryRoots.has(queryKey[0]);
}

/**
 * The server has applied something of a kaimahi's: every staff screen asks again (lists, the
 * client page, the dashboard's counts). Batched: a hundred results in one flush refresh once.
 */
export function refreshStaffQueries(): void {
  clearTimeout(timer);
  timer = setTimeout(() => void queryClient?.invalidateQueries({ predicate: (query) => isStaffQuery(query.queryKey) }), 200);
}

/** Sign-out: staff data leaves the cache. */
export function dropStaffQueries(): void {
  queryClient?.removeQueries({ predicate: (query) => isStaffQuery(query.queryKey) });
}
