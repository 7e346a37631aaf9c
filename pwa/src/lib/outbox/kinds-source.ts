/**
 * Where the app's outbox finds its kinds (src/offline-kinds.ts, which imports the features): the
 * app says so at start, and they are loaded on first use, so neither lib/ nor the first download
 * imports a feature. Imports nothing: it is part of the first download.
 */
import type { OutboxRegistry } from './registry';

let loadKinds: (() => Promise<OutboxRegistry>) | null = null;

export function provideOutboxKinds(load: () => Promise<OutboxRegistry>): void {
  loadKinds = load;
}

/** The loader the app gave, or null before it did. */
export function outboxKindsLoader(): (() => Promise<OutboxRegistry>) | null {
  return loadKinds;
}
