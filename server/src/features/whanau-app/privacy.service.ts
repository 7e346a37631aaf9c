import { literal, type Transaction } from 'sequelize';
import type { Page, PageQuery } from '../../../contract/common';
import { nzToday } from '../../../contract/nz-days';
import { privacyActDueOn } from '../../../contract/working-days';
import { proposableFields, type DetailChange, type PrivacyRequestRecord, type ProposableField } from '../../../contract/whanau-app';
import { Client as ClientModel, type Client } from '../../db/models/client';
import { DetailChangeRow, PrivacyRequest } from '../../db/models/whanau-app';
import { sequelize } from '../../db/sequelize';
import { recordAudit, type Actor } from '../../lib/audit';
import { now } from '../../lib/clock';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { findVisibleClient, findVisibleWhanau, visibleClientIdsAmong, type MemberCaller } from '../../lib/need-to-know';
import { memberActor } from './devices.service';

/**
 * A member's own details and privacy rights (DESIGN §4e): proposed changes a kaimahi accepts
 * field by field, and Privacy Act requests the managers answer by their due date (decision 130).
 */

export function presentDetailChange(row: DetailChangeRow): DetailChange {
  return {
    _id: row.id,
    clientId: row.clientId,
    whanauId: row.whanauId,
    proposed: row.proposed,
    decisions: row.decisions,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A person as lists name them: the preferred name first when there is one ("Aroha Rewi"). */
export function personName(client: Pick<Client, 'givenName' | 'familyName' | 'preferredName'>): string {
  return `${client.preferredName || client.givenName} ${client.familyName}`;
}

/** The request's person by name, when `actor` may see their record (need-to-know, as a client page). */
async function namesOf(actor: Actor, clientIds: string[], transaction?: Transaction): Promise<Map<string, string>> {
  const visible = await visibleClientIdsAmong(actor, clientIds, transaction);
  if (visible.size === 0) return new Map();
  const clients = await ClientModel.findAll({ where: { id: [...visible] }, attributes: ['id', 'givenName', 'familyName', 'preferredName'], transaction });
  return new Map(clients.map((client) => [client.id, personName(client)]));
}

export function presentPrivacyRequest(row: PrivacyRequest, names: ReadonlyMap<string, string>, today = nzToday(now())): PrivacyRequestRecord {
  return {
    _id: row.id,
    clientId: row.clientId,
    clientName: names.get(row.clientId) ?? null,
    kind: row.kind,
    text: row.text,
    receivedAt: row.receivedAt.toISOString(),
    dueOn: row.dueOn,
    overdue: row.status === 'new' && row.dueOn < today,
    status: row.status,
    outcome: row.outcome,
    answer: row.answer,
    answeredBy: row.answeredBy,
    answeredAt: row.answeredAt?.toISOString() ?? null,
  };
}

/** `details.propose` from the phone: kept for a kaimahi to decide, nothing changed yet. */
export async function proposeDetails(
  member: MemberCaller,
  id: string,
  proposed: Partial<Record<ProposableField, string | null | undefined>>,
  transaction: Transaction,
) {
  const fields = Object.fromEntries(proposableFields.filter((field) => proposed[field] !== undefined).map((field) => [field, proposed[field] ?? null]));
  const row = await DetailChangeRow.create(
    { id, clientId: member.clientId, whanauId: member.whanauId, proposed: fields, decisions: {}, status: 'new', createdAt: new Date(now()) },
    { transaction },
  );
  await recordAudit(
    memberActor(member),
    { action: 'create', entity: 'detail_change', entityId: id, clientId: member.clientId, fields: Object.keys(fields) },
    transaction,
  );
  return presentDetailChange(row);
}

/** `privacy.request` from the phone: received now (New Zealand's day), due 20 working days later. */
export async function requestPrivacy(member: MemberCaller, id: string, request: { kind: 'access' | 'correction'; text: string }, transaction: Transaction) {
  const receivedAt = new Date(now());
  const row = await PrivacyRequest.create(
    { id, clientId: member.clientId, kind: request.kind, text: request.text, receivedAt, dueOn: privacyActDueOn(nzToday(receivedAt.getTime())), status: 'new' },
    { transaction },
  );
  await recordAudit(
    memberActor(member),
    { action: 'create', entity: 'privacy_request', entityId: id, clientId: member.clientId, details: { kind: request.kind } },
    transaction,
  );
  const own = await ClientModel.findByPk(member.clientId, { attributes: ['id', 'givenName', 'familyName', 'preferredName'], transaction });
  return presentPrivacyRequest(row, new Map(own ? [[own.id, personName(own)]] : []));
}

/** Managers' list: open requests first, the longest overdue at the top, then answered ones, newest answer first. */
export async function listPrivacyRequests(actor: Actor, query: PageQuery): Promise<Page<PrivacyRequestRecord>> {
  const { rows, count } = await PrivacyRequest.findAndCountAll({
    order: [
      [literal(`CASE WHEN status = 'new' THEN 0 ELSE 1 END`), 'ASC'],
      ['dueOn', 'ASC'],
      ['receivedAt', 'ASC'],
    ],
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  await sequelize.transaction((transaction) =>
    recordAudit(actor, { action: 'list', entity: 'privacy_request', entityId: actor.id, details: { total: String(count) } }, transaction),
  );
  const today = nzToday(now());
  const names = await namesOf(
    actor,
    rows.map((row) => row.clientId),
  );
  return { items: rows.map((row) => presentPrivacyRequest(row, names, today)), total: count, page: query.page, pageSize: query.pageSize };
}

/** A manager records the answer: a copy given (from the person's export), the correction made, or a refusal with its reason. */
export async function answerPrivacyRequest(actor: Actor, id: string, body: { outcome: 'copy_given' | 'corrected' | 'refused'; answer?: string | undefined }) {
  return sequelize.transaction(async (transaction) => {
    const row = await PrivacyRequest.findByPk(id, { transaction, lock: transaction.LOCK.UPDATE });
    if (!row) throw notFound('Privacy request not found');
    if (row.status === 'answered') throw conflict('This request has already been answered');
    await row.update(
      { status: 'answered', outcome: body.outcome, answer: body.answer || null, answeredBy: actor.id, answeredAt: new Date(now()) },
      { transaction },
    );
    await recordAudit(
      actor,
      { action: 'status', entity: 'privacy_request', entityId: id, clientId: row.clientId, details: { outcome: body.outcome } },
      transaction,
    );
    return presentPrivacyRequest(row, await namesOf(actor, [row.clientId], transaction));
  });
}

/** A whānau's proposed detail changes, of the members the kaimahi sees. */
export async function listDetailChanges(actor: Actor, whanauId: string): Promise<DetailChange[]> {
  await findVisibleWhanau(actor, whanauId);
  const rows = await DetailChangeRow.findAll({ where: { whanauId }, order: [['createdAt', 'DESC']] });
  const seen = await visibleClientIdsAmong(
    actor,
    rows.map((row) => row.clientId),
  );
  return rows.filter((row) => seen.has(row.clientId)).map(presentDetailChange);
}

/** A kaimahi decides each proposed field: accepted ones are written to the client record (a new version), and audited as a change. */
export async function answerDetailChange(
  actor: Actor,
  whanauId: string,
  changeId: string,
  fields: Partial<Record<ProposableField, boolean>>,
): Promise<DetailChange> {
  return sequelize.transaction(async (transaction) => {
    await findVisibleWhanau(actor, whanauId, transaction);
    const row = await DetailChangeRow.findOne({ where: { id: changeId, whanauId }, transaction, lock: transaction.LOCK.UPDATE });
    if (!row) throw notFound('Change not found');
    const client: Client = await findVisibleClient(actor, row.clientId, transaction).catch(() => {
      throw notFound('Change not found');
    });
    const open = Object.keys(row.proposed).filter((field) => !row.decisions[field]) as ProposableField[];
    const answered = (Object.keys(fields) as ProposableField[]).filter((field) => fields[field] !== undefined);
    const unknown = answered.filter((field) => !open.includes(field));
    if (unknown.length > 0) throw badRequest(`Not a field waiting for an answer: ${unknown.join(', ')}`, `fields.${unknown[0]}`);
    const accepted = answered.filter((field) => fields[field]);
    if (accepted.length > 0) {
      const version = client.version + 1;
      await client.update(
        {
          ...Object.fromEntries(accepted.map((field) => [field, row.proposed[field] ?? null])),
          version,
          fieldVersions: { ...client.fieldVersions, ...Object.fromEntries(accepted.map((field) => [field, version])) },
          updatedBy: actor.id,
        },
        { transaction },
      );
      await recordAudit(
        actor,
        { action: 'update', entity: 'client', entityId: client.id, clientId: client.id, fields: accepted, details: { from: 'whanau app' } },
        transaction,
      );
    }
    const decisions: Record<string, 'accepted' | 'declined'> = { ...row.decisions };
    for (const field of answered) decisions[field] = fields[field] ? 'accepted' : 'declined';
    const done = Object.keys(row.proposed).every((field) => decisions[field]);
    await row.update(
      { decisions, status: done ? ('answered' as const) : ('new' as const), answeredBy: actor.id, answeredAt: new Date(now()) },
      { transaction },
    );
    await recordAudit(actor, { action: 'status', entity: 'detail_change', entityId: row.id, clientId: row.clientId, fields: answered }, transaction);
    return presentDetailChange(row);
  });
}
