import { Op, QueryTypes, type Transaction } from 'sequelize';
import { foldForSearch } from '../../../contract/clients';
import type { Page } from '../../../contract/common';
import type {
  ListWhanauQuery,
  MemberLinkPayload,
  MemberRecord,
  MemberUnlinkPayload,
  WhanauCaseload,
  WhanauCreatePayload,
  WhanauDetail,
  WhanauRecord,
  WhanauSummary,
  WhanauUpdatePayload,
} from '../../../contract/whanau';
import type { CaseloadQuery } from '../../../contract/clients';
import { Whanau, WhanauMember } from '../../db/models/whanau';
import { sequelize } from '../../db/sequelize';
import { recordAudit, recordBulkRead, type Actor } from '../../lib/audit';
import { caseloadClientsSql } from '../../lib/caseload';
import { conflict, editConflict, notFound } from '../../lib/errors';
import { recordFieldChanges } from '../../lib/field-history';
import { mergeFields } from '../../lib/field-versions';
import type { OnceOutcome } from '../../lib/idempotency';
import {
  assertSeesClients,
  assertWritable,
  canSeeWhanauNotes,
  findVisibleClient,
  findVisibleWhanau,
  visibleClientIdsAmong,
  visibleNotesSql,
  visibleWhanauSql,
  whanauNotesServiceFor,
} from '../../lib/need-to-know';
import { once, payloadProblem } from './effects';
import { presentMember, presentWhanau } from './whanau.presenter';
import { detailOf, detailsOf, findVisibleMember, linkedMembersOf, presentTasks, visibleTasks } from './whanau.reads';
import { writtenAtOf } from '../../lib/written-at';

/* ---------- whānau ---------- */

/** A lead member named in a create or an edit must be a client the actor may see. */
async function checkLead(actor: Actor, leadClientId: string | null | undefined, transaction: Transaction): Promise<void> {
  if (leadClientId) await assertSeesClients(actor, [leadClientId], 'payload.leadClientId', transaction);
}

/** The effect of `whanau.create`: a whānau named as it names itself; its creator sees it until it has members. */
export async function createWhanau(actor: Actor, id: string, payload: WhanauCreatePayload, transaction: Transaction): Promise<WhanauRecord> {
  await checkLead(actor, payload.leadClientId, transaction);
  // A new whānau has no member yet: its notes are under the creator's first service.
  const notesService = payload.notes ? await whanauNotesServiceFor(actor, id, transaction) : null;
  const whanau = await Whanau.create(
    {
      id,
      name: payload.name,
      leadClientId: payload.leadClientId ?? null,
      notes: payload.notes ?? null,
      notesServiceKey: notesService,
      notesBy: payload.notes ? actor.id : null,
      createdBy: actor.id,
      updatedBy: actor.id,
      writtenAt: writtenAtOf(actor),
    },
    { transaction },
  );
  const fields = Object.entries(payload).flatMap(([field, value]) => (value === undefined ? [] : [field]));
  await recordAudit(actor, { action: 'create', entity: 'whanau', entityId: whanau.id, fields }, transaction);
  return presentWhanau(whanau, actor);
}

const whanauValues = (whanau: Whanau) => ({ name: whanau.name, leadClientId: whanau.leadClientId ?? null, notes: whanau.notes ?? null });

/**
 * The effect of `whanau.update`: a field-level edit from `baseVersion` (decision 020); a clash
 * writes nothing. Anyone who may see the whānau (works with one of its members) may rename it;
 * its notes only those who may see them (decision 111): else 400 on `payload.notes`.
 */
export async function updateWhanau(
  actor: Actor,
  id: string,
  baseVersion: number,
  changes: WhanauUpdatePayload,
  transaction: Transaction,
): Promise<WhanauRecord> {
  const whanau = await findVisibleWhanau(actor, id, transaction);
  const notesSeen = canSeeWhanauNotes(actor, whanau);
  if (changes.notes !== undefined && !notesSeen) throw payloadProblem('These notes belong to another service', 'notes');
  const current = whanauValues(whanau);
  const merge = mergeFields(whanau, current, baseVersion, changes);
  if (merge.conflicts.length > 0) throw editConflict(merge.conflicts, presentWhanau(whanau, actor));
  if (merge.changed.length === 0) return presentWhanau(whanau, actor);
  const written = Object.fromEntries(merge.changed.map((field) => [field, changes[field as keyof WhanauUpdatePayload] ?? null]));
  if (merge.changed.includes('leadClientId')) await checkLead(actor, changes.leadClientId, transaction);
  const notesOwner = merge.changed.includes('notes') ? await notesOwnerAfter(actor, whanau, changes.notes ?? null, transaction) : {};
  await whanau.update({ ...written, ...notesOwner, version: merge.version, fieldVersions: merge.fieldVersions, updatedBy: actor.id }, { transaction });
  await recordFieldChanges(
    actor,
    { entity: 'whanau', entityId: whanau.id },
    merge.changed.map((field) => ({ field, from: current[field as keyof typeof current], to: written[field] })),
    transaction,
  );
  await recordAudit(actor, { action: 'update', entity: 'whanau', entityId: whanau.id, fields: merge.changed }, transaction);
  return presentWhanau(whanau, actor);
}

