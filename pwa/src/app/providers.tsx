import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { AlertsProvider } from './alerts/alerts-provider';
import { createQueryClient } from './query-client';

/** Providers that live outside the router; the auth provider sits in the root layout. */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AlertsProvider>{children}</AlertsProvider>
    </QueryClientProvider>
  );
}
