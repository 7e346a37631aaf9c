import { Op, type Transaction } from 'sequelize';
import type { ContactCreatePayload, ContactRecord, NoteCorrection as NoteCorrectionBody, NoteCorrectPayload } from '../../../contract/whanau';
import { CaseNote } from '../../db/models/case-note';
import { Contact, ContactOutputRow, Goal, NoteCorrection } from '../../db/models/whanau';
import { recordAudit, type Actor } from '../../lib/audit';
import { presentContact, presentCorrection, staffNamesOf } from '../../lib/case-work';
import { notFound } from '../../lib/errors';
import type { OnceOutcome } from '../../lib/idempotency';
import {
  assertSeesClients,
  assertWritable,
  canWorkUnder,
  findVisibleClient,
  findVisibleWhanau,
  visibleContactsWhere,
  visibleGoalsWhere,
  visibleNotesWhere,
} from '../../lib/need-to-know';
import { once, payloadProblem } from './effects';
import { assertMembers } from './plan.service';
import { writtenAtOf } from '../../lib/written-at';

/* ---------- contacts ---------- */

/**
 * The effect of `contact.create`: a home visit, call… with a client or a whānau (a client given
 * with a whānau must be a member), under one of the writer's services; who was there must be
 * members (or the client), and the goals it served goals of that whānau the writer may see.
 * Each output is a row with the contact's service and date, for the reports.
 */
export async function createContact(actor: Actor, id: string, payload: ContactCreatePayload, transaction: Transaction): Promise<ContactRecord> {
  const whanau = payload.whanauId ? await findVisibleWhanau(actor, payload.whanauId, transaction) : undefined;
  if (payload.clientId) {
    assertWritable(await findVisibleClient(actor, payload.clientId, transaction));
    if (whanau) await assertMembers(whanau.id, [payload.clientId], 'clientId', transaction);
  }
  if (!canWorkUnder(actor, payload.serviceKey)) throw payloadProblem('You do not work on that service', 'serviceKey');
  const present = [...new Set(payload.presentClientIds)];
  // Who was there counts them in the writer's reports: only people the writer sees (decision 111).
  await assertSeesClients(actor, present, 'payload.presentClientIds', transaction);
  if (whanau) await assertMembers(whanau.id, present, 'presentClientIds', transaction);
  else if (present.some((clientId) => clientId !== payload.clientId)) throw payloadProblem('Not a member of this whānau', 'presentClientIds');
  const goalIds = [...new Set(payload.goalIds)];
  if (goalIds.length > 0) {
    const goals = whanau ? await Goal.count({ where: { [Op.and]: [{ id: goalIds, whanauId: whanau.id }, visibleGoalsWhere(actor)] }, transaction }) : 0;
    if (goals !== goalIds.length) throw payloadProblem('Not a goal of this whānau', 'goalIds');
  }
  const contact = await Contact.create(
    {
      id,
      clientId: payload.clientId ?? null,
      whanauId: whanau?.id ?? null,
      on: payload.on,
      kind: payload.kind,
      minutes: payload.minutes,
      serviceKey: payload.serviceKey,
      presentClientIds: present,
      goalIds,
      summary: payload.summary,
      authorId: actor.id,
      writtenAt: writtenAtOf(actor),
    },
    { transaction },
  );
  const outputs = await ContactOutputRow.bulkCreate(
    payload.outputs.map((output, position) => ({
      contactId: contact.id,
      serviceKey: contact.serviceKey,
      on: contact.on,
      position,
      kind: output.kind,
      quantity: output.quantity,
      unit: output.unit ?? null,
      value: output.value ?? null,
    })),
    { transaction },
  );
  await recordAudit(
    actor,
    { action: 'create', entity: 'contact', entityId: contact.id, clientId: contact.clientId, ...(whanau ? { details: { whanauId: whanau.id } } : {}) },
    transaction,
  );
  return presentContact(contact, outputs, new Map([[actor.id, actor.name]]));
}

