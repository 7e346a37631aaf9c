/**
 * The query keys of services. The public pages read `all` (with the built-in catalogue standing
 * in offline); site management reads `statuses`, which is only what the server holds, so a
 * manager never sees the fallback as if it were the server's. Invalidating `all` refreshes both.
 */
export const serviceKeys = {
  all: () => ['services'] as const,
  statuses: () => ['services', 'manage'] as const,
};
