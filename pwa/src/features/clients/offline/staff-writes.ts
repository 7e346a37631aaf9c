/**
 * A kaimahi's writes on client records: one path each. Every write is checked by its kind (the
 * contract's schema) and saved in the outbox on this device, sealed with their key; the outbox
 * sends it at once when there is signal, or when the signal comes back (lib/outbox-triggers.ts).
 * Nothing is shown as done until it is on this device: while the copy is locked, nothing is
 * queued (the caseload gate asks for the password first).
 */
import { asFormErrors } from '../../../lib/outbox';
import { sendOutboxNow, staffOutbox } from '../../../lib/outbox-triggers';
import type { ClientChanges, CreateClientInput } from '../api/types';
import { clientCreateKind, clientUpdateKind, enrolmentUpdateKind, noteCorrectKind, noteCreateKind, noteShareKind, type EnrolmentChanges } from './kinds';

/**
 * Saves a new client on this device; returns its id (the operation's). Made from an enrolment, it
 * names it: the server links the two (and enrols it) when the client arrives.
 */
export async function queueNewClient(input: CreateClientInput, fromEnrolment?: string): Promise<string> {
  const { _id: _unused, ...fields } = input;
  const payload = fromEnrolment ? { ...fields, fromEnrolment } : fields;
  const operation = await asFormErrors(() => staffOutbox.enqueue(clientCreateKind, { payload, label: 'New client' }));
  return operation.entityId;
}

/**
 * Saves a change of an enrolment on this device (moved along, or linked to a client), made on the
 * version shown; a later change of the same enrolment goes after it. Returns its item's id.
 */
export async function queueEnrolmentChange(enrolment: { _id: string; version: number }, changes: EnrolmentChanges): Promise<string> {
  const operation = await asFormErrors(() =>
    staffOutbox.enqueue(enrolmentUpdateKind, { entityId: enrolment._id, baseVersion: enrolment.version, payload: changes, label: 'Enrolment status' }),
  );
  return operation._id;
}

/** Saves an edit on this device; returns its item's id, so the page can follow it until it is sent. */
export async function queueEdit(clientId: string, baseVersion: number, changes: ClientChanges): Promise<string> {
  const operation = await asFormErrors(() =>
    staffOutbox.enqueue(clientUpdateKind, { entityId: clientId, baseVersion, payload: changes, label: 'Client edit' }),
  );
  return operation._id;
}

/** Saves a case note on this device; returns its id (the note's and its item's). */
export async function queueNote(clientId: string, text: string): Promise<string> {
  const operation = await asFormErrors(() => staffOutbox.enqueue(noteCreateKind, { payload: { clientId, text }, label: 'Case note' }));
  return operation.entityId;
}

/** The writer shares their note with everyone working with the person (saved here, sent when there is signal). */
export async function queueNoteShare(clientId: string, noteId: string): Promise<void> {
  await asFormErrors(() => staffOutbox.enqueue(noteShareKind, { entityId: noteId, payload: { clientId }, label: 'Note shared' }));
}

/** Saves a correction of a case note or a contact's summary on this device; resolves with its id. The original stays as it was. */
export async function queueCorrection(correctsNoteId: string, text: string, reason: string): Promise<string> {
  const operation = await asFormErrors(() => staffOutbox.enqueue(noteCorrectKind, { payload: { correctsNoteId, text, reason }, label: 'Correction' }));
  return operation.entityId;
}

/**
 * The kaimahi's choice on a clash: a new operation on the record's current version, carrying the
 * fields that did not clash too. Choosing the server's value for everything leaves nothing to
 * send, so the clashing item is simply removed. Resolves with the new item's id (null when nothing goes).
 */
export async function queueResolution(itemId: string, changes: ClientChanges, baseVersion: number, untouched: readonly string[]): Promise<string | null> {
  if (Object.keys(changes).length === 0 && untouched.length === 0) {
    await staffOutbox.discard(itemId);
    return null;
  }
  return (await asFormErrors(() => staffOutbox.resolveConflict(itemId, changes, baseVersion)))._id;
}

/** Drops a clashing or refused item by the kaimahi's explicit choice. */
export function discardItem(itemId: string): Promise<void> {
  return staffOutbox.discard(itemId);
}

/** The "Send now" button. */
export function sendNow(): void {
  void sendOutboxNow().catch(() => undefined);
}
