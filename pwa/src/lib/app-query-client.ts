/** The app's one QueryClient, handed over by main.tsx at start, for code outside React (lib/staff-queries.ts). Import-free: part of the first download. */
import type { QueryClient } from '@tanstack/react-query';

let appQueryClient: QueryClient | null = null;

export function setAppQueryClient(client: QueryClient): void {
  appQueryClient = client;
}

export function getAppQueryClient(): QueryClient | null {
  return appQueryClient;
}
