/**
 * The kaimahi's offline writes on client records, as this feature defines them: `client.create`
 * (blank, or from an enrolment), `client.update`, the notes' kinds and `enrolment.update`. Each
 * says how its payload is checked (the contract's schema), what it is shown with, and how the
 * server's answer lands in the encrypted copy on this device. They travel the staff lane (`POST /api/sync`), encrypted.
 * src/offline-kinds.ts registers them; the outbox engine never names them.
 */
import {
  ClientCreatePayloadSchema,
  ClientUpdatePayloadSchema,
  NoteCreatePayloadSchema,
  NoteSharePayloadSchema,
  type CaseNote,
  type ClientCreatePayload,
  type ClientEnrolment,
  type ClientDetail,
  type ClientRecord,
  type ClientUpdatePayload,
  type NoteCreatePayload,
  type NoteSharePayload,
} from '@contract/clients';
import { EnrolmentUpdatePayloadSchema, type EnrolmentListItem, type EnrolmentUpdatePayload } from '@contract/enrolments';
import { NoteCorrectPayloadSchema, type NoteCorrection, type NoteCorrectPayload } from '@contract/whanau';
import { asObject, checkPayload, syncLane, type OfflineKind, type OutboxLanding } from '../../../lib/outbox';
import { getStaffCipher } from '../../../lib/staff-cipher';
import { caseloadKept, clientOfNote, updateClient } from './caseload-copy';

/**
 * A kaimahi's write: encrypted on the device, sent under their token through the staff lane; the
 * part of the copy it changes asks the server for what changed once a group of results has landed.
 */
const staffWrite = { lane: syncLane, encrypted: true, needsUser: true, refreshes: caseloadKept } as const;

export type NewClientPayload = ClientCreatePayload;
export type NotePayload = NoteCreatePayload;
export type EnrolmentChanges = EnrolmentUpdatePayload;
export type CorrectionPayload = NoteCorrectPayload;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isClientDetail = (value: unknown): value is ClientDetail => isObject(value) && typeof value._id === 'string' && Array.isArray(value.caseNotes);
const isClientRecord = (value: unknown): value is ClientRecord => isObject(value) && typeof value._id === 'string' && typeof value.version === 'number';
const isCorrection = (value: unknown): value is NoteCorrection =>
  isObject(value) && typeof value._id === 'string' && typeof value.correctsNoteId === 'string' && typeof value.text === 'string';
const isCaseNote = (value: unknown): value is CaseNote => isObject(value) && typeof value._id === 'string' && typeof value.text === 'string';
const isEnrolment = (value: unknown): value is EnrolmentListItem =>
  isObject(value) &&
  typeof value._id === 'string' &&
  typeof value.status === 'string' &&
  typeof value.version === 'number' &&
  typeof value.receivedAt === 'string';

/** The copy takes what the server now holds, so a page never falls back to old values between sending and the next refresh. */
function landInCopy(landing: OutboxLanding, update: (kept: ClientDetail | undefined) => ClientDetail | undefined, clientId = landing.entityId) {
  const cipher = getStaffCipher();
  if (landing.status !== 'applied' || !cipher || landing.userId !== cipher.userId) return;
  return updateClient(cipher, clientId, update);
}

export const clientCreateKind: OfflineKind<NewClientPayload> = {
  kind: 'client.create',
  title: 'offline.kind.client.create',
  ...staffWrite,
  makesRecord: true,
  versioned: false,
  schemaVersion: 1,
  check: (payload) => checkPayload(ClientCreatePayloadSchema, payload),
  land: (landing) => landInCopy(landing, () => (isClientDetail(landing.record) ? landing.record : undefined)),
};

export const clientUpdateKind: OfflineKind<ClientUpdatePayload> = {
  kind: 'client.update',
  title: 'offline.kind.client.update',
  ...staffWrite,
  makesRecord: false,
  versioned: true,
  schemaVersion: 1,
  check: (payload) => checkPayload(ClientUpdatePayloadSchema, payload),
  fieldsOf: (changes) => Object.keys(changes),
  land: (landing) => landInCopy(landing, (kept) => (kept && isClientRecord(landing.record) ? { ...kept, ...landing.record } : undefined)),
};

