import { Op, type Transaction, type WhereOptions } from 'sequelize';
import { serviceCatalogue } from '../../../contract/catalogue';
import { foldForSearch } from '../../../contract/clients';
import type { Page } from '../../../contract/common';
import {
  enrolmentNextStatuses,
  type EnrolmentInput,
  type EnrolmentListItem,
  type EnrolmentReceipt,
  type EnrolmentStatus,
  type ListEnrolmentsQuery,
  type UpdateEnrolmentInput,
} from '../../../contract/enrolments';
import { isEnrollable, unavailableText } from '../../../contract/services';
import { Enrolment } from '../../db/models/enrolment';
import { Service } from '../../db/models/service';
import { recordAudit, type Actor } from '../../lib/audit';
import { badRequest, conflict, editConflict, notFound } from '../../lib/errors';
import { mergeFields } from '../../lib/field-versions';
import { canSeeEnrolment, findVisibleClient, visibleEnrolmentsWhere } from '../../lib/need-to-know';
import { runOnce, type OnceOutcome, type OperationRequest } from '../../lib/idempotency';
import { limits } from '../../../contract/limits';
import { createCounter } from '../../lib/rate-limit';
import { presentEnrolment } from '../../lib/present-enrolment';
import { queueEnrolmentNotice } from '../../lib/staff-notices';
import { presentReceipt } from './enrolments.presenter';

/** New enrolments one IP address may send in an hour. Resends of one already received do not count. */
const newEnrolmentsByIp = createCounter(limits.enrolmentsPerIp, limits.enrolmentWindowMs);

/** The operation an enrolment is: anonymous, and idempotent on the enrolment's own id. */
export function enrolmentOperation(id: string, request: unknown): OperationRequest {
  return { id, kind: 'enrolment.create', actorId: null, request };
}

/**
 * Receives one enrolment, once: the first send is stored and answered 201 with a receipt,
 * every resend of the same body gets that same answer. `request` is the body as sent, which
 * is what a resend must match.
 */
export function receiveEnrolment(
  enrolment: EnrolmentInput,
  sent: { request: unknown; ip: string },
): Promise<OnceOutcome<EnrolmentReceipt>> {
  return runOnce(enrolmentOperation(enrolment._id, sent.request), async (transaction) => {
    const service = await Service.findByPk(enrolment.serviceKey, { transaction });
    if (!service) throw badRequest('Choose one of the trust’s services', 'serviceKey', 'invalid_value');
    if (!isEnrollable(service.status)) {
      throw conflict(`${service.title} is not taking enrolments right now: ${unavailableText(service)}`, 'serviceKey', 'service_closed');
    }
    // Counted here, right before the row is written: refused and resent enrolments do not use up
    // the allowance (only copies of one enrolment racing on PostgreSQL may count twice), and
    // check and add run with no await between them, so a burst cannot overshoot.
    newEnrolmentsByIp.check(sent.ip);
    newEnrolmentsByIp.add(sent.ip);
    const receivedAt = new Date();
    const row = await Enrolment.create(
      {
        id: enrolment._id,
        serviceKey: service.key,
        givenName: enrolment.givenName,
        familyName: enrolment.familyName,
        dateOfBirth: enrolment.dateOfBirth ?? null,
        phone: enrolment.phone ?? null,
        email: enrolment.email ?? null,
        suburb: enrolment.suburb ?? null,
        iwi: enrolment.iwi ?? null,
        householdSize: enrolment.householdSize ?? null,
        preferredContact: enrolment.preferredContact,
        message: enrolment.message ?? null,
        consentStatementVersion: enrolment.statementVersion,
        // The form has no clock the trust can trust; consent counts from when it reached the trust.
        consentedAt: receivedAt,
        receivedAt,
      },
      { transaction },
    );
    // Staff hear of it by email once this commits (lib/staff-notices.ts); never part of the answer.
    await queueEnrolmentNotice(row, transaction);
    return { status: 201, body: presentReceipt(row) };
  });
}

