import { Op, literal, type Transaction, type WhereOptions } from 'sequelize';
import { serviceKeys } from '../../contract/enrolments';
import { limits } from '../../contract/limits';
import type { CaseNote } from '../db/models/case-note';
import { Client } from '../db/models/client';
import { Goal, Task, Whanau, WhanauMember, type Contact } from '../db/models/whanau';
import { Enrolment } from '../db/models/enrolment';
import { sequelize } from '../db/sequelize';
import type { Actor } from './audit';
import { badRequest, conflict, notFound } from './errors';

/**
 * Need-to-know (DESIGN §4b, §4c): the one place that says who sees which record. Every query of
 * clients, enrolments and case notes takes its condition from here; nothing else writes the rule.
 *
 * | record | a kaimahi (access 1) sees it when | functions |
 * |---|---|---|
 * | enrolment | its service is one of theirs, and its client (if linked) is not archived | `visibleEnrolmentsWhere`, `visibleEnrolmentsSql`, `findVisibleEnrolment`; `canSeeEnrolment` (the service only: for enrolments of a client already visible) |
 * | client | they created it, or it has an enrolment in one of their services, and it is not archived | `visibleClientsSql` (+ `PerRow`, `count…`), `visibleClientsWhere`, `findVisibleClient` |
 * | case note | its client is visible, and they wrote it, or it is shared, or its service is theirs | `visibleNotesWhere`, `visibleNotesSql`, `noteServiceFor` |
 * | whānau | one of its linked members is a client they see, or they created it and it has no member yet | `visibleWhanauSql`, `findVisibleWhanau` |
 * | whānau notes | the whānau is visible, and they wrote the notes or the notes' service is theirs (decision 111); else `notes: null`, `notesHidden` | `canSeeWhanauNotes`, `whanauNotesServiceFor` |
 * | renaming a whānau, changing its lead | the whānau is visible (they work with one of its members); the lead is a client they see | `assertSeesClients` |
 * | changing a whānau's notes | they may see the notes (or there are none yet) | `canSeeWhanauNotes` |
 * | taking a member out | they see that member's client (their service works with that person) | `findVisibleClient` |
 * | hidden goals of a whānau | counted, never shown: `hiddenGoalCount` | `visibleGoalsWhere` |
 * | member | its whānau is visible; in full when its client is visible, else as "another member" (no client, no relationship) | `visibleClientIdsAmong` |
 * | goal | its whānau is visible, and they wrote it or its service is theirs | `visibleGoalsWhere`, `visibleGoalsSql` |
 * | contact | its client or whānau is visible, and they wrote it or its service is theirs | `visibleContactsWhere` |
 * | follow-up (task) | it is assigned to them, or they created it, or its goal is visible | `visibleTasksSql` |
 * | note correction | the note or contact it corrects is visible (read only through the originals' ids) | — |
 * | field history | managers only (the route checks the level) | — |
 * | writing under a service (goal, contact) | the service is one of theirs | `canWorkUnder` |
 * | a service's staff (`GET /api/services/{key}/staff`) | the service is one of theirs | `canWorkUnder` |
 * | being assigned a follow-up | they see what it is about (its whānau and its client), and work on its service (decision 106, 111) | `canSeeSubject`, `worksOnAny` |
 * | naming a client in a write (goal's client, contact's people present, follow-up's client, lead) | the writer sees the client: else 400 on the field (decision 111) | `assertSeesClients` |
 * | inviting a whānau member to link a phone; its linked phones (issue 34) | the whānau is visible and so is the member's client; a phone of a member they do not see shows as "Another member" | `findVisibleWhanau`, `findVisibleClient`, `visibleClientIdsAmong` |
 * | sharing a goal or follow-up with the whānau (decision 130) | they may see the goal (`visibleGoalsWhere`) or follow-up (`visibleTasksSql`) | — |
 * | the whānau's voice, proposed detail changes | the whānau is visible; comments on goals they see; a member's name and detail changes only of clients they see | `visibleClientIdsAmong` |
 * | privacy requests | managers only (the route checks the level) | — |
 *
 * Managers (access ≥ 2) see everything. A record the caller may not see answers 404, exactly as
 * one that does not exist. A new kind of record that belongs to a service (contacts, goals:
 * DESIGN §4c) reuses `serviceScopedWhere` / `serviceScopedSql` with its own author column, adds
 * a row to the table above, and a case to need-to-know.test.ts.
 */
