import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AlertsProvider } from '../components/alerts/alerts-provider';

/**
 * Providers that live outside the router; the auth provider sits in the root layout. The query
 * client is made in main.tsx, so a page's data can be asked for before React starts.
 */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AlertsProvider>{children}</AlertsProvider>
    </QueryClientProvider>
  );
}
