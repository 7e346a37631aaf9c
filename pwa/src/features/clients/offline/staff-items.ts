/**
 * The kaimahi's own writes waiting in the outbox, opened with their key so the pages can show
 * them on top of the device's copy: a new client before the server has it, an edit's values,
 * a note "Saved on this device", and a clash to settle. The outbox keeps these sealed
 * (lib/staff-cipher.ts); opened values live only in memory.
 */
import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';
import type { ApiErrorItem } from '@contract/errors';
import { getLocalDb, type OutboxOperation } from '../../../lib/local-db';
import { getStaffCipher, isSealed, onStaffCipherChange, type StaffCipher } from '../../../lib/staff-cipher';
import type { ClientChanges, Conflict, Client } from '../api/types';

export type StaffItemKind = 'client.create' | 'client.update' | 'note.create' | 'enrolment.update';

/** What a person sees of an item: saved here, being sent, sent, or stopped with the server's words. */
export type StaffItemStatus = 'saved' | 'sending' | 'synced' | 'stuck' | 'conflict' | 'rejected' | 'needs_auth';

export type StaffItem = {
  _id: string;
  kind: StaffItemKind;
  /** The client (or enrolment) it writes. */
  entityId: string;
  baseVersion?: number;
  /** The opened payload: fields of a new client, an edit's changes, or `{text}` of a note. */
  payload: Record<string, unknown> | null;
  status: StaffItemStatus;
  createdAt: number;
  sentAt: number | null;
  errors: ApiErrorItem[];
  /** A clash: each clashing field with mine/theirs, and the server's record now. */
  conflict: { conflicts: Conflict[]; record: Client } | null;
};

const staffKinds = new Set<string>(['client.create', 'client.update', 'note.create', 'enrolment.update']);
const stuckAfterAttempts = 10;

function statusOf(operation: OutboxOperation): StaffItemStatus {
  switch (operation.state) {
    case 'done':
      return 'synced';
    case 'sending':
      return 'sending';
    case 'pending':
      return operation.attempts >= stuckAfterAttempts ? 'stuck' : 'saved';
    default:
      return operation.state;
  }
}

async function openValue(cipher: StaffCipher, value: unknown): Promise<unknown> {
  if (value === null || value === undefined) return null;
  if (!isSealed(value)) return value;
  try {
    return await cipher.open(value);
  } catch {
    return null;
  }
}

function isConflictBody(value: unknown): value is { conflicts: Conflict[]; record: Client } {
  return typeof value === 'object' && value !== null && 'conflicts' in value && Array.isArray(value.conflicts) && 'record' in value;
}

/** The person's staff items (sent ones too, for "Synced"), oldest first, opened. */
export async function readStaffItems(cipher: StaffCipher): Promise<StaffItem[]> {
  const rows = await getLocalDb().outbox.where('userId').equals(cipher.userId).toArray();
  const mine = rows.filter((row) => staffKinds.has(row.kind)).sort((a, b) => a.createdAt - b.createdAt || a._id.localeCompare(b._id));
  return Promise.all(
    mine.map(async (row) => {
      const payload = await openValue(cipher, row.payload);
      const conflictValue = 'conflict' in row ? await openValue(cipher, row.conflict) : null;
      const body = isConflictBody(conflictValue) ? conflictValue : null;
      return {
        _id: row._id,
        kind: row.kind as StaffItemKind,
        entityId: row.entityId,
        ...(row.baseVersion === undefined ? {} : { baseVersion: row.baseVersion }),
        payload: typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : null,
        status: statusOf(row),
        createdAt: row.createdAt,
        sentAt: row.sentAt,
        errors: row.lastError?.errors ?? [],
        conflict: body ?? (row.state === 'conflict' && row.lastError ? conflictFromError(row.lastError) : null),
      } satisfies StaffItem;
    }),
  );
}

function conflictFromError(error: unknown): StaffItem['conflict'] {
  return isConflictBody(error) ? error : null;
}

/** The signed-in person's staff items, live (re-read whenever the outbox changes). */
export function useStaffItems(userId: string | null): StaffItem[] {
  const [items, setItems] = useState<StaffItem[]>([]);
  const [cipher, setCipher] = useState(() => getStaffCipher());
  useEffect(() => onStaffCipherChange(setCipher), []);
  useEffect(() => {
    if (!cipher || cipher.userId !== userId) {
      setItems([]);
      return;
    }
    const subscription = liveQuery(() => readStaffItems(cipher)).subscribe({ next: setItems, error: () => setItems([]) });
    return () => subscription.unsubscribe();
  }, [cipher, userId]);
  return items;
}

/** Items not yet confirmed: what "waiting" counts. */
export function unsent(items: readonly StaffItem[]): StaffItem[] {
  return items.filter((item) => item.status !== 'synced');
}

/** The record as this kaimahi will see it once their waiting edits land: edits applied in order. */
export function withWaitingEdits<T extends Record<string, unknown>>(record: T, items: readonly StaffItem[]): T {
  let shown: Record<string, unknown> = record;
  for (const item of items) {
    if (
      item.kind !== 'client.update' ||
      item.entityId !== record._id ||
      !item.payload ||
      item.status === 'synced' ||
      item.status === 'rejected' ||
      item.status === 'conflict'
    )
      continue;
    shown = { ...shown, ...(item.payload as ClientChanges) };
  }
  return shown as T;
}
