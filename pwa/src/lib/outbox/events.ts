/**
 * What happened to staff items, for whoever keeps a copy of the records (the caseload), so the
 * outbox never imports it. Listeners run after the outbox's own transaction has committed.
 */
import type { OutboxKind } from '../local-db';
import type { OutboxEvent } from './types';

const listeners = new Set<(event: OutboxEvent) => void>();

export const outboxEvents = {
  /** Every event; returns the unsubscribe. */
  subscribe(listener: (event: OutboxEvent) => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** The server applied (or had already applied) an item of `kind`: `record` is what it now holds. */
  onApplied(kind: OutboxKind, listener: (entityId: string, record: unknown, itemId: string) => void): () => void {
    return outboxEvents.subscribe((event) => {
      if (event.type === 'applied' && event.kind === kind) listener(event.entityId, event.record, event.itemId);
    });
  },
  emit(event: OutboxEvent): void {
    for (const listener of listeners) {
      try {
        listener(event);
      } catch {
        // A listener's failure is its own; the outbox goes on.
      }
    }
  },
};
