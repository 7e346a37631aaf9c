/**
 * The outbox's public entry: the one queue for every write made on this device (DESIGN §6).
 * The engine and the kinds it carries live in `lib/outbox/` (engine.ts: lanes, batches and
 * states; registry.ts: the kinds; enrolment-kind.ts and staff-kinds.ts: what each means;
 * staff.ts: reading a kaimahi's sealed items). The page's outbox and its triggers are in
 * outbox-triggers.ts; docs/offline.md and docs/decisions/040 describe the design.
 */
import { getLocalDb, type LocalDb, type OutboxOperation } from './local-db';

export type { OutboxOperation, OutboxOperationOf, OutboxState, OutboxKind, StaffKind, StaffPayloads } from './local-db';
export { createOutbox, OutboxStateError, type EnqueueInput, type FlushReport, type OpenedConflict, type Outbox, type OutboxOptions } from './outbox/engine';
export {
  backoffDelay,
  isStuck,
  keepDoneForMs,
  outboxBackoff,
  outboxLockName,
  outboxSchemaVersion,
  outboxSyncTag,
  parseRetryAfter,
  stuckAfterAttempts,
} from './outbox/policy';
export { fetchTransport } from './outbox/transport';
export { createOutboxRegistry, outboxRegistry, standardOutboxKinds, type OutboxRegistry } from './outbox/registry';
export { enrolmentConcurrency } from './outbox/enrolment-kind';
export { isStaffKind, staffKinds } from './outbox/staff-kinds';
export { outboxEvents } from './outbox/events';
export { countStaffItems, listStaffItems, readConflict, type StaffConflict, type StaffItem } from './outbox/staff';
export type {
  OpenedItem,
  OutboxEvent,
  OutboxItemResult,
  OutboxKindDefinition,
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
