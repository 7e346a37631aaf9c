import { Op, QueryTypes } from 'sequelize';
import type { CaseloadChanges, CaseloadQuery, ClientDetail } from '../../../contract/clients';
import { CaseNote } from '../../db/models/case-note';
import { Client } from '../../db/models/client';
import { Enrolment } from '../../db/models/enrolment';
import { User } from '../../db/models/user';
import { sequelize } from '../../db/sequelize';
import { recordBulkRead, type Actor } from '../../lib/audit';
import { readClientsWhanau, readContacts, readCorrections } from '../../lib/case-work';
import { caseloadClientsSql } from '../../lib/caseload';
import { visibleEnrolmentsWhere, visibleNotesSql, visibleNotesWhere, visibleServicesSql } from '../../lib/need-to-know';
import { presentClient, presentClientEnrolment, presentNote } from './clients.presenter';

/**
 * The caseload a kaimahi keeps (encrypted) on their device, DESIGN §6 and decision 045.
 *
 * Which clients: a kaimahi's caseload is every client they may see (created by them, or with an
 * enrolment in one of their services); a manager, who may see everyone, keeps the clients they
 * created, those with an enrolment in their own services, and those they opened or changed (their
 * audit events), not the whole register.
 *
 * Only what changed: a client is sent again when its record changed, a note was added, or one of
 * its enrolments the caller may see changed since `since`. The cursor handed back is a little
 * before the time of the read, so a write that was committing while we read is sent next time
 * rather than never (sending a client twice is harmless: the device replaces it).
 */
export const caseloadCursorOverlapMs = 10_000;

/** `GET /api/clients/caseload`: what changed in the caller's caseload since `since` (all of it without). */
export async function caseloadChanges(actor: Actor, query: CaseloadQuery): Promise<CaseloadChanges> {
  const readAt = Date.now();
  const caseload = caseloadClientsSql(actor);
  const ids = await sequelize.query<{ id: string }>(`SELECT c.id FROM clients c WHERE ${caseload.sql} ORDER BY c.id`, {
    type: QueryTypes.SELECT,
    replacements: caseload.replacements,
  });
  let changedIds = ids.map((row) => row.id);
  if (query.since !== undefined && changedIds.length > 0) {
    const since = new Date(query.since);
    const changed = await sequelize.query<{ id: string }>(
      `SELECT c.id FROM clients c WHERE ${caseload.sql} AND (
        c."updatedAt" > :since
        OR c.id IN (SELECT n."clientId" FROM case_notes n WHERE n."createdAt" > :since AND ${visibleNotesSql(actor, 'n')})
        OR c.id IN (SELECT e."clientId" FROM enrolments e WHERE e."updatedAt" > :since AND e."clientId" IS NOT NULL AND ${visibleServicesSql(actor, 'e."serviceKey"')})
        OR c.id IN (SELECT k."clientId" FROM contacts k WHERE k."createdAt" > :since AND k."clientId" IS NOT NULL)
        OR c.id IN (SELECT r."clientId" FROM note_corrections r WHERE r."createdAt" > :since AND r."clientId" IS NOT NULL)
        OR c.id IN (SELECT m."clientId" FROM whanau_members m WHERE m."updatedAt" > :since))`,
      { type: QueryTypes.SELECT, replacements: { ...caseload.replacements, since } },
    );
    changedIds = changed.map((row) => row.id);
  }
  const clients = await detailsOf(actor, changedIds);
  // A poll that sends nothing personal (only ids) is not a download; one that sends records is.
  if (clients.length > 0) {
    const notes = clients.reduce((sum, client) => sum + client.caseNotes.length, 0);
    await recordBulkRead(actor, 'caseload', 'clients', { count: clients.length, notes, since: query.since });
  }
  return {
    clients,
    ids: ids.map((row) => row.id),
    cursor: new Date(readAt - caseloadCursorOverlapMs).toISOString(),
  };
}

/** Client pages for many ids at once: three queries in all, not three per client. */
async function detailsOf(actor: Actor, ids: string[]): Promise<ClientDetail[]> {
  if (ids.length === 0) return [];
  const [clients, enrolments, notes] = await Promise.all([
    Client.findAll({ where: { id: ids }, order: [['id', 'ASC']] }),
    Enrolment.findAll({
      where: { clientId: { [Op.in]: ids }, ...visibleEnrolmentsWhere(actor) },
      order: [
        ['receivedAt', 'DESC'],
        ['id', 'DESC'],
      ],
    }),
    CaseNote.findAll({
      where: { clientId: ids, ...visibleNotesWhere(actor) },
      order: [
        ['createdAt', 'DESC'],
        ['id', 'DESC'],
      ],
    }),
  ]);
  const staffIds = [...new Set([...clients.flatMap((client) => [client.createdBy, client.updatedBy]), ...notes.map((note) => note.authorId)])].filter(
    (id): id is string => Boolean(id),
  );
  const users = staffIds.length ? await User.findAll({ where: { id: staffIds }, attributes: ['id', 'name'] }) : [];
  const names = new Map(users.map((user) => [user.id, user.name]));
  const enrolmentsOf = groupBy(enrolments, (enrolment) => enrolment.clientId ?? '');
  const notesOf = groupBy(notes, (note) => note.clientId);
  // Whānau case work (DESIGN §4c): memberships, contacts and corrections, a few queries for all.
  const [whanauOf, contacts] = await Promise.all([readClientsWhanau(ids), readContacts(actor, { clientId: ids })]);
  const contactsOf = groupBy(contacts, (contact) => contact.clientId ?? '');
  const ownerOf = new Map<string, string>([
    ...notes.map((note) => [note.id, note.clientId] as const),
    ...contacts.map((contact) => [contact._id, contact.clientId ?? ''] as const),
  ]);
  const corrections = await readCorrections([...ownerOf.keys()]);
  const correctionsOf = groupBy(corrections, (correction) => ownerOf.get(correction.correctsNoteId) ?? '');
  return clients.map((client) => ({
    ...presentClient(client, names),
    enrolments: (enrolmentsOf.get(client.id) ?? []).map(presentClientEnrolment),
    caseNotes: (notesOf.get(client.id) ?? []).map((note) => presentNote(note, names)),
    whanau: whanauOf.get(client.id) ?? [],
    contacts: contactsOf.get(client.id) ?? [],
    corrections: correctionsOf.get(client.id) ?? [],
  }));
}

function groupBy<T>(items: T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}
