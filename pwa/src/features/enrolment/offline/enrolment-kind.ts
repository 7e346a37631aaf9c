/**
 * `enrolment.create`: a whānau member's enrolment, sent anonymously to `POST /api/enrolments`,
 * one per request, several requests at once (its own lane). The server keeps it exactly once on
 * its `_id`. Delivered: the phone keeps a receipt (reference, service, times) and drops the details.
 */
import { EnrolmentSchema, type EnrolmentInput, type EnrolmentReceipt } from '@contract/enrolments';
import { apiPaths } from '../../../lib/paths';
import { asObject, checkPayload, type OfflineKind, type OutboxLane } from '../../../lib/outbox';

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

const enrolmentLane: OutboxLane = {
  name: 'enrolments',
  batchSize: 1,
  concurrency: enrolmentConcurrency,
  request: ([item]) => ({ method: 'POST', path: apiPaths.enrolments, json: item?.payload }),
  // A 2xx that is not a receipt (a captive portal's page, say) counts as no answer.
  readAnswer: (_items, _status, body) => (isEnrolmentReceipt(body) ? [{ status: 'done', record: body }] : null),
  // 400 (invalid, the statement changed) and 409 (service closed, id reused with other details): refused.
  readRefusal: (items, error) => items.map(() => ({ status: 'rejected', error })),
};

export const enrolmentCreateKind: OfflineKind<EnrolmentInput> = {
  kind: 'enrolment.create',
  title: 'offline.kind.enrolment.create',
  lane: enrolmentLane,
  encrypted: false,
  needsUser: false,
  makesRecord: true,
  versioned: false,
  schemaVersion: 1,
  check: (payload, operationId) => checkPayload(EnrolmentSchema, { ...asObject(payload), _id: operationId }),
  async onDelivered(db, item, record, time) {
    if (!isEnrolmentReceipt(record)) return;
    await db.receipts.put({
      _id: item.operation.entityId,
      reference: record.reference,
      serviceKey: item.payload.serviceKey,
      serviceTitle: item.operation.label,
      receivedAt: record.receivedAt,
      sentAt: new Date(time).toISOString(),
    });
  },
};

/** The enrolment feature's offline kinds, for src/offline-kinds.ts. */
export const enrolmentOfflineKinds = [enrolmentCreateKind];