/**
 * Who the notes belong to after an edit: cleared notes belong to no one; notes that had a service
 * keep it (the editor may see them, so works under it or wrote them); new ones take the writer's.
 */
async function notesOwnerAfter(
  actor: Actor,
  whanau: Whanau,
  notes: string | null,
  transaction: Transaction,
): Promise<{ notesServiceKey: string | null; notesBy: string | null }> {
  if (!notes) return { notesServiceKey: null, notesBy: null };
  if (whanau.notes && whanau.notesServiceKey) return { notesServiceKey: whanau.notesServiceKey, notesBy: whanau.notesBy ?? actor.id };
  return { notesServiceKey: await whanauNotesServiceFor(actor, whanau.id, transaction), notesBy: actor.id };
}

const rereadWhanau = (actor: Actor) => async (id: string, transaction?: Transaction) => presentWhanau(await findVisibleWhanau(actor, id, transaction), actor);

export function createWhanauOnce(
  actor: Actor,
  id: string,
  payload: WhanauCreatePayload,
  request: unknown,
  within?: Transaction,
): Promise<OnceOutcome<WhanauRecord>> {
  return once(actor, { id, kind: 'whanau.create', request, status: 201 }, (t) => createWhanau(actor, id, payload, t), rereadWhanau(actor), within);
}

export function updateWhanauOnce(
  actor: Actor,
  operationId: string,
  whanauId: string,
  baseVersion: number,
  changes: WhanauUpdatePayload,
  request: unknown,
  within?: Transaction,
): Promise<OnceOutcome<WhanauRecord>> {
  return once(
    actor,
    { id: operationId, kind: 'whanau.update', request, status: 200 },
    (t) => updateWhanau(actor, whanauId, baseVersion, changes, t),
    rereadWhanau(actor),
    within,
  );
}

/* ---------- members ---------- */

/** The effect of `member.link`: a client the actor may see joins a whānau they may see, once. */
export async function linkMember(actor: Actor, id: string, payload: MemberLinkPayload, transaction: Transaction): Promise<MemberRecord> {
  const whanau = await findVisibleWhanau(actor, payload.whanauId, transaction);
  const client = await findVisibleClient(actor, payload.clientId, transaction);
  assertWritable(client);
  const already = await WhanauMember.findOne({ where: { whanauId: whanau.id, clientId: client.id, unlinkedAt: null }, transaction });
  if (already) throw conflict('This person is already a member of this whānau', 'payload.clientId');
  const member = await WhanauMember.create(
    {
      id,
      whanauId: whanau.id,
      clientId: client.id,
      relationship: payload.relationship,
      relationshipText: payload.relationshipText ?? null,
      createdBy: actor.id,
    },
    { transaction },
  );
  await recordAudit(actor, { action: 'link', entity: 'member', entityId: member.id, clientId: client.id, details: { whanauId: whanau.id } }, transaction);
  return presentMember(member, client);
}

/**
 * The effect of `member.unlink`: the membership ends (`unlinkedAt`); the client record stays. Only
 * someone who may see the member's client may unlink them. Unlinking an unlinked member changes nothing.
 * On the trail as an `update` of the member (`unlinkedAt`), as archiving is (decision 089).
 */
