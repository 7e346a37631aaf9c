import { Op, type Transaction, type WhereOptions } from 'sequelize';
import type { CaseNote as CaseNoteBody } from '../../contract/clients';
import type { CaseNote } from '../db/models/case-note';
import type { ClientWhanau, ContactRecord, NoteCorrection as NoteCorrectionBody } from '../../contract/whanau';
import { User } from '../db/models/user';
import { Contact, ContactOutputRow, NoteCorrection, Whanau, WhanauMember } from '../db/models/whanau';
import type { Actor } from './audit';
import { visibleContactsWhere } from './need-to-know';

/**
 * Reads of contacts, corrections and memberships shared by the client page (clients feature) and
 * the whānau page (whanau feature), which never import each other. Visibility comes from
 * need-to-know.ts; callers have already checked the client or whānau itself.
 */

/** Staff names by account id, for presenting who wrote or changed what. */
export type StaffNames = ReadonlyMap<string, string>;

export async function staffNamesOf(ids: (string | null | undefined)[], transaction?: Transaction): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (wanted.length === 0) return new Map();
  const users = await User.findAll({ where: { id: wanted }, attributes: ['id', 'name'], transaction });
  return new Map(users.map((user) => [user.id, user.name]));
}

export function presentCaseNote(note: CaseNote, names: StaffNames): CaseNoteBody {
  return {
    _id: note.id,
    clientId: note.clientId,
    text: note.text,
    authorId: note.authorId,
    authorName: names.get(note.authorId) ?? 'Unknown',
    serviceKey: note.serviceKey,
    shared: note.shared,
    createdAt: note.createdAt.toISOString(),
    writtenAt: (note.writtenAt ?? note.createdAt).toISOString(),
  };
}

export function presentContact(contact: Contact, outputs: ContactOutputRow[], names: StaffNames): ContactRecord {
  return {
    _id: contact.id,
    clientId: contact.clientId ?? null,
    whanauId: contact.whanauId ?? null,
    on: contact.on,
    kind: contact.kind,
    minutes: contact.minutes,
    serviceKey: contact.serviceKey,
    presentClientIds: contact.presentClientIds ?? [],
    goalIds: contact.goalIds ?? [],
    outputs: [...outputs]
      .sort((a, b) => a.position - b.position)
      .map((output) => ({
        kind: output.kind,
        quantity: Number(output.quantity),
        ...(output.unit === null ? {} : { unit: output.unit }),
        ...(output.value === null ? {} : { value: Number(output.value) }),
      })),
    summary: contact.summary,
    authorId: contact.authorId,
    authorName: names.get(contact.authorId) ?? 'Unknown',
    createdAt: contact.createdAt.toISOString(),
    writtenAt: (contact.writtenAt ?? contact.createdAt).toISOString(),
  };
}

export function presentCorrection(correction: NoteCorrection, names: StaffNames): NoteCorrectionBody {
  return {
    _id: correction.id,
    correctsNoteId: correction.correctsNoteId,
    text: correction.text,
    reason: correction.reason,
    authorId: correction.authorId,
    authorName: names.get(correction.authorId) ?? 'Unknown',
    createdAt: correction.createdAt.toISOString(),
    writtenAt: (correction.writtenAt ?? correction.createdAt).toISOString(),
  };
}

/**
 * Contacts matching `where` that the actor may see, newest first (by date, then when written), at
 * most `limit`, with their outputs and writers' names.
 */
export async function readContacts(actor: Actor, where: WhereOptions<Contact>, transaction?: Transaction, limit?: number): Promise<ContactRecord[]> {
  const contacts = await Contact.findAll({
    where: { [Op.and]: [where, visibleContactsWhere(actor)] },
    order: [
      ['on', 'DESC'],
      ['createdAt', 'DESC'],
      ['id', 'DESC'],
    ],
    ...(limit ? { limit } : {}),
    transaction,
  });
  if (contacts.length === 0) return [];
  const outputs = await ContactOutputRow.findAll({ where: { contactId: contacts.map((contact) => contact.id) }, transaction });
  const names = await staffNamesOf(
    contacts.map((contact) => contact.authorId),
    transaction,
  );
  return contacts.map((contact) =>
    presentContact(
      contact,
      outputs.filter((output) => output.contactId === contact.id),
      names,
    ),
  );
}

/** The corrections of these notes and contacts (ones the caller may see), oldest first. */
export async function readCorrections(originalIds: string[], transaction?: Transaction): Promise<NoteCorrectionBody[]> {
  if (originalIds.length === 0) return [];
  const corrections = await NoteCorrection.findAll({
    where: { correctsNoteId: { [Op.in]: [...new Set(originalIds)] } },
    order: [
      ['createdAt', 'ASC'],
      ['id', 'ASC'],
    ],
    transaction,
  });
  const names = await staffNamesOf(
    corrections.map((correction) => correction.authorId),
    transaction,
  );
  return corrections.map((correction) => presentCorrection(correction, names));
}

/** The whānau a client (one the caller may see) is a linked member of, by name. */
export async function readClientWhanau(clientId: string, transaction?: Transaction): Promise<ClientWhanau[]> {
  return (await readClientsWhanau([clientId], transaction)).get(clientId) ?? [];
}

/** As `readClientWhanau`, for many clients at once (two queries in all), by client id. */
export async function readClientsWhanau(clientIds: string[], transaction?: Transaction): Promise<Map<string, ClientWhanau[]>> {
  const byClient = new Map<string, ClientWhanau[]>();
  if (clientIds.length === 0) return byClient;
  const members = await WhanauMember.findAll({ where: { clientId: clientIds, unlinkedAt: null }, transaction });
  if (members.length === 0) return byClient;
  const whanau = await Whanau.findAll({ where: { id: [...new Set(members.map((member) => member.whanauId))] }, attributes: ['id', 'name'], transaction });
  const nameOf = new Map(whanau.map((row) => [row.id, row.name]));
  for (const member of members) {
    const list = byClient.get(member.clientId) ?? [];
    list.push({
      _id: member.whanauId,
      name: nameOf.get(member.whanauId) ?? '',
      memberId: member.id,
      relationship: member.relationship,
      relationshipText: member.relationshipText ?? null,
    });
    byClient.set(member.clientId, list);
  }
  for (const list of byClient.values()) list.sort((a, b) => a.name.localeCompare(b.name) || (a._id < b._id ? -1 : 1));
  return byClient;
}
