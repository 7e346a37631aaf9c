/**
 * The app's one IndexedDB database (Dexie), shared by the pages and the service worker.
 *
 * What is stored where:
 * - `outbox`   — writes made on this device that the server has not confirmed yet, one row per
 *                operation (an enrolment, or a kaimahi's client create, edit, note or enrolment
 *                update). Its `payload` holds the person's details only until the server has
 *                them: once sent, the payload is cleared and only ids, state and times stay
 *                (see lib/outbox/). A staff operation's payload (and a clash's values) is
 *                stored only sealed with the staff cipher (lib/staff-cipher.ts): never plain.
 * - `receipts` — one row per enrolment the server accepted: its id, the reference the person
 *                was given, the service and times. No names or contact details.
 * - `settings` — small facts about this device's sync, e.g. when the server last answered.
 *
 * Not here: the sign-in token (localStorage, see lib/api-client.ts), cached pages, the services
 * list and images (the service worker's Cache Storage, see src/sw.ts). The kaimahi's caseload
 * copy has its own tables (features/clients), scoped to the signed-in user and wiped at sign-out.
 *
 * Every write that keeps something a person typed goes through `saveLocally`, which turns the
 * browser's QuotaExceededError into a `LocalStorageFullError` with words a person can act on.
 */
import Dexie, { type EntityTable } from 'dexie';
import type { ApiErrorItem } from '@contract/errors';
import type { Sealed } from './staff-cipher';

import { localDbName } from './local-db-name';
import { LocalStorageFullError } from './save-errors';

export { localDbName };

/**
 * pending: waiting to be sent (now, or at `nextAttemptAt` after a failure);
 * sending: a request is on its way (left here by a closed tab, it goes back to pending);
 * needs_auth: the server wants its user to sign in again; conflict: someone else changed the
 * same fields (staff edits); rejected: the server refused it (400/409), to fix or discard;
 * done: the server has it.
 */
export const outboxStates = ['pending', 'sending', 'needs_auth', 'conflict', 'rejected', 'done'] as const;
export type OutboxState = (typeof outboxStates)[number];

/** Why the last try failed: the HTTP status (0 when no answer arrived) and the server's errors. */
export type OutboxError = { status: number; errors: ApiErrorItem[] };

type OutboxOperationBase = {
  /** The operation's id, made on this device before any request; the server's idempotency key. */
  _id: string;
  /** The record the operation makes (then its own `_id`) or changes. */
  entityId: string;
  /** For edits: the record version the change was made against. */
  baseVersion?: number;
  /**
   * An earlier edit of the same record from this device that was not yet confirmed when this
   * one was made: this one goes only after it, and is moved onto the version it produced.
   */
  follows?: string;
  /** The record it is shown with, when that is another (a case note's client); names no one. */
  subjectId?: string;
  /** The names (never the values) of the fields an edit changes, so a sent edit can still say what it changed. */
  fields?: string[];
  /** A clash (state `conflict`): `{conflicts:[{field, mine, theirs}], record}`, sealed like the payload. */
  conflict?: Sealed | null;
  /** The staff member who made it; null for an anonymous enrolment. Never their token. */
  userId: string | null;
  /** Version of the payload's shape, so an app update can read operations queued by an older one. */
  schemaVersion: number;
  /** Words to show for the item that name no person, e.g. the service's title. */
  label: string;
  /** Times in milliseconds since 1970. */
  createdAt: number;
  attempts: number;
  nextAttemptAt: number;
  sentAt: number | null;
  lastError: OutboxError | null;
  state: OutboxState;
};

/**
 * One queued write. What its payload holds is its kind's business (each feature defines its kinds,
 * src/offline-kinds.ts registers them): an encrypted kind's payload is stored only `Sealed`, an
 * anonymous enrolment's as typed. `payload` is null once the server has it (the person's details
 * leave the phone).
 */
export type OutboxOperation = OutboxOperationBase & { kind: string; payload: unknown };

/** Proof an enrolment arrived: kept on the phone after its details are removed. */
export type EnrolmentReceiptRecord = {
  /** The enrolment's id. */
  _id: string;
  reference: string;
  serviceKey: string;
  serviceTitle: string;
  /** When the server recorded it (its clock) and when this phone learnt it (ISO). */
  receivedAt: string;
  sentAt: string;
};

export type LocalSetting = { key: 'lastSyncAt'; value: number };

export type LocalDb = Dexie & {
  outbox: EntityTable<OutboxOperation, '_id'>;
  receipts: EntityTable<EnrolmentReceiptRecord, '_id'>;
  settings: EntityTable<LocalSetting, 'key'>;
};

/** Opens (a handle on) the database. Several handles on one name see the same data: a restart is a new handle. */
export function openLocalDb(name: string = localDbName, ownTables: Record<string, string> = {}): LocalDb {
  // Dexie's documented way to type its tables: the instance gains them from `stores()` below.
  const db = new Dexie(name) as LocalDb;
  db.version(1).stores({
    outbox: '_id, state, createdAt, userId',
    receipts: '_id, sentAt',
    settings: 'key',
  });
  // Version 2: staff operations are found by the record they change, and by the edit they follow.
  db.version(2).stores({
    outbox: '_id, state, createdAt, userId, entityId, follows',
  });
  // Another outbox's database (a linked whānau phone's, decision 134) keeps its own tables beside the outbox's.
  if (Object.keys(ownTables).length > 0) db.version(3).stores(ownTables);
  return db;
}

let appDb: LocalDb | undefined;

/** The database of this page or worker, opened on first use. */
export function getLocalDb(): LocalDb {
  appDb ??= openLocalDb();
  return appDb;
}

export { LocalStorageFullError };

/** QuotaExceededError as IndexedDB raises it, alone or wrapped by Dexie (its `inner`). */
export function isQuotaExceeded(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; typeof current === 'object' && current !== null && depth < 4; depth += 1) {
    if ('name' in current && (current.name === 'QuotaExceededError' || current.name === Dexie.errnames.QuotaExceeded)) return true;
    current = 'inner' in current ? current.inner : undefined;
  }
  return false;
}

/** Runs a write, turning a full disk into `LocalStorageFullError`; other failures pass through unchanged. */
export async function saveLocally<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isQuotaExceeded(error)) throw new LocalStorageFullError();
    throw error;
  }
}

/**
 * Asks the browser not to evict this site's storage under pressure, so waiting enrolments are
 * not lost. Browsers may say no (or ask nothing and decide by engagement); either way it is safe.
 */
export async function askForPersistentStorage(): Promise<boolean> {
  try {
    if (typeof navigator === 'undefined' || !navigator.storage?.persist) return false;
    if (await navigator.storage.persisted()) return true;
    return await navigator.storage.persist();
  } catch {
    return false;
  }
}