export function seesEverything(actor: Actor): boolean {
  return actor.access >= limits.managerAccess;
}

/** The services whose enrolments the actor sees. */
export function visibleServices(actor: Actor): readonly string[] {
  return seesEverything(actor) ? serviceKeys : actor.services.filter((key) => serviceKeys.includes(key));
}

export function canSeeEnrolment(actor: Actor, enrolment: Pick<Enrolment, 'serviceKey'>): boolean {
  return visibleServices(actor).includes(enrolment.serviceKey);
}

/** The ids of archived clients, as a subquery: few, read from the `archivedAt` index (decision 089). */
const archivedClientIdsSql = 'SELECT ac.id FROM clients ac WHERE ac."archivedAt" IS NOT NULL';

/**
 * A where clause on enrolments for what the actor sees: of their services, and not of an archived
 * client, whose enrolments leave every kaimahi list and search with them (decision 089, 110).
 */
export function visibleEnrolmentsWhere(actor: Actor): WhereOptions<Enrolment> {
  if (seesEverything(actor)) return {};
  return {
    serviceKey: { [Op.in]: [...visibleServices(actor)] },
    [Op.or]: [{ clientId: null }, { clientId: { [Op.notIn]: literal(`(${archivedClientIdsSql})`) } }],
  };
}

/** One enrolment the actor may see (`visibleEnrolmentsWhere`), or 404 `Enrolment not found`. Locked (PostgreSQL) when in a transaction. */
export async function findVisibleEnrolment(actor: Actor, id: string, transaction?: Transaction): Promise<Enrolment> {
  const enrolment = await Enrolment.findOne({
    where: { [Op.and]: [{ id }, visibleEnrolmentsWhere(actor)] },
    transaction,
    ...(transaction ? { lock: transaction.LOCK.UPDATE } : {}),
  });
  if (!enrolment) throw notFound('Enrolment not found');
  return enrolment;
}

/** As `visibleEnrolmentsWhere`, SQL for an enrolments table aliased `alias` (or unaliased when left out). */
export function visibleEnrolmentsSql(actor: Actor, alias?: string): string {
  if (seesEverything(actor)) return '1=1';
  const column = (name: string) => (alias ? `${alias}."${name}"` : `"${name}"`);
  return `(${visibleServicesSql(actor, column('serviceKey'))} AND (${column('clientId')} IS NULL OR ${column('clientId')} NOT IN (${archivedClientIdsSql})))`;
}

/**
 * SQL (for a clients table aliased `alias`) true when the actor may see the client. Values are
 * escaped by Sequelize; service keys come from the catalogue only.
 */
export function visibleClientsSql(actor: Actor, alias: string): string {
  if (seesEverything(actor)) return '1=1';
  const escape = (value: string) => sequelize.escape(value);
  const services = visibleServices(actor);
  const byService = services.length
    ? // Not correlated: the database reads the service's linked client ids once (index serviceKey, clientId).
      ` OR ${alias}.id IN (SELECT ve."clientId" FROM enrolments ve WHERE ve."serviceKey" IN (${services.map(escape).join(', ')}) AND ve."clientId" IS NOT NULL)`
    : '';
  return `(${alias}."createdBy" = ${escape(actor.id)}${byService}) AND ${notArchivedSql(alias)}`;
}

/**
 * SQL true when the client (aliased `alias`) is not archived: kaimahi never see archived records
 * (decision 089). Archived clients are few: their ids come from the `archivedAt` index once.
 */
export function notArchivedSql(alias: string): string {
  return `${alias}.id NOT IN (SELECT ac.id FROM clients ac WHERE ac."archivedAt" IS NOT NULL)`;
}

