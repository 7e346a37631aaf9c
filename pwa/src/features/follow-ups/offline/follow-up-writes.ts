/**
 * A kaimahi's writes on follow-ups: checked by their kind (the contract's schema) and saved in the
 * outbox on this device, sealed; sent at once with signal, or when it comes back. Nothing is shown
 * as done until it is saved here.
 */
import { asFormErrors } from '../../../lib/outbox';
import { sendOutboxNow, staffOutbox } from '../../../lib/outbox-triggers';
import type { FollowUpChanges, NewFollowUp } from '../api/types';
import { taskCreateKind, taskUpdateKind } from './kinds';

/** Saves a new follow-up on this device; resolves with its id. */
export async function queueFollowUp(input: NewFollowUp): Promise<string> {
  const operation = await asFormErrors(() => staffOutbox.enqueue(taskCreateKind, { payload: input, label: 'Follow-up' }));
  return operation.entityId;
}

/** Saves a change of a follow-up (ticked done: `doneAt`; opened again: `doneAt: null`); resolves with its item's id. */
export async function queueFollowUpChange(id: string, baseVersion: number, changes: FollowUpChanges): Promise<string> {
  const operation = await asFormErrors(() => staffOutbox.enqueue(taskUpdateKind, { entityId: id, baseVersion, payload: changes, label: 'Follow-up' }));
  return operation._id;
}

/** A clash settled with the kaimahi's own values, on the version the server has now. */
export async function keepMine(itemId: string, changes: FollowUpChanges, baseVersion: number): Promise<void> {
  await asFormErrors(() => staffOutbox.resolveConflict(itemId, changes, baseVersion));
}

/** A clash settled with the server's values, or a refused item dropped: by explicit choice. */
export function discardFollowUpItem(itemId: string): Promise<void> {
  return staffOutbox.discard(itemId);
}

export function sendNow(): void {
  void sendOutboxNow().catch(() => undefined);
}
