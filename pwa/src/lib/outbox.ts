/**
 * The outbox's public entry: the one queue for every write made on this device (DESIGN §6).
 * The engine lives in `lib/outbox/` (create-outbox.ts composes store, flush, settle; sync-lane.ts
 * is the staff lane; read-items.ts the one reader of a person's items). The kinds belong to their
 * features and are registered in src/offline-kinds.ts. The page's outbox and its triggers are in
 * outbox-triggers.ts; docs/offline.md and docs/decisions/040 and 074 describe the design.
 */
import { getLocalDb, type LocalDb, type OutboxOperation } from './local-db';

export type { OutboxOperation, OutboxState } from './local-db';
export { createOutbox, type Outbox, type OutboxOptions } from './outbox/create-outbox';
export { OutboxStateError, asFormErrors } from './outbox/errors';
export type { EnqueueInput, OpenedConflict } from './outbox/store';
export type { FlushReport } from './outbox/report';
export { backoffDelay, isStuck, keepDoneForMs, outboxBackoff, outboxLockName, outboxSyncTag, parseRetryAfter, stuckAfterAttempts } from './outbox/policy';
export { fetchTransport } from './outbox/transport';
export { createOutboxRegistry, type OutboxRegistry } from './outbox/registry';
export { syncLane, syncLaneTo } from './outbox/sync-lane';
export { outboxEvents } from './outbox/events';
export { checkPayload, asObject, OutboxValidationError } from './outbox/check';
export {
  countQueuedItems,
  countUnsentStaffWork,
  payloadOf,
  readConflict,
  readQueuedItems,
  statusOf,
  type QueuedItem,
  type QueuedItemStatus,
} from './outbox/read-items';
export type {
  OfflineKind,
  OpenedItem,
  OutboxEvent,
  OutboxItemResult,
  OutboxLanding,
  OutboxLane,
  OutboxLocks,
  OutboxRequest,
  OutboxResponse,
  OutboxTransport,
} from './outbox/types';

// ——— Reading the outbox (for the page) ————————————————————————————————————————

/** Items not yet confirmed by the server, oldest first (done items excluded). */
export async function listUnsent(db: LocalDb = getLocalDb()): Promise<OutboxOperation[]> {
  const all = await db.outbox.orderBy('createdAt').toArray();
  return all.filter((operation) => operation.state !== 'done');
}

/** When the server last answered this device's outbox; null before the first time. */
export async function readLastSyncAt(db: LocalDb = getLocalDb()): Promise<number | null> {
  return (await db.settings.get('lastSyncAt'))?.value ?? null;
}