/**
 * As `visibleClientsSql`, correlated: for each client row, one probe of the `(clientId,
 * serviceKey)` index. Cheaper when few clients are checked (the week's notes) than reading the
 * ids of every client of the actor's services first (decision 065).
 */
export function visibleClientSqlPerRow(actor: Actor, alias: string): string {
  if (seesEverything(actor)) return '1=1';
  const escape = (value: string) => sequelize.escape(value);
  const services = visibleServices(actor);
  const byService = services.length
    ? ` OR EXISTS (SELECT 1 FROM enrolments ve WHERE ve."clientId" = ${alias}.id AND ve."serviceKey" IN (${services.map(escape).join(', ')}))`
    : '';
  return `(${alias}."createdBy" = ${escape(actor.id)}${byService}) AND ${notArchivedSql(alias)}`;
}

/**
 * SQL counting the clients the actor may see, from indexes only (no pass over every client).
 * UNION ALL then COUNT(DISTINCT), not UNION: with UNION, SQLite 3.52 merges the two halves in id
 * order and so reads every client and every enrolment (270 ms at 50,000); this way each half is
 * a range of its own index (decision 065).
 */
export function countVisibleClientsSql(actor: Actor): string {
  if (seesEverything(actor)) return 'SELECT COUNT(*) AS total FROM clients';
  const escape = (value: string) => sequelize.escape(value);
  const services = visibleServices(actor);
  const byService = services.length
    ? ` UNION ALL SELECT ve."clientId" AS id FROM enrolments ve WHERE ve."serviceKey" IN (${services.map(escape).join(', ')}) AND ve."clientId" IS NOT NULL`
    : '';
  return `SELECT COUNT(DISTINCT visible.id) AS total FROM (SELECT c.id FROM clients c WHERE c."createdBy" = ${escape(actor.id)}${byService}) visible WHERE ${notArchivedSql('visible')}`;
}

/** A where clause on the Client model for what the actor sees. */
export function visibleClientsWhere(actor: Actor): WhereOptions<Client> {
  return seesEverything(actor) ? {} : literal(visibleClientsSql(actor, '"Client"'));
}

/** One client the actor may see, or 404 `Client not found`. Locked (PostgreSQL) when in a transaction. */
export async function findVisibleClient(actor: Actor, id: string, transaction?: Transaction): Promise<Client> {
  const client = await Client.findOne({
    where: { [Op.and]: [{ id }, visibleClientsWhere(actor)] },
    transaction,
    ...(transaction ? { lock: transaction.LOCK.UPDATE } : {}),
  });
  if (!client) throw notFound('Client not found');
  return client;
}

/** SQL true when `column` (a service key) is one the actor sees; `IN (…)` with escaped catalogue keys. */
export function visibleServicesSql(actor: Actor, column: string): string {
  if (seesEverything(actor)) return '1=1';
  const services = visibleServices(actor);
  return services.length ? `${column} IN (${services.map((key) => sequelize.escape(key)).join(', ')})` : '1=0';
}

type ScopedColumns = { author: string; serviceKey: string; shared?: string };

/**
 * SQL for a record written under a service (a case note; next, contacts and goals): the actor
 * sees it when they wrote it, it is shared, or its service is theirs. Its client's visibility is
 * checked separately (the record is always read through a visible client).
 */
export function serviceScopedSql(actor: Actor, columns: ScopedColumns): string {
  if (seesEverything(actor)) return '1=1';
  const shared = columns.shared ? ` OR ${columns.shared} = TRUE` : '';
  return `(${columns.author} = ${sequelize.escape(actor.id)}${shared} OR ${visibleServicesSql(actor, columns.serviceKey)})`;
}

/**
 * As `serviceScopedSql`, a where clause on a model with `serviceKey` and a writer column
 * (`authorId` unless told), and a `shared` flag unless `shared: false` (goals and contacts have none).
 */
