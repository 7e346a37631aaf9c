import { OutcomeRatingRow } from '../../db/models/outcome-rating';
import { DetailChangeRow, GoalSuggestion, WhanauComment, WhanauDevice, WhanauInvite } from '../../db/models/whanau-app';
import { QueryTypes, type Transaction } from 'sequelize';
import { foldForSearch, type EraseClientInput, type ErasureReview, type RetentionCandidate, type RetentionOutcome } from '../../../contract/clients';
import type { Page, PageQuery } from '../../../contract/common';
import { CaseNote } from '../../db/models/case-note';
import { phoneDigits, type Client } from '../../db/models/client';
import { Enrolment } from '../../db/models/enrolment';
import { FieldChange } from '../../db/models/field-change';
import { Contact, Goal, NoteCorrection, Task, Whanau, WhanauMember } from '../../db/models/whanau';
import { checkpointWal, sequelize } from '../../db/sequelize';
import { getConfig } from '../../config';
import { recordAudit, recordBulkRead, type Actor } from '../../lib/audit';
import { now } from '../../lib/clock';
import { ApiError } from '../../lib/errors';
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
  // Their "How are we going?" answers stay the whānau's scores (the report card counts them), no longer theirs, and without their words.
  const [ratings] = await OutcomeRatingRow.update({ clientId: null, comment: null }, { where: { clientId }, transaction });
  // Their own voice in the whānau's app: their words go, their phones are unlinked and their codes spent.
  await WhanauComment.update({ text: '' }, { where: { clientId }, transaction });
  await GoalSuggestion.update({ text: '' }, { where: { clientId }, transaction });
  await DetailChangeRow.update({ proposed: {} }, { where: { clientId }, transaction });
  await WhanauDevice.update(
    { revokedAt: new Date(), revokedWhy: 'erased', tokenVersion: sequelize.literal('"tokenVersion" + 1') as unknown as number },
    { where: { clientId, revokedAt: null }, transaction },
  );
  await WhanauInvite.destroy({ where: { clientId }, transaction });
  return {
    contacts: String(contacts),
    goals: String(goals),
    tasks: String(tasks),
    corrections: String(corrections),
    memberships: String(memberships),
    ratings: String(ratings),
  };
}

/** The whānau the person is a member of now: their name and notes may name the person. */
async function whanauOf(clientId: string, transaction?: Transaction): Promise<Whanau[]> {
  const members = await WhanauMember.findAll({ where: { clientId, unlinkedAt: null }, attributes: ['whanauId'], transaction });
  if (members.length === 0) return [];
  return Whanau.findAll({ where: { id: members.map((member) => member.whanauId) }, order: [['name', 'ASC']], transaction });
}

/** `GET /api/clients/{id}/erasure-review` (managers): the whānau texts to review before erasing, read like a whānau page (a `view`). */
export function reviewErasure(actor: Actor, clientId: string): Promise<ErasureReview> {
  return sequelize.transaction(async (transaction) => {
    const client = await findVisibleClient(actor, clientId, transaction);
    const whanau = client.erasedAt ? [] : await whanauOf(client.id, transaction);
    for (const one of whanau)
      await recordAudit(actor, { action: 'view', entity: 'whanau', entityId: one.id, details: { erasureReviewOf: client.id } }, transaction);
    return { whanau: whanau.map((one) => ({ _id: one.id, name: one.name, notes: one.notes })) };
  });
}

/** The manager's new texts for the person's whānau, each an audited edit; a whānau the person is not in is a 400. */
async function rewriteWhanau(actor: Actor, client: Client, changes: EraseClientInput['whanau'], transaction: Transaction): Promise<void> {
  if (changes.length === 0) return;
  const theirs = new Map((await whanauOf(client.id, transaction)).map((one) => [one.id, one]));
  const problems = changes.flatMap((change, index) =>
    theirs.has(change._id) ? [] : [{ msg: 'The person is not a member of this whānau', param: `whanau.${index}._id` }],
  );
  if (problems.length > 0) throw new ApiError(400, problems);
  for (const change of changes) {
    const whanau = theirs.get(change._id)!;
    const fields = (['name', 'notes'] as const).filter((field) => (whanau[field] ?? null) !== change[field]);
    if (fields.length === 0) continue;
    const version = whanau.version + 1;
    await whanau.update(
      {
        name: change.name,
        notes: change.notes,
        version,
        fieldVersions: { ...whanau.fieldVersions, ...Object.fromEntries(fields.map((field) => [field, version])) },
        updatedBy: actor.id,
      },
      { transaction },
    );
    await recordAudit(actor, { action: 'update', entity: 'whanau', entityId: whanau.id, fields, details: { erasureOf: client.id } }, transaction);
  }
}

type SearchedBy = { names: Set<string>; phones: string[]; emails: Set<string> };

