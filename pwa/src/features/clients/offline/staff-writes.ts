/**
 * A kaimahi's writes while their copy is unlocked: each one is checked with the contract's schema
 * and saved to the outbox on this device (sealed with their key), then sent through
 * `POST /api/sync` when there is signal (lib/outbox-triggers.ts). The pages show them at once
 * from the outbox (staff-items.ts); when the server applies one, the copy follows (below).
 */
import { ApiRequestError } from '../../../lib/api-client';
import { outboxEvents } from '../../../lib/outbox';
import { sendOutboxNow, staffOutbox } from '../../../lib/outbox-triggers';
import { OutboxValidationError } from '../../../lib/outbox-validation';
import { getStaffCipher } from '../../../lib/staff-cipher';
import type { CaseNote, Client, ClientChanges, ClientDetail, CreateClientInput } from '../api/types';
import { refreshCaseload, updateClient } from './caseload-copy';

/** A refusal by the contract's schema, as the forms read errors (each on its field). */
async function asFormErrors<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof OutboxValidationError) throw new ApiRequestError(400, error.errors);
    throw error;
  }
}

/** Saves a new client on this device; returns its id (the operation's). */
export async function queueNewClient(input: CreateClientInput): Promise<string> {
  const { _id: _unused, ...fields } = input;
  const operation = await asFormErrors(() => staffOutbox.enqueue({ kind: 'client.create', payload: fields, label: 'New client' }));
  return operation.entityId;
}

export async function queueEdit(clientId: string, baseVersion: number, changes: ClientChanges): Promise<void> {
  await asFormErrors(() => staffOutbox.enqueue({ kind: 'client.update', entityId: clientId, baseVersion, payload: changes, label: 'Client edit' }));
}

export async function queueNote(clientId: string, text: string): Promise<void> {
  await asFormErrors(() => staffOutbox.enqueue({ kind: 'note.create', entityId: clientId, payload: { text }, label: 'Case note' }));
}

/**
 * The kaimahi's choice on a clash: a new operation on the record's current version, carrying the
 * fields that did not clash too. Choosing the server's value for everything leaves nothing to
 * send, so the clashing item is simply removed.
 */
export async function queueResolution(itemId: string, changes: ClientChanges, baseVersion: number, untouched: readonly string[]): Promise<void> {
  if (Object.keys(changes).length === 0 && untouched.length === 0) {
    await staffOutbox.discard(itemId);
    return;
  }
  await asFormErrors(() => staffOutbox.resolveConflict(itemId, changes, baseVersion));
}

/** Drops a clashing or refused item by the kaimahi's explicit choice. */
export function discardItem(itemId: string): Promise<void> {
  return staffOutbox.discard(itemId);
}

/** The "Send now" button. */
export function sendNow(): void {
  void sendOutboxNow().catch(() => undefined);
}

/** Staff writes go to the outbox (this build's engine takes them). */
export const outboxTakesStaffWrites = true;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

// The server applied one of this person's writes: the copy takes what it now holds, so the page
// does not fall back to the old values between the item leaving the outbox and the next refresh.
// Then the copy asks the server what changed, which also brings what others did meanwhile.
let refreshTimer: ReturnType<typeof setTimeout> | undefined;
outboxEvents.subscribe((event) => {
  const cipher = getStaffCipher();
  if (event.type === 'applied' || event.type === 'conflict') {
    clearTimeout(refreshTimer);
    refreshTimer = setTimeout(() => {
      const now = getStaffCipher();
      if (now) void refreshCaseload(now).catch(() => undefined);
    }, 500);
  }
  if (event.type !== 'applied' || !cipher || event.userId !== cipher.userId || !isObject(event.record)) return;
  const record = event.record;
  void updateClient(cipher, event.entityId, (kept): ClientDetail | undefined => {
    if (event.kind === 'client.create' && 'caseNotes' in record) return record as ClientDetail;
    if (event.kind === 'client.update' && kept) return { ...kept, ...(record as Client) };
    if (event.kind === 'note.create' && kept && !kept.caseNotes.some((note) => note._id === (record as CaseNote)._id)) {
      return { ...kept, caseNotes: [record as CaseNote, ...kept.caseNotes] };
    }
    return undefined;
  }).catch(() => undefined);
});
