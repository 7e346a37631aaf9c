import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '../lib/api-client';

/**
 * One QueryClient for the app. `offlineFirst` lets requests reach the service worker's cache
 * when the phone has no signal (the default mode would wait for a connection and show nothing).
 * Client errors (4xx) are answers, not hiccups: they are not retried.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        networkMode: 'offlineFirst',
        staleTime: 60_000,
        gcTime: 30 * 60_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => {
          if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) return false;
          return failureCount < 2;
        },
      },
      mutations: { networkMode: 'offlineFirst', retry: false },
    },
  });
}