export function serviceScopedWhere<Row extends { serviceKey: string | null }>(
  actor: Actor,
  columns: { author?: string; shared?: boolean } = {},
): WhereOptions<Row> {
  if (seesEverything(actor)) return {};
  const mine = [...visibleServices(actor)];
  const shared = columns.shared === false ? [] : [{ shared: true }];
  return {
    [Op.or]: [{ [columns.author ?? 'authorId']: actor.id }, ...shared, ...(mine.length ? [{ serviceKey: { [Op.in]: mine } }] : [])],
  } as WhereOptions<Row>;
}

/** Case notes the actor may see (their client must be visible too). */
export function visibleNotesWhere(actor: Actor): WhereOptions<CaseNote> {
  return serviceScopedWhere<CaseNote>(actor);
}

/** SQL for case notes (table aliased `alias`) the actor may see. */
export function visibleNotesSql(actor: Actor, alias: string): string {
  return serviceScopedSql(actor, { author: `${alias}."authorId"`, serviceKey: `${alias}."serviceKey"`, shared: `${alias}.shared` });
}

/**
 * The service a new note is written under: of the client's enrolments (earliest first), the
 * first in one of the writer's own services; for a manager with none of those, the client's
 * earliest enrolment; else the writer's first service; else none (only the writer and managers
 * see it until it is shared). Decision 086.
 */
export async function noteServiceFor(actor: Actor, clientId: string, transaction?: Transaction): Promise<string | null> {
  const enrolments = await Enrolment.findAll({
    where: { clientId },
    attributes: ['serviceKey'],
    order: [
      ['receivedAt', 'ASC'],
      ['id', 'ASC'],
    ],
    transaction,
  });
  const enrolled = enrolments.map((enrolment) => enrolment.serviceKey);
  const own = actor.services.filter((key) => serviceKeys.includes(key));
  return enrolled.find((key) => own.includes(key)) ?? (seesEverything(actor) ? enrolled[0] : undefined) ?? own[0] ?? null;
}

/** Archived (and erased) records are read-only, even to managers (decision 089): 409 before anything is written. */
export function assertWritable(client: Pick<Client, 'archivedAt'>): void {
  if (client.archivedAt) throw conflict('This record is archived: it can be read but not changed');
}

/* ---------- whānau-centred case work (DESIGN §4c) ---------- */

/**
 * SQL (for a whānau table aliased `alias`) true when the actor may see the whānau: one of its
 * linked members is a client they may see, or they created it and it has no member yet.
 */
export function visibleWhanauSql(actor: Actor, alias: string): string {
  if (seesEverything(actor)) return '1=1';
  const me = sequelize.escape(actor.id);
  const throughMember = `SELECT vm."whanauId" FROM whanau_members vm WHERE vm."unlinkedAt" IS NULL AND vm."clientId" IN (SELECT vc.id FROM clients vc WHERE ${visibleClientsSql(actor, 'vc')})`;
  const emptyOfMine = `${alias}."createdBy" = ${me} AND NOT EXISTS (SELECT 1 FROM whanau_members em WHERE em."whanauId" = ${alias}.id AND em."unlinkedAt" IS NULL)`;
  return `(${alias}.id IN (${throughMember}) OR (${emptyOfMine}))`;
}

/** One whānau the actor may see, or 404 `Whānau not found`. Locked (PostgreSQL) when in a transaction. */
export async function findVisibleWhanau(actor: Actor, id: string, transaction?: Transaction): Promise<Whanau> {
  const whanau = await Whanau.findOne({
    where: { [Op.and]: [{ id }, seesEverything(actor) ? {} : literal(visibleWhanauSql(actor, '"Whanau"'))] },
    transaction,
    ...(transaction ? { lock: transaction.LOCK.UPDATE } : {}),
  });
  if (!whanau) throw notFound('Whānau not found');
  return whanau;
}

/** Of these client ids, those the actor may see in full (the others are "another member"). */
export async function visibleClientIdsAmong(actor: Actor, ids: string[], transaction?: Transaction): Promise<Set<string>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Set();
  const rows = await Client.findAll({ where: { [Op.and]: [{ id: wanted }, visibleClientsWhere(actor)] }, attributes: ['id'], transaction });
  return new Set(rows.map((row) => row.id));
}

