/**
 * The kaimahi's own writes waiting in the outbox, as this feature's screens show them: a new
 * client before the server has it, an edit's values over the record, a note "Saved on this
 * device", a clash to settle. Read through the outbox's one reader (lib/outbox/read-items.ts);
 * here each is typed by its kind, once per change of the outbox.
 */
import { useMemo } from 'react';
import type { ClientDetail, ClientRecord } from '@contract/clients';
import type { EnrolmentStatus } from '@contract/enrolments';
import { payloadOf, type QueuedItem, type QueuedItemStatus as StaffItemStatus } from '../../../lib/outbox';
import { useQueuedItems } from '../../../lib/outbox/use-queued-items';
import type { ClientChanges, Conflict } from '../api/types';
import {
  clientCreateKind,
  noteShareKind,
  clientUpdateKind,
  enrolmentUpdateKind,
  noteCreateKind,
  noteCorrectKind,
  type CorrectionPayload,
  type EnrolmentChanges,
  type NewClientPayload,
  type NotePayload,
} from './kinds';

export type { StaffItemStatus };

/** What an item writes, read by its kind; null once sent (the values leave the phone) or when unreadable. */
export type StaffChange =
  | { kind: 'client.create'; fields: NewClientPayload }
  | { kind: 'client.update'; changes: ClientChanges }
  | { kind: 'note.create'; note: NotePayload }
  | { kind: 'note.share'; noteId: string }
  | { kind: 'note.correct'; correction: CorrectionPayload }
  | { kind: 'enrolment.update'; changes: EnrolmentChanges };

export type StaffItem = Omit<QueuedItem, 'conflict'> & {
  change: StaffChange | null;
  /** A clash: each clashing field with mine/theirs, and the server's record now. */
  conflict: { conflicts: Conflict[]; record: ClientRecord } | null;
};

const isClientRecord = (value: unknown): value is ClientRecord =>
  typeof value === 'object' && value !== null && '_id' in value && 'version' in value && typeof value.version === 'number';

function changeOf(item: QueuedItem): StaffChange | null {
  const fields = payloadOf(clientCreateKind, item);
  if (fields) return { kind: 'client.create', fields };
  const changes = payloadOf(clientUpdateKind, item);
  if (changes) return { kind: 'client.update', changes };
  const note = payloadOf(noteCreateKind, item);
  if (note) return { kind: 'note.create', note };
  if (payloadOf(noteShareKind, item)) return { kind: 'note.share', noteId: item.entityId };
  const correction = payloadOf(noteCorrectKind, item);
  if (correction) return { kind: 'note.correct', correction };
  const enrolment = payloadOf(enrolmentUpdateKind, item);
  if (enrolment) return { kind: 'enrolment.update', changes: enrolment };
  return null;
}

export function toStaffItem(item: QueuedItem): StaffItem {
  const conflict = item.conflict && isClientRecord(item.conflict.record) ? { conflicts: item.conflict.conflicts, record: item.conflict.record } : null;
  return { ...item, change: changeOf(item), conflict };
}

/** The signed-in person's items (sent ones too, for "Synced"), oldest first, live. */
export function useStaffItems(userId: string | null): StaffItem[] {
  const items = useQueuedItems(userId, { withSent: true });
  return useMemo(() => items.map(toStaffItem), [items]);
}

/** Items not yet confirmed: what "waiting" counts. */
export function unsent(items: readonly StaffItem[]): StaffItem[] {
  return items.filter((item) => item.status !== 'synced');
}

/** The record as this kaimahi will see it once their waiting edits land: edits applied in order. */
export function withWaitingEdits<T extends { _id: string }>(record: T, items: readonly StaffItem[]): T {
  let shown = record;
  for (const item of items) {
    if (
      item.change?.kind !== 'client.update' ||
      item.entityId !== record._id ||
      item.status === 'synced' ||
      item.status === 'rejected' ||
      item.status === 'conflict'
    )
      continue;
    shown = { ...shown, ...item.change.changes };
  }
  return shown;
}

/** Still on its way: saved here, being sent, or waiting for signal or a sign-in (not sent, refused or clashing). */
const onItsWay = (item: StaffItem) => item.status !== 'synced' && item.status !== 'rejected' && item.status !== 'conflict';

/**
 * An enrolment as this kaimahi will see it once their waiting changes of it land (its status, and
 * its client when it has one), and the state of the last of them: null when none waits.
 */
export function withWaitingEnrolmentChanges<T extends { _id: string; status: EnrolmentStatus; clientId?: string | null }>(
  enrolment: T,
  items: readonly StaffItem[],
): { enrolment: T; waiting: StaffItemStatus | null } {
  let shown = enrolment;
  let waiting: StaffItemStatus | null = null;
  for (const item of items) {
    if (item.change?.kind !== 'enrolment.update' || item.entityId !== enrolment._id || !onItsWay(item)) continue;
    const { status, clientId } = item.change.changes;
    if (status) shown = { ...shown, status };
    if (clientId && 'clientId' in shown) shown = { ...shown, clientId };
    waiting = item.status;
  }
  return { enrolment: shown, waiting };
}

/** The client being made from this enrolment on this device, not yet on the server: its id and its item's state; null when none. */
export function waitingClientFrom(enrolmentId: string, items: readonly StaffItem[]): { clientId: string; status: StaffItemStatus } | null {
  const item = items.find(
    (candidate) => candidate.change?.kind === 'client.create' && candidate.change.fields.fromEnrolment === enrolmentId && onItsWay(candidate),
  );
  return item ? { clientId: item.entityId, status: item.status } : null;
}

/** A client saved on this device and not yet on the server, shaped as a record (version 0, nothing linked). */
export function newClientRecord(_id: string, createdAt: number, fields: NewClientPayload): ClientDetail {
  const time = new Date(createdAt).toISOString();
  return {
    _id,
    givenName: fields.givenName,
    familyName: fields.familyName,
    preferredName: fields.preferredName ?? null,
    dateOfBirth: fields.dateOfBirth ?? null,
    phone: fields.phone ?? null,
    email: fields.email ?? null,
    address: fields.address ?? null,
    suburb: fields.suburb ?? null,
    iwi: fields.iwi ?? null,
    hapu: fields.hapu ?? null,
    household: fields.household ?? null,
    notes: fields.notes ?? null,
    consent: fields.consent ?? null,
    version: 0,
    createdAt: time,
    createdBy: null,
    updatedAt: time,
    updatedBy: null,
    createdByName: null,
    updatedByName: null,
    enrolments: [],
    caseNotes: [],
  };
}
