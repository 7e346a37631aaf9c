/**
 * The one reader of a signed-in person's queued items, for the screens (each feature's "on this
 * device" panels, a record shown with its waiting edits, the clash screen). Their payloads are
 * stored sealed, so they are opened here with the unlocked cipher; opened values live only in
 * memory. The writes that go with them (resolve, resend, discard) are the outbox's (store.ts).
 */
import type { ApiErrorItem } from '@contract/errors';
import type { MessageKey } from '../../i18n/i18n';
import { getLocalDb, type LocalDb, type OutboxOperation, type OutboxState } from '../local-db';
import { getStaffCipher, isSealed, type StaffCipher } from '../staff-cipher';
import { outboxKindsLoader } from './kinds-source';
import { unsentStates } from './order';
import { stuckAfterAttempts } from './policy';
import { isOpenedConflict, type OpenedConflict } from './store';
import type { OfflineKind } from './types';

/** What a person sees of an item: saved here, being sent, sent, or stopped with the server's words. */
export type QueuedItemStatus = 'saved' | 'sending' | 'synced' | 'stuck' | 'conflict' | 'rejected' | 'needs_auth';

/** One of the person's items, opened. `payload` is null once the server has it. */
export type QueuedItem = {
  _id: string;
  kind: string;
  /** The record it makes or changes. */
  entityId: string;
  /** The record it is shown with (`entityId`, or e.g. a case note's client). */
  subjectId: string;
  baseVersion?: number;
  state: OutboxState;
  status: QueuedItemStatus;
  label: string;
  /** What people call its kind (the kind's `title`); null when the app has not said which kinds it carries. */
  title: MessageKey | null;
  /** Names of the fields an edit changes (kept after it is sent). */
  fields: string[];
  payload: unknown;
  createdAt: number;
  sentAt: number | null;
  attempts: number;
  errors: ApiErrorItem[];
  /** A clash: each clashing field with mine/theirs, and the server's record now. */
  conflict: OpenedConflict | null;
};

/** An item's payload read by its kind (checked as it would be sent); null for another kind, once sent, or when it no longer fits. */
export function payloadOf<P>(kind: OfflineKind<P>, item: Pick<QueuedItem, '_id' | 'kind' | 'payload'>): P | null {
  if (item.kind !== kind.kind || item.payload === null) return null;
  try {
    return kind.check(item.payload, item._id);
  } catch {
    return null;
  }
}

export function statusOf(operation: Pick<OutboxOperation, 'state' | 'attempts'>): QueuedItemStatus {
  switch (operation.state) {
    case 'done':
      return 'synced';
    case 'pending':
      return operation.attempts >= stuckAfterAttempts ? 'stuck' : 'saved';
    default:
      return operation.state;
  }
}

/** Sealed with another key (a wiped copy made a new one): not this person's to read. */
async function openOrNull(cipher: StaffCipher, value: unknown): Promise<unknown> {
  if (!isSealed(value)) return null;
  try {
    return await cipher.open(value);
  } catch {
    return null;
  }
}

async function open(cipher: StaffCipher, row: OutboxOperation, titleOf: (kind: string) => MessageKey | null): Promise<QueuedItem> {
  const [payload, conflict] = await Promise.all([openOrNull(cipher, row.payload), openOrNull(cipher, row.conflict)]);
  return {
    _id: row._id,
    kind: row.kind,
    entityId: row.entityId,
    subjectId: row.subjectId ?? row.entityId,
    ...(row.baseVersion === undefined ? {} : { baseVersion: row.baseVersion }),
    state: row.state,
    status: statusOf(row),
    label: row.label,
    title: titleOf(row.kind),
    fields: row.fields ?? [],
    payload,
    createdAt: row.createdAt,
    sentAt: row.sentAt,
    attempts: row.attempts,
    errors: row.lastError?.errors ?? [],
    conflict: row.state === 'conflict' && isOpenedConflict(conflict) ? conflict : null,
  };
}

/** Each kind's title, from the kinds the app carries (loaded once, on first use). */
async function kindTitles(): Promise<(kind: string) => MessageKey | null> {
  const load = outboxKindsLoader();
  const registry = load ? await load() : null;
  return (kind) => (registry?.has(kind) ? registry.get(kind).title : null);
}

export type ReadOptions = {
  db?: LocalDb;
  /** The person's cipher; the unlocked one by default. Nothing is read while locked. */
  cipher?: StaffCipher | null;
  /** Only the items shown with this record. */
  subjectId?: string;
  /** Sent items too (they show as "Synced" a little while); unsent only by default. */
  withSent?: boolean;
};

/** The person's items, oldest first, opened. Empty while the copy is locked. */
export async function readQueuedItems(options: ReadOptions = {}): Promise<QueuedItem[]> {
  const cipher = options.cipher === undefined ? getStaffCipher() : options.cipher;
  if (!cipher) return [];
  const db = options.db ?? getLocalDb();
  const rows = await db.outbox.where('userId').equals(cipher.userId).toArray();
  const wanted = rows
    .filter((row) => (options.withSent || row.state !== 'done') && (options.subjectId === undefined || (row.subjectId ?? row.entityId) === options.subjectId))
    .sort((a, b) => a.createdAt - b.createdAt || a._id.localeCompare(b._id));
  const titleOf = await kindTitles();
  return Promise.all(wanted.map((row) => open(cipher, row, titleOf)));
}

/** How many of the person's items wait, by state (no opening needed). */
export async function countQueuedItems(userId: string, db: LocalDb = getLocalDb()): Promise<Record<OutboxState, number>> {
  const counts: Record<OutboxState, number> = { pending: 0, sending: 0, needs_auth: 0, conflict: 0, rejected: 0, done: 0 };
  for (const row of await db.outbox.where('userId').equals(userId).toArray()) counts[row.state] += 1;
  return counts;
}

/** Everyone's staff items the server has not confirmed: what signing out would lose. */
export async function countUnsentStaffWork(db: LocalDb = getLocalDb()): Promise<number> {
  const items = await db.outbox.where('state').anyOf(unsentStates).toArray();
  return items.filter((item) => item.userId !== null).length;
}

/** A clash, opened; null when the item is not (or no longer) a clash, or the copy is locked. */
export async function readConflict(
  itemId: string,
  options: Pick<ReadOptions, 'db' | 'cipher'> = {},
): Promise<(OpenedConflict & { mine: unknown; version: number | null }) | null> {
  const cipher = options.cipher === undefined ? getStaffCipher() : options.cipher;
  if (!cipher) return null;
  const db = options.db ?? getLocalDb();
  const row = await db.outbox.get(itemId);
  if (!row || row.state !== 'conflict' || row.userId !== cipher.userId) return null;
  const item = await open(cipher, row, await kindTitles());
  if (!item.conflict) return null;
  const { record } = item.conflict;
  // The version to resolve on: the record's, when the server sent it.
  const version = typeof record === 'object' && record !== null && 'version' in record && typeof record.version === 'number' ? record.version : null;
  return { ...item.conflict, mine: item.payload, version };
}