/** A contact the actor may see: of their services or written by them, its client or whānau visible; else 404. */
async function findVisibleContact(actor: Actor, id: string, transaction?: Transaction): Promise<Contact | undefined> {
  const contact = await Contact.findOne({ where: { [Op.and]: [{ id }, visibleContactsWhere(actor)] }, transaction });
  if (!contact) return undefined;
  try {
    if (contact.clientId) await findVisibleClient(actor, contact.clientId, transaction);
    else if (contact.whanauId) await findVisibleWhanau(actor, contact.whanauId, transaction);
  } catch {
    return undefined;
  }
  return contact;
}

async function rereadContact(actor: Actor, id: string, transaction?: Transaction): Promise<ContactRecord> {
  const contact = await findVisibleContact(actor, id, transaction);
  if (!contact) throw notFound('Contact not found');
  const outputs = await ContactOutputRow.findAll({ where: { contactId: contact.id }, transaction });
  return presentContact(contact, outputs, await staffNamesOf([contact.authorId], transaction));
}

export function createContactOnce(
  actor: Actor,
  id: string,
  payload: ContactCreatePayload,
  request: unknown,
  within?: Transaction,
): Promise<OnceOutcome<ContactRecord>> {
  return once(
    actor,
    { id, kind: 'contact.create', request, status: 201 },
    (t) => createContact(actor, id, payload, t),
    (contactId, t) => rereadContact(actor, contactId, t),
    within,
  );
}

/* ---------- corrections ---------- */

type Original = { kind: 'note' | 'contact'; clientId: string | null; whanauId: string | null };

/** The case note or contact a correction names, when the actor may see it; undefined otherwise. */
async function findVisibleOriginal(actor: Actor, id: string, transaction?: Transaction): Promise<Original | undefined> {
  const note = await CaseNote.findOne({ where: { [Op.and]: [{ id }, visibleNotesWhere(actor)] }, transaction });
  if (note) {
    const client = await findVisibleClient(actor, note.clientId, transaction).catch(() => undefined);
    return client ? { kind: 'note', clientId: client.id, whanauId: null } : undefined;
  }
  const contact = await findVisibleContact(actor, id, transaction);
  return contact ? { kind: 'contact', clientId: contact.clientId, whanauId: contact.whanauId } : undefined;
}

/**
 * The effect of `note.correct`: a new note with a reason that corrects a case note or a contact's
 * summary; the original is never changed. On the trail as a `note` of entity `correction`,
 * naming the corrected note or contact (`details.corrects`): who corrected what (HIPC rule 7).
 */
export async function correctNote(actor: Actor, id: string, payload: NoteCorrectPayload, transaction: Transaction): Promise<NoteCorrectionBody> {
  const original = await findVisibleOriginal(actor, payload.correctsNoteId, transaction);
  if (!original) throw notFound('Note not found');
  if (original.clientId) assertWritable(await findVisibleClient(actor, original.clientId, transaction));
  const correction = await NoteCorrection.create(
    {
      id,
      correctsNoteId: payload.correctsNoteId,
      clientId: original.clientId,
      whanauId: original.whanauId,
      text: payload.text,
      reason: payload.reason,
      authorId: actor.id,
      writtenAt: writtenAtOf(actor),
    },
    { transaction },
  );
  await recordAudit(
    actor,
    {
      action: 'note',
      entity: 'correction',
      entityId: correction.id,
      clientId: original.clientId,
      fields: ['text', 'reason'],
      details: { corrects: payload.correctsNoteId, of: original.kind, ...(original.whanauId ? { whanauId: original.whanauId } : {}) },
    },
    transaction,
  );
  return presentCorrection(correction, new Map([[actor.id, actor.name]]));
}

async function rereadCorrection(actor: Actor, id: string, transaction?: Transaction): Promise<NoteCorrectionBody> {
  const correction = await NoteCorrection.findByPk(id, { transaction });
  if (!correction || !(await findVisibleOriginal(actor, correction.correctsNoteId, transaction))) throw notFound('Correction not found');
  return presentCorrection(correction, await staffNamesOf([correction.authorId], transaction));
}

export function correctNoteOnce(
  actor: Actor,
  id: string,
  payload: NoteCorrectPayload,
  request: unknown,
  within?: Transaction,
): Promise<OnceOutcome<NoteCorrectionBody>> {
  return once(
    actor,
    { id, kind: 'note.correct', request, status: 201 },
    (t) => correctNote(actor, id, payload, t),
    (correctionId, t) => rereadCorrection(actor, correctionId, t),
    within,
  );
}