export async function unlinkMember(actor: Actor, memberId: string, payload: MemberUnlinkPayload, transaction: Transaction): Promise<MemberRecord> {
  const whanau = await findVisibleWhanau(actor, payload.whanauId, transaction);
  const member = await WhanauMember.findOne({ where: { id: memberId, whanauId: whanau.id }, transaction });
  if (!member) throw notFound('Member not found');
  const client = await findVisibleClient(actor, member.clientId, transaction).catch(() => {
    throw notFound('Member not found');
  });
  if (!member.unlinkedAt) {
    await member.update({ unlinkedAt: new Date() }, { transaction });
    await recordAudit(
      actor,
      { action: 'update', entity: 'member', entityId: member.id, clientId: client.id, fields: ['unlinkedAt'], details: { whanauId: whanau.id } },
      transaction,
    );
  }
  return presentMember(member, client);
}

export function linkMemberOnce(
  actor: Actor,
  id: string,
  payload: MemberLinkPayload,
  request: unknown,
  within?: Transaction,
): Promise<OnceOutcome<MemberRecord>> {
  return once(
    actor,
    { id, kind: 'member.link', request, status: 201 },
    (t) => linkMember(actor, id, payload, t),
    (memberId, t) => findVisibleMember(actor, memberId, t),
    within,
  );
}

export function unlinkMemberOnce(
  actor: Actor,
  operationId: string,
  memberId: string,
  payload: MemberUnlinkPayload,
  request: unknown,
  within?: Transaction,
): Promise<OnceOutcome<MemberRecord>> {
  return once(
    actor,
    { id: operationId, kind: 'member.unlink', request, status: 200 },
    (t) => unlinkMember(actor, memberId, payload, t),
    (id, t) => findVisibleMember(actor, id, t),
    within,
  );
}

/* ---------- reads ---------- */

/** `GET /api/whanau/{id}`: the whānau page, and a `view` event on its trail. */
export function viewWhanau(actor: Actor, id: string): Promise<WhanauDetail> {
  return sequelize.transaction(async (transaction) => {
    const whanau = await findVisibleWhanau(actor, id, transaction);
    await recordAudit(actor, { action: 'view', entity: 'whanau', entityId: whanau.id }, transaction);
    return detailOf(actor, whanau, transaction);
  });
}

/** `GET /api/whanau`: the whānau the actor may see, by folded name, each word the start of a word of the name. */
export async function listWhanau(actor: Actor, query: ListWhanauQuery): Promise<Page<WhanauSummary>> {
  const conditions = [visibleWhanauSql(actor, 'w')];
  const replacements: Record<string, unknown> = {};
  if (query.q !== undefined) {
    const words = foldForSearch(query.q)
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean)
      .slice(0, 6);
    if (words.length === 0) conditions.push('1=0');
    words.forEach((word, index) => {
      // Words hold letters and digits only, so nothing in them is a LIKE wildcard.
      replacements[`word${index}`] = `% ${word}%`;
      conditions.push(`(' ' || w."nameKey") LIKE :word${index}`);
    });
  }
  const where = conditions.join(' AND ');
  const rows = await sequelize.query<{ id: string; total: number | string }>(
    `SELECT w.id, COUNT(*) OVER () AS total FROM whanau w WHERE ${where} ORDER BY w."nameKey", w.id LIMIT :limit OFFSET :offset`,
    { type: QueryTypes.SELECT, replacements: { ...replacements, limit: query.pageSize, offset: (query.page - 1) * query.pageSize } },
  );
  const counted =
    rows.length > 0 || query.page === 1
      ? [{ total: rows[0]?.total ?? 0 }]
      : await sequelize.query<{ total: number | string }>(`SELECT COUNT(*) AS total FROM whanau w WHERE ${where}`, { type: QueryTypes.SELECT, replacements });
  const ids = rows.map((row) => row.id);
  const whanau = ids.length ? await Whanau.findAll({ where: { id: ids } }) : [];
  const byId = new Map(whanau.map((row) => [row.id, row]));
  const members = await linkedMembersOf(ids);
  const seen = await visibleClientIdsAmong(
    actor,
    members.map((member) => member.clientId),
  );
  const total = Number(counted[0]?.total ?? 0);
  await recordBulkRead(actor, 'list', 'whanau_list', { q: query.q, page: query.page, count: ids.length, total });
  return {
    items: ids.flatMap((id) => {
      const row = byId.get(id);
      if (!row) return [];
      const memberCount = members.filter((member) => member.whanauId === id && seen.has(member.clientId)).length;
      return [{ _id: row.id, name: row.name, version: row.version, updatedAt: row.updatedAt.toISOString(), memberCount }];
    }),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** Matches the caseload's cursor overlap (clients' caseload, decision 045). */
