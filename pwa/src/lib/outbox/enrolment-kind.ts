/**
 * `enrolment.create`: a whānau member's enrolment, sent anonymously to `POST /api/enrolments`,
 * one per request, several requests at once. The server keeps it exactly once on its `_id`.
 * Delivered: the phone keeps a receipt (reference, service, times) and drops the details.
 */
import type { EnrolmentReceipt } from '@contract/enrolments';
import type { EnrolmentInput } from '@contract/enrolments';
import { apiPaths } from '../paths';
import type { OutboxKindDefinition } from './types';

/** Requests in flight at once: enough to hide the round trip, few enough to be kind to a phone's connection. */
export const enrolmentConcurrency = 8;

export function isEnrolmentReceipt(body: unknown): body is EnrolmentReceipt {
  return (
    typeof body === 'object' &&
    body !== null &&
    'reference' in body &&
    typeof body.reference === 'string' &&
    'receivedAt' in body &&
    typeof body.receivedAt === 'string'
  );
}

export const enrolmentCreateKind: OutboxKindDefinition = {
  kind: 'enrolment.create',
  lane: 'enrolments',
  sealed: false,
  batchSize: 1,
  concurrency: enrolmentConcurrency,
  versioned: false,
  request: ([item]) => ({ method: 'POST', path: apiPaths.enrolments, json: item?.payload }),
  // A 2xx that is not a receipt (a captive portal's page, say) counts as no answer.
  readAnswer: (_items, _status, body) => (isEnrolmentReceipt(body) ? [{ status: 'done', record: body }] : null),
  // 400 (invalid, the statement changed) and 409 (service closed, id reused with other details): refused.
  readRefusal: (items, error) => items.map(() => ({ status: 'rejected', error })),
  async onDelivered(db, item, record, time) {
    if (!isEnrolmentReceipt(record) || !item.payload) return;
    const payload = item.payload as EnrolmentInput;
    await db.receipts.put({
      _id: item.operation.entityId,
      reference: record.reference,
      serviceKey: payload.serviceKey,
      serviceTitle: item.operation.label,
      receivedAt: record.receivedAt,
      sentAt: new Date(time).toISOString(),
    });
  },
};
