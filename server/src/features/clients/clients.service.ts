import crypto from 'node:crypto';
import { Op, QueryTypes, type Transaction, type WhereOptions } from 'sequelize';
import type { AuditEvent as AuditEventBody } from '../../../contract/audit';
import {
  foldForSearch,
  type CaseNote as CaseNoteBody,
  type Consent,
  type ClientChanges,
  type ClientDetail,
  type ClientRecord,
  type CreateClientInput,
  type CreateNoteInput,
  type DuplicateCandidate,
  type ListClientsQuery,
  type UpdateClientInput,
} from '../../../contract/clients';
import { phoneSuffixWord } from '../../../contract/client-search';
import { enrolledByLinking } from '../../../contract/enrolments';
import type { Page, PageQuery } from '../../../contract/common';
import type { FieldChange as FieldChangeBody } from '../../../contract/whanau';
import { AuditEvent } from '../../db/models/audit-event';
import { CaseNote } from '../../db/models/case-note';
import { Client, phoneKeyOf } from '../../db/models/client';
import { Enrolment } from '../../db/models/enrolment';
import { User } from '../../db/models/user';
import { sequelize } from '../../db/sequelize';
import { presentRecordTrail, recordAudit, recordBulkRead, type Actor } from '../../lib/audit';
import { readClientWhanau, readContacts, readCorrections } from '../../lib/case-work';
import { csvText } from '../../lib/csv';
import { conflict, editConflict, forbidden, notFound } from '../../lib/errors';
import { listFieldHistory, recordFieldChanges } from '../../lib/field-history';
import { mergeFields } from '../../lib/field-versions';
import { keepIds, runOnce, type OnceOutcome } from '../../lib/idempotency';
import {
  assertWritable,
  canSeeEnrolment,
  findVisibleClient,
  findVisibleEnrolment,
  noteServiceFor,
  visibleClientsSql,
  visibleClientsWhere,
  visibleNotesWhere,
  visibleServicesSql,
} from '../../lib/need-to-know';
import { presentEnrolment } from '../../lib/present-enrolment';
import { presentClient, presentClientEnrolment, presentNote, serviceTitle, type StaffNames } from './clients.presenter';
import { writtenAtOf } from '../../lib/written-at';

/** Names of staff accounts by id, for presenting who wrote or changed what. */
async function staffNames(ids: (string | null)[], transaction?: Transaction): Promise<StaffNames> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (wanted.length === 0) return new Map();
  const users = await User.findAll({ where: { id: wanted }, attributes: ['id', 'name'], transaction });
  return new Map(users.map((user) => [user.id, user.name]));
}

async function presentOne(client: Client, transaction?: Transaction): Promise<ClientRecord> {
  return presentClient(client, await staffNames([client.createdBy, client.updatedBy], transaction));
}

/** The columns behind each editable field (consent is three). */
function columnsOf(changes: Omit<Partial<ClientChanges>, 'consent'> & { consent?: Consent | null }): Partial<Client> {
  const { consent, ...plain } = changes;
  const columns: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(plain)) if (value !== undefined) columns[field] = value;
  if (consent !== undefined) {
    columns.consentStatementVersion = consent?.statementVersion ?? null;
    columns.consentAt = consent ? new Date(consent.at) : null;
    columns.consentHow = consent?.how ?? null;
  }
  return columns as Partial<Client>;
}

/** A client's fields as an edit compares them. */
function editableValues(client: Client): Record<string, unknown> {
  const { _id, version, createdAt, writtenAt, createdBy, updatedAt, updatedBy, createdByName, updatedByName, ...fields } = presentClient(client, new Map());
  void [_id, version, createdAt, writtenAt, createdBy, updatedAt, updatedBy, createdByName, updatedByName];
  return fields;
}

