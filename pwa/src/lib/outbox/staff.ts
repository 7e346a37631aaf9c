/**
 * Reading a kaimahi's queued work for the page (the caseload's client screens and the clash
 * screen): the items are stored sealed, so these open them with the unlocked staff cipher. The
 * writes that go with them (`resolveConflict`, `wipeStaffItems`) are the outbox's own (engine.ts).
 */
import type { FieldConflict } from '@contract/clients';
import { getLocalDb, type LocalDb, type OutboxOperation, type OutboxState, type StaffKind, type StaffPayloads } from '../local-db';
import { getStaffCipher, type Sealed, type StaffCipher } from '../staff-cipher';
import type { OpenedConflict } from './engine';
import { isStaffKind } from './staff-kinds';

/** One of the kaimahi's items, its payload opened. `payload` is null once the server has it. */
export type StaffItem = {
  [K in StaffKind]: {
    _id: string;
    kind: K;
    entityId: string;
    baseVersion?: number;
    state: OutboxState;
    label: string;
    createdAt: number;
    attempts: number;
    nextAttemptAt: number;
    lastError: OutboxOperation['lastError'];
    payload: StaffPayloads[K] | null;
  };
}[StaffKind];

/** A clash, opened: the fields side by side (mine = what this kaimahi typed, theirs = the server's now) and the whole record now. */
export type StaffConflict = {
  itemId: string;
  kind: StaffKind;
  entityId: string;
  conflicts: FieldConflict[];
  record: unknown;
  /** Everything the clashing edit held, clashing fields or not. */
  mine: Record<string, unknown>;
  /** The version to resolve on (the record's, when the server sent it). */
  version: number | null;
};

type ReadOptions = { db?: LocalDb; cipher?: StaffCipher | null };

function cipherOrNull(options: ReadOptions): StaffCipher | null {
  return options.cipher === undefined ? getStaffCipher() : options.cipher;
}

async function open(cipher: StaffCipher, item: OutboxOperation): Promise<StaffItem> {
  const payload = item.payload ? await cipher.open(item.payload as Sealed) : null;
  return {
    _id: item._id,
    kind: item.kind as StaffKind,
    entityId: item.entityId,
    ...(item.baseVersion === undefined ? {} : { baseVersion: item.baseVersion }),
    state: item.state,
    label: item.label,
    createdAt: item.createdAt,
    attempts: item.attempts,
    nextAttemptAt: item.nextAttemptAt,
    lastError: item.lastError,
    payload: payload as StaffItem['payload'],
  } as StaffItem;
}

/**
 * The signed-in kaimahi's items not yet confirmed by the server, oldest first, opened; only
 * those about `clientId` when given (its create, edits, notes, and enrolments linked to it).
 * Empty while the copy is locked.
 */
export async function listStaffItems(filter: { clientId?: string } = {}, options: ReadOptions = {}): Promise<StaffItem[]> {
  const cipher = cipherOrNull(options);
  if (!cipher) return [];
  const db = options.db ?? getLocalDb();
  const rows = await db.outbox.where('userId').equals(cipher.userId).toArray();
  const unsent = rows.filter((row) => isStaffKind(row.kind) && row.state !== 'done').sort((a, b) => a.createdAt - b.createdAt || a._id.localeCompare(b._id));
  const items: StaffItem[] = [];
  for (const row of unsent) {
    let item: StaffItem;
    try {
      item = await open(cipher, row);
    } catch {
      continue; // sealed with another key: not this person's to read
    }
    if (filter.clientId === undefined || item.entityId === filter.clientId) items.push(item);
    else if (item.kind === 'enrolment.update' && item.payload?.clientId === filter.clientId) items.push(item);
  }
  return items;
}

/** How many of the signed-in kaimahi's items wait, by state (no opening needed). */
export async function countStaffItems(userId: string, db: LocalDb = getLocalDb()): Promise<Record<OutboxState, number>> {
  const counts: Record<OutboxState, number> = { pending: 0, sending: 0, needs_auth: 0, conflict: 0, rejected: 0, done: 0 };
  for (const row of await db.outbox.where('userId').equals(userId).toArray()) if (isStaffKind(row.kind)) counts[row.state] += 1;
  return counts;
}

/** A clash, opened; null when the item is not (or no longer) a clash, or the copy is locked. */
export async function readConflict(itemId: string, options: ReadOptions = {}): Promise<StaffConflict | null> {
  const cipher = cipherOrNull(options);
  if (!cipher) return null;
  const db = options.db ?? getLocalDb();
  const row = await db.outbox.get(itemId);
  if (!row || row.state !== 'conflict' || row.userId !== cipher.userId || !isStaffKind(row.kind) || !row.conflict) return null;
  let opened: OpenedConflict;
  let mine: unknown;
  try {
    opened = (await cipher.open(row.conflict)) as OpenedConflict;
    mine = row.payload ? await cipher.open(row.payload as Sealed) : {};
  } catch {
    return null; // sealed with another key: not this person's to read
  }
  const record = opened.record;
  const version = typeof record === 'object' && record !== null && 'version' in record && typeof record.version === 'number' ? record.version : null;
  return {
    itemId: row._id,
    kind: row.kind,
    entityId: row.entityId,
    conflicts: opened.conflicts,
    record,
    mine: typeof mine === 'object' && mine !== null ? (mine as Record<string, unknown>) : {},
    version,
  };
}
