/**
 * A kaimahi's writes while their copy is unlocked: each one is checked with the contract's schema
 * and saved to the outbox on this device (sealed), then sent through `POST /api/sync` when there
 * is signal. The pages show them at once from the outbox (staff-items.ts).
 */
import type { ClientChanges, CreateClientInput } from '../api/types';

export async function queueNewClient(userId: string, input: CreateClientInput): Promise<void> {
  void userId;
  void input;
  throw new Error('The outbox does not take staff writes yet');
}

export async function queueEdit(userId: string, clientId: string, baseVersion: number, changes: ClientChanges): Promise<void> {
  void [userId, clientId, baseVersion, changes];
  throw new Error('The outbox does not take staff writes yet');
}

export async function queueNote(userId: string, clientId: string, note: { _id: string; text: string }): Promise<void> {
  void [userId, clientId, note];
  throw new Error('The outbox does not take staff writes yet');
}

/** The kaimahi's choice on a clash: a new operation on the record's current version. */
export async function queueResolution(itemId: string, changes: ClientChanges, baseVersion: number): Promise<void> {
  void [itemId, changes, baseVersion];
  throw new Error('The outbox does not take staff writes yet');
}

/** Drops a clashing or refused item by the kaimahi's explicit choice. */
export async function discardItem(itemId: string): Promise<void> {
  void itemId;
  throw new Error('The outbox does not take staff writes yet');
}

/** The "Send now" button. */
export function sendNow(): void {}

/** Whether staff writes can go to the outbox (the engine with staff kinds is in this build). */
export const outboxTakesStaffWrites = false;