/** Goals the actor may see (their whānau must be visible too): written by them or of their services. */
export function visibleGoalsWhere(actor: Actor): WhereOptions<Goal> {
  return serviceScopedWhere<Goal>(actor, { author: 'createdBy', shared: false });
}

/** SQL for goals (table aliased `alias`) the actor may see, their whānau included. */
export function visibleGoalsSql(actor: Actor, alias: string): string {
  if (seesEverything(actor)) return '1=1';
  const scoped = serviceScopedSql(actor, { author: `${alias}."createdBy"`, serviceKey: `${alias}."serviceKey"` });
  return `(${scoped} AND ${alias}."whanauId" IN (SELECT gw.id FROM whanau gw WHERE ${visibleWhanauSql(actor, 'gw')}))`;
}

/** Contacts the actor may see (their client or whānau must be visible too): written by them or of their services. */
export function visibleContactsWhere(actor: Actor): WhereOptions<Contact> {
  return serviceScopedWhere<Contact>(actor, { shared: false });
}

/** SQL for follow-ups (table aliased `alias`) the actor may see: assigned to them, created by them, or of a goal they may see. */
export function visibleTasksSql(actor: Actor, alias: string): string {
  if (seesEverything(actor)) return '1=1';
  const me = sequelize.escape(actor.id);
  return `(${alias}."assignedTo" = ${me} OR ${alias}."createdBy" = ${me} OR ${alias}."goalId" IN (SELECT tg.id FROM goals tg WHERE ${visibleGoalsSql(actor, 'tg')}))`;
}

/**
 * Whether a staff account works on one of these services: its own list, for managers too (a
 * manager sees every service but is the staff of those they are given). Decision 106.
 */
export function worksOnAny(actor: Pick<Actor, 'services'>, serviceKeysOfRecord: Iterable<string>): boolean {
  const own = new Set(actor.services);
  for (const key of serviceKeysOfRecord) if (own.has(key)) return true;
  return false;
}

/** Whether the actor may write a goal or a contact under this service: one of their own (managers: any). */
export function canWorkUnder(actor: Actor, serviceKey: string): boolean {
  return visibleServices(actor).includes(serviceKey);
}

/* ---------- need-to-know on writes (decision 111) ---------- */

/**
 * Every client a write names in `param` (a goal's client, the people present at a contact, a
 * whānau's lead) must be one the writer sees: else 400 `No client you can see has that id` on that
 * field, the same answer whether the client does not exist or is hidden.
 */
export async function assertSeesClients(actor: Actor, clientIds: readonly string[], param: string, transaction?: Transaction): Promise<void> {
  if (seesEverything(actor) || clientIds.length === 0) return;
  const wanted = [...new Set(clientIds)];
  const seen = await visibleClientIdsAmong(actor, wanted, transaction);
  if (wanted.some((id) => !seen.has(id))) throw badRequest('No client you can see has that id', param);
}

/** Whether someone (a follow-up's assignee) sees what a record is about: its whānau and its client, each when named. */
export async function canSeeSubject(person: Actor, subject: { whanauId: string | null; clientId: string | null }, transaction?: Transaction): Promise<boolean> {
  if (seesEverything(person)) return true;
  if (
    subject.whanauId &&
    !(await findVisibleWhanau(person, subject.whanauId, transaction).then(
      () => true,
      () => false,
    ))
  )
    return false;
  if (subject.clientId && !(await visibleClientIdsAmong(person, [subject.clientId], transaction)).has(subject.clientId)) return false;
  return true;
}

/**
 * Whether the actor may read, and so change, a whānau's own notes: managers; the kaimahi who wrote
 * them; those of the service they were written under. Empty notes hide nothing.
 */
export function canSeeWhanauNotes(actor: Actor, whanau: Pick<Whanau, 'notes' | 'notesServiceKey' | 'notesBy'>): boolean {
  if (seesEverything(actor) || !whanau.notes) return true;
  if (whanau.notesBy === actor.id) return true;
  return whanau.notesServiceKey !== null && visibleServices(actor).includes(whanau.notesServiceKey);
}