export const noteCreateKind: OfflineKind<NotePayload> = {
  kind: 'note.create',
  title: 'offline.kind.note.create',
  ...staffWrite,
  makesRecord: true,
  versioned: false,
  // 1: the client was the mutation's entityId and the payload only {text}; 2: the note names itself and its client.
  schemaVersion: 2,
  check: (payload) => checkPayload(NoteCreatePayloadSchema, payload),
  subjectOf: (note) => note.clientId,
  upgrade: (operation, payload) => ({ entityId: operation._id, payload: { ...asObject(payload), clientId: operation.subjectId ?? operation.entityId } }),
  land: (landing) =>
    landInCopy(
      landing,
      (kept) => {
        const note = landing.record;
        if (!kept || !isCaseNote(note) || kept.caseNotes.some((known) => known._id === note._id)) return undefined;
        return { ...kept, caseNotes: [note, ...kept.caseNotes] };
      },
      landing.subjectId,
    ),
};

/** The writer shows their note to everyone working with the person; `entityId` is the note. */
export const noteShareKind: OfflineKind<NoteSharePayload> = {
  kind: 'note.share',
  title: 'offline.kind.note.share',
  ...staffWrite,
  makesRecord: false,
  versioned: false,
  schemaVersion: 1,
  check: (payload) => checkPayload(NoteSharePayloadSchema, payload),
  subjectOf: (share) => share.clientId,
  land: (landing) =>
    landInCopy(
      landing,
      (kept) => (kept ? { ...kept, caseNotes: kept.caseNotes.map((note) => (note._id === landing.entityId ? { ...note, shared: true } : note)) } : undefined),
      landing.subjectId,
    ),
};

/**
 * A correction of a case note or of a contact's summary (DESIGN §4c): a new note with its reason;
 * the original is never changed. `entityId` = `_id` = the correction's id. The payload names only
 * the note, so the copy finds its client by the note.
 */
export const noteCorrectKind: OfflineKind<CorrectionPayload> = {
  kind: 'note.correct',
  title: 'offline.kind.note.correct',
  ...staffWrite,
  makesRecord: true,
  versioned: false,
  schemaVersion: 1,
  check: (payload) => checkPayload(NoteCorrectPayloadSchema, payload),
  land: (landing) => {
    const correction = landing.record;
    const clientId = isCorrection(correction) ? clientOfNote(correction.correctsNoteId) : undefined;
    if (!clientId) return;
    return landInCopy(
      landing,
      (kept) => {
        if (!kept || !isCorrection(correction) || kept.corrections?.some((known) => known._id === correction._id)) return undefined;
        return { ...kept, corrections: [...(kept.corrections ?? []), correction] };
      },
      clientId,
    );
  },
};

/**
 * A client's enrolments with one as the server now holds it: its status and version taken, or
 * added when it was just linked to this client; never an older version over a newer one.
 */
export function withLandedEnrolment(enrolments: readonly ClientEnrolment[], landed: EnrolmentListItem): ClientEnrolment[] {
  const { _id, reference, serviceKey, serviceTitle, status, source, receivedAt, version } = landed;
  const kept = enrolments.find((enrolment) => enrolment._id === _id);
  if (kept) return enrolments.map((enrolment) => (enrolment === kept && enrolment.version <= version ? { ...enrolment, status, version } : enrolment));
  // Newest first, as the server lists them.
  return [...enrolments, { _id, reference, serviceKey, serviceTitle, status, source, receivedAt, version }].sort((a, b) =>
    b.receivedAt.localeCompare(a.receivedAt),
  );
}

/** Moving an enrolment along, or linking it to a client: `entityId` is the enrolment; its client's page in the copy shows the new status. */
export const enrolmentUpdateKind: OfflineKind<EnrolmentChanges> = {
  kind: 'enrolment.update',
  title: 'offline.kind.enrolment.update',
  ...staffWrite,
  makesRecord: false,
  versioned: true,
  schemaVersion: 1,
  check: (payload) => checkPayload(EnrolmentUpdatePayloadSchema, payload),
  subjectOf: (changes, entityId) => changes.clientId ?? entityId,
  fieldsOf: (changes) => Object.keys(changes),
  land: (landing) => {
    const enrolment = landing.record;
    if (!isEnrolment(enrolment) || !enrolment.clientId) return;
    return landInCopy(landing, (kept) => (kept ? { ...kept, enrolments: withLandedEnrolment(kept.enrolments, enrolment) } : undefined), enrolment.clientId);
  },
};

/** This feature's offline kinds, for src/offline-kinds.ts. */
export const clientOfflineKinds = [clientCreateKind, clientUpdateKind, noteCreateKind, noteShareKind, noteCorrectKind, enrolmentUpdateKind];