/** The whole client page: the record, its enrolments the actor may see, and notes newest first. */
async function detailOf(actor: Actor, client: Client, transaction?: Transaction): Promise<ClientDetail> {
  const [linked, notes] = await Promise.all([
    // By client only, then filtered and ordered here: with the service filter and the order in
    // SQL, SQLite walks the service's (serviceKey, receivedAt, id) index through every enrolment
    // of the service. A client has a handful of enrolments; a service has thousands.
    Enrolment.findAll({ where: { clientId: client.id }, transaction }),
    CaseNote.findAll({
      where: { clientId: client.id, ...visibleNotesWhere(actor) },
      order: [
        ['createdAt', 'DESC'],
        ['id', 'DESC'],
      ],
      transaction,
    }),
  ]);
  const enrolments = linked
    .filter((enrolment) => canSeeEnrolment(actor, enrolment))
    .sort((a, b) => b.receivedAt.getTime() - a.receivedAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  const names = await staffNames([client.createdBy, client.updatedBy, ...notes.map((note) => note.authorId)], transaction);
  const caseWork = await caseWorkOf(actor, client.id, notes, transaction);
  return {
    ...presentClient(client, names),
    enrolments: enrolments.map(presentClientEnrolment),
    caseNotes: notes.map((note) => presentNote(note, names)),
    ...caseWork,
  };
}

/**
 * What a client page shows of whānau case work (DESIGN §4c): the whānau the client is a member
 * of, their contacts the actor may see, and the corrections of those notes and contacts.
 */
export async function caseWorkOf(
  actor: Actor,
  clientId: string,
  notes: { id: string }[],
  transaction?: Transaction,
): Promise<Pick<ClientDetail, 'whanau' | 'contacts' | 'corrections'>> {
  const [whanau, contacts] = await Promise.all([readClientWhanau(clientId, transaction), readContacts(actor, { clientId }, transaction)]);
  const corrections = await readCorrections([...notes.map((note) => note.id), ...contacts.map((contact) => contact._id)], transaction);
  return { whanau, contacts, corrections };
}

/** The enrolment a new client is made from, and where the request named it (`fromEnrolment`, or `payload.fromEnrolment` in a sync). */
export type EnrolmentSource = { id: string; param: string };

/**
 * Creates a client record (the effect of `client.create`). With `fromEnrolment`, the record takes
 * that enrolment's consent when none is given, and the enrolment is linked to it.
 */
export async function createClient(
  actor: Actor,
  input: CreateClientInput,
  fromEnrolment: EnrolmentSource | undefined,
  transaction: Transaction,
): Promise<ClientDetail> {
  const enrolment = fromEnrolment ? await findVisibleEnrolment(actor, fromEnrolment.id, transaction) : undefined;
  if (enrolment?.clientId) throw conflict('This enrolment is already linked to a client', fromEnrolment?.param);
  const { _id, consent, ...fields } = input;
  const givenConsent =
    consent ??
    (enrolment && enrolment.source === 'online'
      ? { statementVersion: enrolment.consentStatementVersion, at: enrolment.consentedAt.toISOString(), how: 'online' as const }
      : undefined);
  const client = await Client.create(
    {
      id: _id,
      ...Object.fromEntries(Object.entries(fields).map(([field, value]) => [field, value ?? null])),
      ...columnsOf({ consent: givenConsent ?? null }),
      givenName: fields.givenName,
      familyName: fields.familyName,
      createdBy: actor.id,
      updatedBy: actor.id,
      writtenAt: writtenAtOf(actor),
    } as Client['_creationAttributes'],
    { transaction },
  );
  const given = Object.entries(input)
    .filter(([field, value]) => field !== '_id' && value !== undefined)
    .map(([field]) => field);
  await recordAudit(actor, { action: 'create', entity: 'client', entityId: client.id, clientId: client.id, fields: given }, transaction);
  if (enrolment) {
    await linkEnrolment(actor, enrolment, client.id, transaction);
    await noteFromEnrolment(actor, enrolment, client.id, transaction);
  }
  return detailOf(actor, client, transaction);
}

/**
 * The message a person wrote when enrolling becomes their record's first case note, under the
 * enrolment's service and written by the kaimahi who made the record (issue 20). Its id is
 * derived from the enrolment's, so it can be made only once.
 */
async function noteFromEnrolment(actor: Actor, enrolment: Enrolment, clientId: string, transaction: Transaction): Promise<void> {
  const text = enrolment.message?.trim();
  if (!text) return;
  const id = enrolmentNoteId(enrolment.id);
  await CaseNote.create({ id, clientId, authorId: actor.id, text, serviceKey: enrolment.serviceKey }, { transaction });
  await recordAudit(actor, { action: 'note', entity: 'note', entityId: id, clientId, details: { enrolmentId: enrolment.id } }, transaction);
}

/** A UUID (version 5 layout) made from an enrolment's id: the id of the case note its message becomes. */
function enrolmentNoteId(enrolmentId: string): string {
  const hash = crypto.createHash('sha256').update(`enrolment-message:${enrolmentId}`).digest();
  hash[6] = ((hash[6] ?? 0) & 0x0f) | 0x50;
  hash[8] = ((hash[8] ?? 0) & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Links an enrolment to a client (version + 1) and records it on the client's trail. A new or
 * contacted enrolment is enrolled by it (issue 31: the person now has a record of care, so the
 * funder report counts them accepted); a status change of its own on the trail.
 */
export async function linkEnrolment(actor: Actor, enrolment: Enrolment, clientId: string, transaction: Transaction): Promise<void> {
  const version = enrolment.version + 1;
  const from = enrolment.status;
  const enrols = enrolledByLinking(from);
  await enrolment.update(
    {
      clientId,
      ...(enrols && { status: 'enrolled' }),
      version,
      fieldVersions: { ...enrolment.fieldVersions, clientId: version, ...(enrols && { status: version }) },
    },
    { transaction },
  );
  await recordAudit(actor, { action: 'link', entity: 'enrolment', entityId: enrolment.id, clientId, details: { enrolmentId: enrolment.id } }, transaction);
  if (enrols) {
    await recordAudit(actor, { action: 'status', entity: 'enrolment', entityId: enrolment.id, clientId, details: { from, to: 'enrolled' } }, transaction);
  }
}

/**
 * Applies a field-level edit (the effect of `client.update`, decision 020): every changed field
 * that nobody else changed since `baseVersion` is written and the version goes up by one;
 * if any clashes, nothing is written and the answer is 409 with the conflicts and the record.
 */
export async function updateClient(actor: Actor, clientId: string, input: UpdateClientInput, transaction: Transaction): Promise<ClientRecord> {
  const client = await findVisibleClient(actor, clientId, transaction);
  assertWritable(client);
  const merge = mergeFields(client, editableValues(client), input.baseVersion, input.changes);
  if (merge.conflicts.length > 0) throw editConflict(merge.conflicts, await presentOne(client, transaction));
  if (merge.changed.length === 0) return presentOne(client, transaction);
  const changes = Object.fromEntries(merge.changed.map((field) => [field, input.changes[field as keyof ClientChanges]]));
  const before = editableValues(client);
  await client.update({ ...columnsOf(changes), version: merge.version, fieldVersions: merge.fieldVersions, updatedBy: actor.id }, { transaction });
  const after = editableValues(client);
  await recordFieldChanges(
    actor,
    { entity: 'client', entityId: client.id, clientId: client.id },
    merge.changed.map((field) => ({ field, from: before[field] ?? null, to: after[field] ?? null })),
    transaction,
  );
  await recordAudit(actor, { action: 'update', entity: 'client', entityId: client.id, clientId: client.id, fields: merge.changed }, transaction);
  return presentOne(client, transaction);
}

/** Adds a case note (the effect of `note.create`). */
export async function addNote(actor: Actor, clientId: string, input: CreateNoteInput, transaction: Transaction): Promise<CaseNoteBody> {
  const client = await findVisibleClient(actor, clientId, transaction);
  assertWritable(client);
  const serviceKey = await noteServiceFor(actor, client.id, transaction);
  const note = await CaseNote.create(
    { id: input._id, clientId: client.id, authorId: actor.id, text: input.text, serviceKey, writtenAt: writtenAtOf(actor) },
    { transaction },
  );
  await recordAudit(actor, { action: 'note', entity: 'note', entityId: note.id, clientId: client.id }, transaction);
  return presentNote(note, new Map([[actor.id, actor.name]]));
}

/**
 * `POST /api/clients/{id}/notes/{noteId}/share`: the writer shows a note to every kaimahi who may
 * see the client, whatever their service; on the trail as an `update` of the note (`shared`).
 * Sharing a shared note changes nothing. Others who see the note get 403; those who do not, 404.
 */
export function shareNote(actor: Actor, clientId: string, noteId: string, within?: Transaction): Promise<CaseNoteBody> {
  const share = async (transaction: Transaction) => {
    const client = await findVisibleClient(actor, clientId, transaction);
    const note = await CaseNote.findOne({ where: { [Op.and]: [{ id: noteId, clientId: client.id }, visibleNotesWhere(actor)] }, transaction });
    if (!note) throw notFound('Note not found');
    if (note.authorId !== actor.id) throw forbidden('Only the note’s writer can share it');
    if (!note.shared) {
      await note.update({ shared: true }, { transaction });
      await recordAudit(actor, { action: 'update', entity: 'note', entityId: note.id, clientId: client.id, fields: ['shared'] }, transaction);
    }
    return presentNote(note, await staffNames([note.authorId], transaction));
  };
  return within ? share(within) : sequelize.transaction(share);
}

/**
 * `note.share` from a device (`POST /api/sync`), exactly once per operation `_id`. Sharing is
 * idempotent in itself; the record keeps the operation's answer like every staff write.
 */
export function shareNoteOnce(
  actor: Actor,
  operationId: string,
  clientId: string,
  noteId: string,
  request: unknown,
  within?: Transaction,
): Promise<OnceOutcome<CaseNoteBody>> {
  return runOnce(
    { id: operationId, kind: 'note.share', actorId: actor.id, request: { clientId, noteId, request } },
    async (transaction) => ({ status: 200, body: await shareNote(actor, clientId, noteId, transaction) }),
    { keep: keepIds, reread: (kept, transaction) => findVisibleNote(actor, kept.clientId ?? clientId, kept.id, transaction) },
    within,
  );
}

/**
 * `POST /api/clients`, exactly once per `_id`. `request` is what a resend must match; `within`
 * is a sync batch's transaction to run in (a savepoint of it), else it runs in its own.
 */
export function createClientOnce(
  actor: Actor,
  input: CreateClientInput,
  fromEnrolment: EnrolmentSource | undefined,
  request: unknown,
  within?: Transaction,
): Promise<OnceOutcome<ClientDetail>> {
  return runOnce(
    { id: input._id, kind: 'client.create', actorId: actor.id, request },
    async (transaction) => ({ status: 201, body: await createClient(actor, input, fromEnrolment, transaction) }),
    { keep: keepIds, reread: async (kept, transaction) => detailOf(actor, await findVisibleClient(actor, kept.id, transaction), transaction) },
    within,
  );
}

/** `PATCH /api/clients/{id}`, exactly once per operation `_id`. */
export function updateClientOnce(
  actor: Actor,
  clientId: string,
  input: UpdateClientInput,
  request: unknown,
  within?: Transaction,
): Promise<OnceOutcome<ClientRecord>> {
  return runOnce(
    { id: input._id, kind: 'client.update', actorId: actor.id, request: { clientId, request } },
    async (transaction) => ({ status: 200, body: await updateClient(actor, clientId, input, transaction) }),
    { keep: keepIds, reread: async (kept, transaction) => presentOne(await findVisibleClient(actor, kept.id, transaction), transaction) },
    within,
  );
}

/** `POST /api/clients/{id}/notes`, exactly once per note `_id`. */
export function addNoteOnce(
  actor: Actor,
  clientId: string,
  input: CreateNoteInput,
  request: unknown,
  within?: Transaction,
): Promise<OnceOutcome<CaseNoteBody>> {
  return runOnce(
    { id: input._id, kind: 'note.create', actorId: actor.id, request: { clientId, request } },
    async (transaction) => ({ status: 201, body: await addNote(actor, clientId, input, transaction) }),
    { keep: keepIds, reread: (kept, transaction) => findVisibleNote(actor, kept.clientId ?? clientId, kept.id, transaction) },
    within,
  );
}

/** One case note as its page shows it, when the actor may see it and its client; else 404. */
async function findVisibleNote(actor: Actor, clientId: string, noteId: string, transaction?: Transaction): Promise<CaseNoteBody> {
  const client = await findVisibleClient(actor, clientId, transaction);
  const note = await CaseNote.findOne({ where: { [Op.and]: [{ id: noteId, clientId: client.id }, visibleNotesWhere(actor)] }, transaction });
  if (!note) throw notFound('Note not found');
  return presentNote(note, await staffNames([note.authorId], transaction));
}

/** Opens a client record: the whole page, and a `view` event on its trail. */
export function viewClient(actor: Actor, clientId: string): Promise<ClientDetail> {
  return sequelize.transaction(async (transaction) => {
    const client = await findVisibleClient(actor, clientId, transaction);
    await recordAudit(actor, { action: 'view', entity: 'client', entityId: client.id, clientId: client.id }, transaction);
    return detailOf(actor, client, transaction);
  });
}

/**
 * The folded words of a search, each matched as the start of a client's term (decision 021).
 * A phone number typed with spaces is one word of digits; an email is matched whole.
 */
export function searchWords(q: string): string[] {
  const text = q.trim();
  const digits = text.replace(/\D/g, '');
  if (/^[0-9+\-() ]+$/.test(text) && digits.length >= 3) return [digits];
  if (text.includes('@')) return [text.toLowerCase().replace(/\s+/g, '')];
  return foldForSearch(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 6);
}

/** Just past every text that starts with a prefix (byte order: SQLite's and PostgreSQL's "C" collation). */
const afterPrefix = (prefix: string) => `${prefix}\u{10FFFF}`;

/** Clients the actor may see, by folded family then given name, filtered and paged. */
export async function listClients(actor: Actor, query: ListClientsQuery): Promise<Page<ClientRecord>> {
  const conditions = [visibleClientsSql(actor, 'c')];
  const replacements: Record<string, unknown> = {};
  if (query.q !== undefined) {
    const words = searchWords(query.q);
    if (words.length === 0) conditions.push('1=0');
    words.forEach((word, index) => {
      replacements[`word${index}`] = word;
      replacements[`end${index}`] = afterPrefix(word);
      const range = (from: string, to: string) => `(t.term >= :${from} AND t.term < :${to})`;
      // Three or more digits may also be the end of a phone ("4567" finds 021 555 4567).
      const suffix = phoneSuffixWord(word);
      if (suffix) {
        replacements[`suffix${index}`] = suffix;
        replacements[`suffixEnd${index}`] = afterPrefix(suffix);
      }
      const ranges = suffix
        ? `(${range(`word${index}`, `end${index}`)} OR ${range(`suffix${index}`, `suffixEnd${index}`)})`
        : range(`word${index}`, `end${index}`);
      conditions.push(`c.id IN (SELECT t."clientId" FROM client_search_terms t WHERE ${ranges})`);
    });
  }
  if (query.service || query.status) {
    const filters = ['fe."clientId" = c.id'];
    if (query.service) {
      filters.push('fe."serviceKey" = :service');
      replacements.service = query.service;
    }
    if (query.status) {
      filters.push('fe.status = :status');
      replacements.status = query.status;
    }
    // A kaimahi filters only by enrolments they may see.
    filters.push(visibleServicesSql(actor, 'fe."serviceKey"'));
    conditions.push(`EXISTS (SELECT 1 FROM enrolments fe WHERE ${filters.join(' AND ')})`);
  }
  const where = conditions.join(' AND ');
  // One pass gives the page and the total (a window count is taken before LIMIT): the matching
  // rows are found once, not once for the page and again for COUNT(*) (decision 065).
  const ids = await sequelize.query<{ id: string; total: number | string }>(
    `SELECT c.id, COUNT(*) OVER () AS total FROM clients c WHERE ${where} ORDER BY c."sortName", c.id LIMIT :limit OFFSET :offset`,
    { type: QueryTypes.SELECT, replacements: { ...replacements, limit: query.pageSize, offset: (query.page - 1) * query.pageSize } },
  );
  // A page past the end has no row to carry the total: count it then only.
  const counted =
    ids.length > 0 || query.page === 1
      ? [{ total: ids[0]?.total ?? 0 }]
      : await sequelize.query<{ total: number | string }>(`SELECT COUNT(*) AS total FROM clients c WHERE ${where}`, { type: QueryTypes.SELECT, replacements });
  const rows = ids.length ? await Client.findAll({ where: { id: ids.map((row) => row.id) } }) : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const ordered = ids.map((row) => byId.get(row.id)).filter((row): row is Client => Boolean(row));
  const names = await staffNames(ordered.flatMap((row) => [row.createdBy, row.updatedBy]));
  const total = Number(counted[0]?.total ?? 0);
  await recordBulkRead(actor, 'list', 'clients', { q: query.q, service: query.service, status: query.status, page: query.page, count: ordered.length, total });
  return { items: ordered.map((row) => presentClient(row, names)), total, page: query.page, pageSize: query.pageSize };
}

type PersonKeys = { id?: string | null; dateOfBirth: string | null; givenName: string; familyName: string; phone: string | null; email: string | null };

/**
 * Client records the actor may see that may be the same person: the same date of birth and the
 * same folded given or family name, or the same phone digits, or the same email (any case).
 */
export async function findDuplicatesOf(actor: Actor, person: PersonKeys): Promise<DuplicateCandidate[]> {
  const givenKey = foldForSearch(person.givenName).trim();
  const familyKey = foldForSearch(person.familyName).trim();
  const phoneKey = phoneKeyOf(person.phone);
  const emailKey = person.email?.toLowerCase() ?? null;
  const matches: WhereOptions<Client>[] = [];
  if (person.dateOfBirth) matches.push({ dateOfBirth: person.dateOfBirth, [Op.or]: [{ givenKey }, { familyKey }] });
  if (phoneKey) matches.push({ phoneKey });
  if (emailKey) matches.push({ emailKey });
  if (matches.length === 0) return [];
  const rows = await Client.findAll({
    where: { [Op.and]: [{ [Op.or]: matches }, visibleClientsWhere(actor), ...(person.id ? [{ id: { [Op.ne]: person.id } }] : [])] },
    order: [
      ['sortName', 'ASC'],
      ['id', 'ASC'],
    ],
    limit: 20,
  });
  const names = await staffNames(rows.flatMap((row) => [row.createdBy, row.updatedBy]));
  return rows.map((row) => {
    const reasons: DuplicateCandidate['reasons'] = [];
    if (person.dateOfBirth && row.dateOfBirth === person.dateOfBirth && (row.givenKey === givenKey || row.familyKey === familyKey)) {
      reasons.push('dateOfBirthAndName');
    }
    if (phoneKey && row.phoneKey === phoneKey) reasons.push('phone');
    if (emailKey && row.emailKey === emailKey) reasons.push('email');
    return { client: presentClient(row, names), reasons };
  });
}

/** `GET /api/clients/{id}/duplicates`. */
export async function findClientDuplicates(actor: Actor, clientId: string): Promise<DuplicateCandidate[]> {
  const found = await findDuplicatesOf(actor, await findVisibleClient(actor, clientId));
  await recordBulkRead(actor, 'list', 'clients', { duplicatesOfClient: clientId, count: found.length });
  return found;
}

/** `GET /api/clients/duplicates?enrolment=ID`: clients that may be the person who sent an enrolment. */
export async function findEnrolmentDuplicates(actor: Actor, enrolmentId: string): Promise<DuplicateCandidate[]> {
  const enrolment = await findVisibleEnrolment(actor, enrolmentId);
  const { dateOfBirth, givenName, familyName, phone, email } = enrolment;
  const found = await findDuplicatesOf(actor, { dateOfBirth, givenName, familyName, phone, email });
  await recordBulkRead(actor, 'list', 'clients', { duplicatesOfEnrolment: enrolmentId, count: found.length });
  return found;
}

/** A client's audit trail, newest first (managers only; the route checks the level). */
export async function listClientAudit(actor: Actor, clientId: string, page: PageQuery): Promise<Page<AuditEventBody>> {
  await findVisibleClient(actor, clientId);
  const { rows, count } = await AuditEvent.findAndCountAll({
    where: { clientId },
    order: [['seq', 'DESC']],
    limit: page.pageSize,
    offset: (page.page - 1) * page.pageSize,
  });
  return { items: presentRecordTrail(rows), total: count, page: page.page, pageSize: page.pageSize };
}

/** `GET /api/clients/{id}/history` (managers): who changed which field of the record, from what to what, newest first. */
export async function listClientHistory(actor: Actor, clientId: string, page: PageQuery): Promise<Page<FieldChangeBody>> {
  const client = await findVisibleClient(actor, clientId);
  return listFieldHistory('client', client.id, page);
}

export type ClientExport = {
  exportedAt: string;
  client: ClientRecord;
  enrolments: Record<string, string | number | null>[];
  caseNotes: CaseNoteBody[];
  audit: AuditEventBody[];
};

/**
 * Everything the trust holds about one person, for a privacy access request: the record, every
 * enrolment linked to it, every note, and its audit trail, which includes this export.
 */
export function exportClient(actor: Actor, clientId: string, format: 'json' | 'csv'): Promise<ClientExport> {
  return sequelize.transaction(async (transaction) => {
    const client = await findVisibleClient(actor, clientId, transaction);
    await recordAudit(actor, { action: 'export', entity: 'client', entityId: client.id, clientId: client.id, details: { format } }, transaction);
    const [enrolments, notes, audit] = await Promise.all([
      Enrolment.findAll({
        where: { clientId },
        order: [
          ['receivedAt', 'ASC'],
          ['id', 'ASC'],
        ],
        transaction,
      }),
      CaseNote.findAll({
        where: { clientId, ...visibleNotesWhere(actor) },
        order: [
          ['createdAt', 'ASC'],
          ['id', 'ASC'],
        ],
        transaction,
      }),
      AuditEvent.findAll({ where: { clientId }, order: [['seq', 'ASC']], transaction }),
    ]);
    const names = await staffNames([client.createdBy, client.updatedBy, ...notes.map((note) => note.authorId)], transaction);
    return {
      exportedAt: new Date().toISOString(),
      client: presentClient(client, names),
      enrolments: enrolments.map((enrolment) => presentEnrolment(enrolment, serviceTitle(enrolment.serviceKey))),
      caseNotes: notes.map((note) => presentNote(note, names)),
      audit: presentRecordTrail(audit),
    };
  });
}

/** The export as one CSV table: `section,recordId,field,value`, one row per field. */
export function exportAsCsv(data: ClientExport): string {
  const rows: unknown[][] = [['section', 'recordId', 'field', 'value']];
  const add = (section: string, record: Record<string, unknown>) => {
    for (const [field, value] of Object.entries(record)) if (field !== '_id') rows.push([section, record._id, field, value]);
  };
  add('client', data.client);
  data.enrolments.forEach((enrolment) => add('enrolment', enrolment));
  data.caseNotes.forEach((note) => add('caseNote', note));
  data.audit.forEach((event) => add('audit', event));
  return csvText(rows);
}