/**
 * The service a whānau's notes are written under, as a case note's (decision 086): of its linked
 * members' enrolments (earliest first), the first in one of the writer's services; a manager with
 * none of those, the earliest; else the writer's first service; else none (the writer and managers).
 */
export async function whanauNotesServiceFor(actor: Actor, whanauId: string, transaction?: Transaction): Promise<string | null> {
  const enrolments = await Enrolment.findAll({
    where: {
      clientId: {
        [Op.in]: literal(`(SELECT nm."clientId" FROM whanau_members nm WHERE nm."whanauId" = ${sequelize.escape(whanauId)} AND nm."unlinkedAt" IS NULL)`),
      },
    },
    attributes: ['serviceKey'],
    order: [
      ['receivedAt', 'ASC'],
      ['id', 'ASC'],
    ],
    transaction,
  });
  const enrolled = enrolments.map((enrolment) => enrolment.serviceKey);
  const own = actor.services.filter((key) => serviceKeys.includes(key));
  return enrolled.find((key) => own.includes(key)) ?? (seesEverything(actor) ? enrolled[0] : undefined) ?? own[0] ?? null;
}

/**
 * A whānau member on a linked phone (DESIGN §4e, issue 34): a caller of its own kind, never an
 * `Actor`, so no staff rule above can be handed one by mistake.
 *
 * | record | the member sees it when | functions |
 * |---|---|---|
 * | their own client record | always: contact details only (name, phone, email, address), never notes, iwi or consent | `memberOwnClient` |
 * | their whānau | its name only, while they are still a linked member and not archived | `assertStillMember` |
 * | their enrolments | their own client's, with service and status; never another member's | `memberEnrolmentsWhere` |
 * | a goal or task (follow-up, planned visit) | a kaimahi shared it with this whānau (a row in `whanau_shares`) | `sharedItemsSql`, `findSharedGoal`, `findSharedTask` |
 * | case notes, contacts and their summaries, other members, other whānau, staff routes | never: 404 (401 on staff routes) | — |
 */
export type MemberCaller = { deviceId: string; clientId: string; whanauId: string; name: string };

/** SQL for goals or tasks (table aliased `alias`) shared with the member's whānau. */
export function sharedItemsSql(member: MemberCaller, kind: 'goal' | 'task', alias: string): string {
  const whanauId = sequelize.escape(member.whanauId);
  return `(${alias}."whanauId" = ${whanauId} AND ${alias}.id IN (SELECT ws."itemId" FROM whanau_shares ws WHERE ws."itemKind" = ${sequelize.escape(kind)} AND ws."whanauId" = ${whanauId}))`;
}

export function memberEnrolmentsWhere(member: MemberCaller): WhereOptions<Enrolment> {
  return { clientId: member.clientId };
}

/** A shared goal of the member's whānau, or 404 `Goal not found`, exactly as one that does not exist. */
export async function findSharedGoal(member: MemberCaller, id: string, transaction?: Transaction): Promise<Goal> {
  const goal = await Goal.findOne({ where: { [Op.and]: [{ id }, literal(sharedItemsSql(member, 'goal', '"Goal"'))] }, transaction });
  if (!goal) throw notFound('Goal not found');
  return goal;
}

/** A shared task (follow-up or planned visit) of the member's whānau, or 404 `Follow-up not found`. */
export async function findSharedTask(member: MemberCaller, id: string, transaction?: Transaction): Promise<Task> {
  const task = await Task.findOne({ where: { [Op.and]: [{ id }, literal(sharedItemsSql(member, 'task', '"Task"'))] }, transaction });
  if (!task) throw notFound('Follow-up not found');
  return task;
}

/** The member's own client record, while they are a linked member of the whānau and not archived. */
export async function memberOwnClient(member: MemberCaller, transaction?: Transaction): Promise<Client | null> {
  const linked = await WhanauMember.findOne({ where: { whanauId: member.whanauId, clientId: member.clientId, unlinkedAt: null }, transaction });
  if (!linked) return null;
  return Client.findOne({ where: { id: member.clientId, archivedAt: null }, transaction });
}
