import { QueryTypes, type Transaction } from 'sequelize';
import type { RetentionCandidate, RetentionOutcome } from '../../../contract/clients';
import type { Page, PageQuery } from '../../../contract/common';
import { CaseNote } from '../../db/models/case-note';
import type { Client } from '../../db/models/client';
import { Enrolment } from '../../db/models/enrolment';
import { FieldChange } from '../../db/models/field-change';
import { Contact, Goal, NoteCorrection, Task, Whanau, WhanauMember } from '../../db/models/whanau';
import { sequelize } from '../../db/sequelize';
import { getConfig } from '../../config';
import { recordAudit, recordBulkRead, type Actor } from '../../lib/audit';
import { now } from '../../lib/clock';
import { findVisibleClient } from '../../lib/need-to-know';

/**
 * Retention (Privacy Act IPP 9, decision 089): the trust keeps a person's details no longer than
 * it needs them. A manager sees who has had no contact for `RETENTION_YEARS` and archives or
 * erases them; a person's own request to erase goes the same way.
 */
export type { RetentionCandidate, RetentionOutcome };
export type RetentionQuery = PageQuery;

const yearMs = 365.25 * 24 * 60 * 60 * 1000;
const asTime = (value: unknown) => (value === null || value === undefined ? 0 : new Date(value as string | Date).getTime());