/** Enrolments the actor may see (need-to-know), newest first, filtered by service, status and `q`. */
export async function listEnrolments(actor: Actor, query: ListEnrolmentsQuery): Promise<Page<EnrolmentListItem>> {
  const conditions: WhereOptions<Enrolment>[] = [visibleEnrolmentsWhere(actor)];
  if (query.service) conditions.push({ serviceKey: query.service });
  if (query.status) conditions.push({ status: query.status });
  if (query.q) {
    // The inbox is short (filtered by service and status first), so a contains-match of the folded text is enough.
    for (const word of foldForSearch(query.q).split(/\s+/).filter(Boolean).slice(0, 6)) {
      const digits = /^[0-9+\-()]+$/.test(word) ? word.replace(/\D/g, '') : word;
      conditions.push({ searchText: { [Op.like]: `%${digits.replace(/[\\%_]/g, (char) => `\\${char}`)}%` } });
    }
  }
  const { rows, count } = await Enrolment.findAndCountAll({
    where: { [Op.and]: conditions },
    order: [
      ['receivedAt', 'DESC'],
      ['id', 'DESC'],
    ],
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return {
    items: rows.map((row) => presentEnrolment(row, serviceTitle(row.serviceKey))),
    total: count,
    page: query.page,
    pageSize: query.pageSize,
  };
}

const serviceTitles = new Map(serviceCatalogue.map((service) => [service.key, service.title]));
const serviceTitle = (key: string) => serviceTitles.get(key) ?? key;

/**
 * Moves an enrolment along its workflow and/or links it to a client (the effect of
 * `enrolment.update`). Field-level like client edits (decision 020): a field changed on the
 * server since `baseVersion` to another value answers 409 with the conflicts and the enrolment.
 */
export async function updateEnrolment(actor: Actor, enrolmentId: string, input: UpdateEnrolmentInput, transaction: Transaction): Promise<EnrolmentListItem> {
  const enrolment = await Enrolment.findByPk(enrolmentId, { transaction, lock: transaction.LOCK.UPDATE });
  if (!enrolment || !canSeeEnrolment(actor, enrolment)) throw notFound('Enrolment not found');
  const current = { status: enrolment.status, clientId: enrolment.clientId };
  const merge = mergeFields(enrolment, current, input.baseVersion, input.changes);
  const present = () => presentEnrolment(enrolment, serviceTitle(enrolment.serviceKey));
  if (merge.conflicts.length > 0) throw editConflict(merge.conflicts, present());
  if (merge.changed.length === 0) return present();
  const { status, clientId } = input.changes;
  const changesStatus = merge.changed.includes('status') && status !== undefined;
  const changesClient = merge.changed.includes('clientId') && clientId !== undefined;
  if (changesStatus && !enrolmentNextStatuses[enrolment.status as EnrolmentStatus].includes(status)) {
    throw conflict(`An enrolment that is ${enrolment.status} cannot become ${status}`, 'changes.status');
  }
  if (changesClient) await findVisibleClient(actor, clientId, transaction);
  const from = enrolment.status;
  await enrolment.update(
    {
      ...(changesStatus && { status }),
      ...(changesClient && { clientId }),
      version: merge.version,
      fieldVersions: merge.fieldVersions,
    },
    { transaction },
  );
  if (changesClient) {
    await recordAudit(actor, { action: 'link', entity: 'enrolment', entityId: enrolment.id, clientId, details: { enrolmentId: enrolment.id } }, transaction);
  }
  if (changesStatus) {
    await recordAudit(
      actor,
      { action: 'status', entity: 'enrolment', entityId: enrolment.id, clientId: enrolment.clientId, details: { from, to: status } },
      transaction,
    );
  }
  return present();
}

/** `PATCH /api/enrolments/{id}`, exactly once per operation `_id`. */
export function updateEnrolmentOnce(actor: Actor, enrolmentId: string, input: UpdateEnrolmentInput, request: unknown): Promise<OnceOutcome<EnrolmentListItem>> {
  return runOnce({ id: input._id, kind: 'enrolment.update', actorId: actor.id, request: { enrolmentId, request } }, async (transaction) => ({
    status: 200,
    body: await updateEnrolment(actor, enrolmentId, input, transaction),
  }));
}