/** What the person could be found by: the folded words of their names and email, their phone's digits (national and international). */
function searchedBy(
  people: { givenName: string; familyName: string; preferredName?: string | null; phone: string | null; email: string | null }[],
): SearchedBy {
  const found: SearchedBy = { names: new Set(), phones: [], emails: new Set() };
  const words = (text: string) =>
    foldForSearch(text)
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean);
  for (const person of people) {
    for (const name of [person.givenName, person.familyName, person.preferredName ?? '']) for (const word of words(name)) found.names.add(word);
    if (person.email) {
      const email = person.email.toLowerCase();
      found.emails.add(email);
      for (const word of words(email.split('@')[0] ?? '')) found.emails.add(word);
    }
    const digits = phoneDigits(person.phone);
    if (digits) found.phones.push(digits, digits.startsWith('64') ? `0${digits.slice(2)}` : `64${digits.slice(1)}`);
  }
  return found;
}

/**
 * A stored search (`q` of a `list` event) with what named the erased person replaced by its kind,
 * or null when it did not name them: a name word as typed or a prefix of 3 letters or more →
 * `[name]`, 4 digits or more of their phone → `[phone]`, their email or its words → `[email]`.
 * The other words stay, so the trail still shows the shape of the search (decision 110).
 */
export function forgetPersonIn(q: string, person: SearchedBy): string | null {
  const digitsOfAll = q.replace(/\D/g, '');
  if (/^[\d\s+\-()]+$/.test(q) && digitsOfAll.length >= 4 && person.phones.some((phone) => phone.includes(digitsOfAll))) return '[phone]';
  let named = false;
  const shape = q
    .trim()
    .split(/\s+/)
    .map((typed) => {
      const word = foldForSearch(typed);
      const digits = word.replace(/\D/g, '');
      const kind = [...person.names].some((name) => name === word || (word.length >= 3 && name.startsWith(word)))
        ? '[name]'
        : person.emails.has(word) || (word.includes('@') && [...person.emails].some((email) => email.includes('@') && email.startsWith(word)))
          ? '[email]'
          : /^[\d+\-()]+$/.test(word) && digits.length >= 4 && person.phones.some((phone) => phone.includes(digits))
            ? '[phone]'
            : null;
      if (kind) named = true;
      return kind ?? typed;
    })
    .join(' ');
  return named ? shape : null;
}

/** Rewrites the stored searches that named the person (the one change the audit trail allows, migration 024); how many. */
async function forgetStoredSearches(person: SearchedBy, transaction: Transaction): Promise<number> {
  const events = await sequelize.query<{ seq: number; details: string | Record<string, string> }>(
    `SELECT seq, details FROM audit_events WHERE action = 'list' AND CAST(details AS TEXT) LIKE '%"q"%'`,
    { type: QueryTypes.SELECT, transaction },
  );
  let forgotten = 0;
  for (const event of events) {
    const details = typeof event.details === 'string' ? (JSON.parse(event.details) as Record<string, string>) : event.details;
    const shape = typeof details.q === 'string' ? forgetPersonIn(details.q, person) : null;
    if (shape === null) continue;
    await sequelize.query('UPDATE audit_events SET details = :details WHERE seq = :seq', {
      replacements: { details: JSON.stringify({ ...details, q: shape }), seq: event.seq },
      transaction,
    });
    forgotten += 1;
  }
  return forgotten;
}

/**
 * `POST /api/clients/{id}/erase`: the personal fields of the record and of its enrolments are
 * removed and its case notes deleted; the row stays, archived, as a tombstone with its audit
 * trail (which names fields, never values). Audited as an `update` naming the erased fields
 * with `details: {erased, notes, enrolments, …}`. Erasing an erased record changes nothing.
 * The whānau texts the manager rewrote are saved with it; stored searches that named the person
 * keep only their shape; then the write-ahead log is checkpointed so the old bytes leave the
 * disk (with `secure_delete`, decision 110).
 */
export async function eraseClient(actor: Actor, clientId: string, input: EraseClientInput = { whanau: [] }): Promise<RetentionOutcome> {
  const outcome = await sequelize.transaction((transaction) => eraseInTransaction(actor, clientId, input, transaction));
  await checkpointWal(sequelize);
  return outcome;
}

async function eraseInTransaction(actor: Actor, clientId: string, input: EraseClientInput, transaction: Transaction): Promise<RetentionOutcome> {
  const client = await findVisibleClient(actor, clientId, transaction);
  if (client.erasedAt) return outcomeOf(client);
  await rewriteWhanau(actor, client, input.whanau, transaction);
  const enrolments = await Enrolment.findAll({ where: { clientId: client.id }, transaction });
  const person = searchedBy([client, ...enrolments]);
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
      details: {
        erased: 'true',
        notes: String(notes),
        enrolments: String(enrolments.length),
        ...caseWork,
        searches: String(await forgetStoredSearches(person, transaction)),
      },
    },
    transaction,
  );
  return outcomeOf(client);
}