/** `GET /api/clients/retention`: clients not archived with no change, note or enrolment change since the cut-off, longest quiet first. */
export async function listRetentionCandidates(actor: Actor, query: RetentionQuery): Promise<Page<RetentionCandidate>> {
  const years = getConfig().retentionYears;
  const cutoff = new Date(now() - years * yearMs);
  const where = `c."archivedAt" IS NULL AND c."updatedAt" < :cutoff
    AND NOT EXISTS (SELECT 1 FROM case_notes n WHERE n."clientId" = c.id AND n."createdAt" >= :cutoff)
    AND NOT EXISTS (SELECT 1 FROM enrolments e WHERE e."clientId" = c.id AND e."updatedAt" >= :cutoff)`;
  const rows = await sequelize.query<{
    id: string;
    givenName: string;
    familyName: string;
    updatedAt: string;
    lastNote: string | null;
    lastEnrolment: string | null;
  }>(
    `SELECT c.id, c."givenName", c."familyName", c."updatedAt",
      (SELECT MAX(n."createdAt") FROM case_notes n WHERE n."clientId" = c.id) AS "lastNote",
      (SELECT MAX(e."updatedAt") FROM enrolments e WHERE e."clientId" = c.id) AS "lastEnrolment"
     FROM clients c WHERE ${where} ORDER BY c."updatedAt", c.id LIMIT :limit OFFSET :offset`,
    { type: QueryTypes.SELECT, replacements: { cutoff, limit: query.pageSize, offset: (query.page - 1) * query.pageSize } },
  );
  const [counted] = await sequelize.query<{ total: number | string }>(`SELECT COUNT(*) AS total FROM clients c WHERE ${where}`, {
    type: QueryTypes.SELECT,
    replacements: { cutoff },
  });
  const total = Number(counted?.total ?? 0);
  await recordBulkRead(actor, 'list', 'clients', { retentionYears: years, page: query.page, count: rows.length, total });
  return {
    items: rows.map((row) => ({
      _id: row.id,
      givenName: row.givenName,
      familyName: row.familyName,
      lastContactAt: new Date(Math.max(asTime(row.updatedAt), asTime(row.lastNote), asTime(row.lastEnrolment))).toISOString(),
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

const outcomeOf = (client: Client): RetentionOutcome => ({
  _id: client.id,
  archivedAt: (client.archivedAt ?? new Date()).toISOString(),
  erasedAt: client.erasedAt ? client.erasedAt.toISOString() : null,
});

/**
 * `POST /api/clients/{id}/archive`: out of every caseload (devices drop it at their next sync)
 * and every kaimahi's view; managers still read it; nothing can change it. Audited as an
 * `update` of `archivedAt`. Archiving an archived record changes nothing.
 */
export function archiveClient(actor: Actor, clientId: string): Promise<RetentionOutcome> {
  return sequelize.transaction(async (transaction) => {
    const client = await findVisibleClient(actor, clientId, transaction);
    if (!client.archivedAt) {
      await client.update({ archivedAt: new Date(now()), version: client.version + 1, updatedBy: actor.id }, { transaction });
      await recordAudit(actor, { action: 'update', entity: 'client', entityId: client.id, clientId: client.id, fields: ['archivedAt'] }, transaction);
    }
    return outcomeOf(client);
  });
}

/** The fields an erasure empties: everything that says who the person is. */
const erasedClientFields = [
  'givenName',
  'familyName',
  'preferredName',
  'dateOfBirth',
  'phone',
  'email',
  'address',
  'suburb',
  'iwi',
  'hapu',
  'household',
  'notes',
  'consent',
] as const;

/**
 * What an erasure removes of whānau case work (DESIGN §4c): the texts written about the person
 * (their contacts' summaries, their goals' and follow-ups' texts), the corrections of their notes
 * and contacts, their memberships (and a lead pointing at them), and their field history, which
 * holds old values. Counts stay (contacts, minutes, outputs, goals by area and status) for the
 * reports, with nothing that says who they were about beyond a tombstone id.
 */
async function eraseCaseWork(clientId: string, transaction: Transaction): Promise<Record<string, string>> {
  const [contacts] = await Contact.update({ summary: '' }, { where: { clientId }, transaction });
  const [goals] = await Goal.update({ text: '' }, { where: { clientId }, transaction });
  const [tasks] = await Task.update({ text: '' }, { where: { clientId }, transaction });
  const corrections = await NoteCorrection.destroy({ where: { clientId }, transaction });
  const whanauIds = (await WhanauMember.findAll({ where: { clientId }, attributes: ['whanauId'], transaction })).map((member) => member.whanauId);
  const memberships = await WhanauMember.destroy({ where: { clientId }, transaction });
  // Their whānau changed: devices get them again at the next caseload sync.
  if (whanauIds.length)
    await sequelize.query('UPDATE whanau SET "updatedAt" = :at WHERE id IN (:ids)', { replacements: { at: new Date(), ids: whanauIds }, transaction });
  await Whanau.update({ leadClientId: null }, { where: { leadClientId: clientId }, transaction });
  await FieldChange.destroy({ where: { clientId }, transaction });
  return { contacts: String(contacts), goals: String(goals), tasks: String(tasks), corrections: String(corrections), memberships: String(memberships) };
}

/**
 * `POST /api/clients/{id}/erase`: the personal fields of the record and of its enrolments are
 * removed and its case notes deleted; the row stays, archived, as a tombstone with its audit
 * trail (which names fields, never values). Audited as an `update` naming the erased fields
 * with `details: {erased, notes, enrolments}`. Erasing an erased record changes nothing.
 */
export function eraseClient(actor: Actor, clientId: string): Promise<RetentionOutcome> {
  return sequelize.transaction(async (transaction) => {
    const client = await findVisibleClient(actor, clientId, transaction);
    if (client.erasedAt) return outcomeOf(client);
    const at = new Date(now());
    await client.update(
      {
        givenName: '',
        familyName: '',
        preferredName: null,
        dateOfBirth: null,
        phone: null,
        email: null,
        address: null,
        suburb: null,
        iwi: null,
        hapu: null,
        household: null,
        notes: null,
        consentStatementVersion: null,
        consentAt: null,
        consentHow: null,
        archivedAt: client.archivedAt ?? at,
        erasedAt: at,
        version: client.version + 1,
        updatedBy: actor.id,
      },
      { transaction },
    );
    const notes = await CaseNote.destroy({ where: { clientId: client.id }, transaction });
    const caseWork = await eraseCaseWork(client.id, transaction);
    const enrolments = await Enrolment.findAll({ where: { clientId: client.id }, transaction });
    for (const enrolment of enrolments) {
      await enrolment.update(
        { givenName: '', familyName: '', dateOfBirth: null, phone: null, email: null, suburb: null, iwi: null, householdSize: null, message: null },
        { transaction },
      );
    }
    await recordAudit(
      actor,
      {
        action: 'update',
        entity: 'client',
        entityId: client.id,
        clientId: client.id,
        fields: [...erasedClientFields],
        details: { erased: 'true', notes: String(notes), enrolments: String(enrolments.length), ...caseWork },
      },
      transaction,
    );
    return outcomeOf(client);
  });
}
