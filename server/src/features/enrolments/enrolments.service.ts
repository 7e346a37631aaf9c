import { Op, type Transaction, type WhereOptions } from 'sequelize';
import { serviceCatalogue } from '../../../contract/catalogue';
import { foldForSearch } from '../../../contract/clients';
import type { Page } from '../../../contract/common';
import {
  enrolledByLinking,
  enrolmentNextStatuses,
  type EnrolmentInput,
  type EnrolmentListItem,
  type EnrolmentReceipt,
  type EnrolmentStatus,
  type ListEnrolmentsQuery,
  type UpdateEnrolmentInput,
} from '../../../contract/enrolments';
import { Enrolment } from '../../db/models/enrolment';
import { recordAudit, recordBulkRead, type Actor } from '../../lib/audit';
import { conflict, editConflict } from '../../lib/errors';
import { mergeFields } from '../../lib/field-versions';
import { assertWritable, findVisibleClient, findVisibleEnrolment, visibleEnrolmentsWhere } from '../../lib/need-to-know';
import { keepIds, runOnce, type OnceOutcome } from '../../lib/idempotency';
import { presentEnrolment } from '../../lib/present-enrolment';
import { writeEnrolment } from './enrolment-writer';

export { enrolmentOperation } from './enrolment-writer';

/**
 * Receives one enrolment, once: the first send is stored and answered 201 with a receipt,
 * every resend of the same body gets that same answer. `request` is the body as sent, which
 * is what a resend must match. The write joins the enrolments arriving at the same moment in
 * one transaction (group commit, decision 066) and resolves after that transaction's COMMIT.
 */
export async function receiveEnrolment(enrolment: EnrolmentInput, sent: { request: unknown; ip: string }): Promise<OnceOutcome<EnrolmentReceipt>> {
  const outcome = await writeEnrolment(enrolment, sent.request, sent.ip);
  // The enrolment is durable here and about to be acknowledged. Its staff notice (if email is
  // set up) was queued in the same transaction and is sent after the COMMIT (lib/staff-notices.ts).
  return outcome;
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
  await recordBulkRead(actor, 'list', 'enrolments', {
    q: query.q,
    service: query.service,
    status: query.status,
    page: query.page,
    count: rows.length,
    total: count,
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
  const enrolment = await findVisibleEnrolment(actor, enrolmentId, transaction);
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
  if (changesClient) assertWritable(await findVisibleClient(actor, clientId, transaction));
  const from = enrolment.status;
  // Linking a client to a new or contacted enrolment enrols it, as making the client from it does.
  const enrols = changesClient && !changesStatus && enrolledByLinking(from);
  const to = enrols ? 'enrolled' : status;
  await enrolment.update(
    {
      ...((changesStatus || enrols) && { status: to }),
      ...(changesClient && { clientId }),
      version: merge.version,
      fieldVersions: enrols ? { ...merge.fieldVersions, status: merge.version } : merge.fieldVersions,
    },
    { transaction },
  );
  if (changesClient) {
    await recordAudit(actor, { action: 'link', entity: 'enrolment', entityId: enrolment.id, clientId, details: { enrolmentId: enrolment.id } }, transaction);
  }
  if (changesStatus || enrols) {
    await recordAudit(
      actor,
      { action: 'status', entity: 'enrolment', entityId: enrolment.id, clientId: enrolment.clientId, details: { from, to: to ?? from } },
      transaction,
    );
  }
  return present();
}

/** `PATCH /api/enrolments/{id}`, exactly once per operation `_id`; `within`: a sync batch's transaction. */
export function updateEnrolmentOnce(
  actor: Actor,
  enrolmentId: string,
  input: UpdateEnrolmentInput,
  request: unknown,
  within?: Transaction,
): Promise<OnceOutcome<EnrolmentListItem>> {
  return runOnce(
    { id: input._id, kind: 'enrolment.update', actorId: actor.id, request: { enrolmentId, request } },
    async (transaction) => ({ status: 200, body: await updateEnrolment(actor, enrolmentId, input, transaction) }),
    {
      keep: keepIds,
      reread: async (kept, transaction) => {
        const enrolment = await findVisibleEnrolment(actor, kept.id, transaction);
        return presentEnrolment(enrolment, serviceTitle(enrolment.serviceKey));
      },
    },
    within,
  );
}
