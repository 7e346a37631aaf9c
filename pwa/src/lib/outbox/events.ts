/**
 * Every item's result, for listeners beyond its own kind (the screens' "on this device" panels).
 * A kind lands its own results through its `land`; listeners here run after it.
 */
import type { OutboxLanding } from './types';

const listeners = new Set<(landing: OutboxLanding) => void>();

export const outboxEvents = {
  /** Every result; returns the unsubscribe. */
  subscribe(listener: (landing: OutboxLanding) => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  emit(landing: OutboxLanding): void {
    for (const listener of listeners) {
      try {
        listener(landing);
      } catch {
        // A listener's failure is its own; the outbox goes on.
      }
    }
  },
};
