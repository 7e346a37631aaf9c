import type { WhereOptions } from 'sequelize';
import type { Page } from '../../../contract/common';
import type { EnrolmentInput, EnrolmentListItem, EnrolmentReceipt, ListEnrolmentsQuery } from '../../../contract/enrolments';
import { isEnrollable, unavailableText } from '../../../contract/services';
import { Enrolment } from '../../db/models/enrolment';
import { Service } from '../../db/models/service';
import { badRequest, conflict } from '../../lib/errors';
import { runOnce, type OnceOutcome, type OperationRequest } from '../../lib/idempotency';
import { limits } from '../../../contract/limits';
import { createCounter } from '../../lib/rate-limit';
import { presentEnrolment, presentReceipt } from './enrolments.presenter';

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
    return { status: 201, body: presentReceipt(row) };
  });
}

/** Enrolments for kaimahi, newest first, optionally of one service and one status. */
export async function listEnrolments(query: ListEnrolmentsQuery): Promise<Page<EnrolmentListItem>> {
  const where: WhereOptions<Enrolment> = {
    ...(query.service ? { serviceKey: query.service } : {}),
    ...(query.status ? { status: query.status } : {}),
  };
  const [{ rows, count }, services] = await Promise.all([
    Enrolment.findAndCountAll({
      where,
      order: [
        ['receivedAt', 'DESC'],
        ['id', 'DESC'],
      ],
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    }),
    Service.findAll({ attributes: ['key', 'title'] }),
  ]);
  const titles = new Map(services.map((service) => [service.key, service.title]));
  return {
    items: rows.map((row) => presentEnrolment(row, titles.get(row.serviceKey) ?? row.serviceKey)),
    total: count,
    page: query.page,
    pageSize: query.pageSize,
  };
}