const cursorOverlapMs = 10_000;

/**
 * SQL for the whānau of the actor's caseload (table aliased `w`): a whānau they may see with a
 * linked member in their client caseload, or one they created that has no member yet.
 */
function caseloadWhanauSql(actor: Actor): { sql: string; replacements: Record<string, unknown> } {
  const clients = caseloadClientsSql(actor);
  const empty = `w."createdBy" = :wMe AND NOT EXISTS (SELECT 1 FROM whanau_members em WHERE em."whanauId" = w.id AND em."unlinkedAt" IS NULL)`;
  return {
    sql: `${visibleWhanauSql(actor, 'w')} AND (w.id IN (SELECT m."whanauId" FROM whanau_members m WHERE m."unlinkedAt" IS NULL AND m."clientId" IN (SELECT c.id FROM clients c WHERE ${clients.sql})) OR (${empty}))`,
    replacements: { ...clients.replacements, wMe: actor.id },
  };
}

/**
 * `GET /api/whanau/caseload?since=`: the whānau of the caller's caseload for the device's copy,
 * each whole (as `GET /api/whanau/{id}`), only those that changed since `since`; `ids` every
 * whānau in it now; `followUps` the caller's follow-ups and those of these whānau: without
 * `since` the open ones, with it every one changed since (ticked done ones too, so the device
 * drops them).
 */
export async function whanauCaseload(actor: Actor, query: CaseloadQuery): Promise<WhanauCaseload> {
  const readAt = Date.now();
  const caseload = caseloadWhanauSql(actor);
  const ids = (
    await sequelize.query<{ id: string }>(`SELECT w.id FROM whanau w WHERE ${caseload.sql} ORDER BY w.id`, {
      type: QueryTypes.SELECT,
      replacements: caseload.replacements,
    })
  ).map((row) => row.id);
  let changedIds = ids;
  if (query.since !== undefined && ids.length > 0) {
    const since = new Date(query.since);
    const members = `SELECT mm."clientId" FROM whanau_members mm WHERE mm."whanauId" = w.id AND mm."unlinkedAt" IS NULL`;
    const changed = await sequelize.query<{ id: string }>(
      `SELECT w.id FROM whanau w WHERE ${caseload.sql} AND (
        w."updatedAt" > :since
        OR EXISTS (SELECT 1 FROM whanau_members cm WHERE cm."whanauId" = w.id AND cm."updatedAt" > :since)
        OR EXISTS (SELECT 1 FROM goals cg WHERE cg."whanauId" = w.id AND cg."updatedAt" > :since)
        OR EXISTS (SELECT 1 FROM tasks ct WHERE ct."whanauId" = w.id AND ct."updatedAt" > :since)
        OR EXISTS (SELECT 1 FROM contacts cc WHERE (cc."whanauId" = w.id OR cc."clientId" IN (${members})) AND cc."createdAt" > :since)
        OR EXISTS (SELECT 1 FROM note_corrections nc WHERE (nc."whanauId" = w.id OR nc."clientId" IN (${members})) AND nc."createdAt" > :since)
        OR EXISTS (SELECT 1 FROM case_notes n WHERE n."clientId" IN (${members}) AND n."createdAt" > :since AND ${visibleNotesSql(actor, 'n')})
        OR EXISTS (SELECT 1 FROM clients cl WHERE cl.id IN (${members}) AND cl."updatedAt" > :since))`,
      { type: QueryTypes.SELECT, replacements: { ...caseload.replacements, since } },
    );
    changedIds = changed.map((row) => row.id);
  }
  const rows = changedIds.length ? await Whanau.findAll({ where: { id: changedIds }, order: [['id', 'ASC']] }) : [];
  const whanau = await detailsOf(actor, rows);
  const mine = { [Op.or]: [{ assignedTo: actor.id }, ...(ids.length ? [{ whanauId: ids }] : [])] };
  const tasks = await visibleTasks(
    actor,
    query.since === undefined ? { [Op.and]: [mine, { doneAt: null }] } : { [Op.and]: [mine, { updatedAt: { [Op.gt]: new Date(query.since) } }] },
  );
  if (whanau.length > 0) await recordBulkRead(actor, 'caseload', 'whanau_list', { count: whanau.length, followUps: tasks.length, since: query.since });
  return { whanau, ids, followUps: await presentTasks(actor, tasks), cursor: new Date(readAt - cursorOverlapMs).toISOString() };
}
