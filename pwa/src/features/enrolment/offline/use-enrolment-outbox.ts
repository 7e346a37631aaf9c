/** The enrolment page's view of the outbox: waiting items, receipts, last sync, and actions. */
import { useCallback, useState } from 'react';
import { askForPersistentStorage, getLocalDb, type EnrolmentReceiptRecord } from '../../../lib/local-db';
import type { EnrolmentInput } from '@contract/enrolments';
import { readLastSyncAt, type FlushReport, type OutboxOperation } from '../../../lib/outbox';
import { enqueueOffline, getAppOutbox, sendOutboxNow } from '../../../lib/outbox-triggers';
import { enrolmentCreateKind } from './enrolment-kind';
import { useLiveQuery } from './use-live-query';

/** A queued enrolment: its details are on this phone until the server has them (then null). */
export type EnrolmentOperation = OutboxOperation & { kind: typeof enrolmentCreateKind.kind; payload: EnrolmentInput | null };

/**
 * The details as queued: they passed the contract's schema then (a refused one may no longer, e.g.
 * an out-of-date privacy statement, and is still shown so the person can fix and resend it).
 */
function isQueuedEnrolment(payload: unknown): payload is EnrolmentInput {
  return typeof payload === 'object' && payload !== null && 'serviceKey' in payload && typeof payload.serviceKey === 'string' && 'givenName' in payload;
}

/** An enrolment of this phone's outbox, with its details while they are on the phone. */
function asEnrolment(operation: OutboxOperation): EnrolmentOperation | null {
  if (operation.kind !== enrolmentCreateKind.kind) return null;
  return { ...operation, kind: enrolmentCreateKind.kind, payload: isQueuedEnrolment(operation.payload) ? operation.payload : null };
}

/** Enrolments on this phone that the server has not accepted yet, oldest first. */
export function useWaitingEnrolments(): EnrolmentOperation[] | undefined {
  return useLiveQuery(async () => {
    const operations = await getLocalDb().outbox.orderBy('createdAt').toArray();
    return operations.flatMap((operation) => {
      const enrolment = operation.state === 'done' ? null : asEnrolment(operation);
      return enrolment ? [enrolment] : [];
    });
  }, 'waiting-enrolments');
}

/** One enrolment item, followed through its states (undefined while loading, null once removed). */
export function useOutboxItem(id: string | null): EnrolmentOperation | null | undefined {
  return useLiveQuery(
    async () => {
      const operation = id ? await getLocalDb().outbox.get(id) : undefined;
      return operation ? asEnrolment(operation) : null;
    },
    `outbox-item:${id ?? ''}`,
  );
}

/**
 * The person's name as they typed it, from the queued enrolment while its details are still on
 * this phone (so two waiting enrolments for one service can be told apart); null once sent.
 */
export function queuedPersonName(operation: EnrolmentOperation): string | null {
  const payload = operation.payload;
  if (!payload) return null;
  const name = [payload.givenName, payload.familyName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || null;
}

/** Receipts of enrolments sent from this phone, newest first. */
export function useEnrolmentReceipts(): EnrolmentReceiptRecord[] | undefined {
  return useLiveQuery(() => getLocalDb().receipts.orderBy('sentAt').reverse().toArray(), 'enrolment-receipts');
}

export function useEnrolmentReceipt(id: string | null): EnrolmentReceiptRecord | null | undefined {
  return useLiveQuery(async () => (id ? ((await getLocalDb().receipts.get(id)) ?? null) : null), `enrolment-receipt:${id ?? ''}`);
}

/** When the server last answered this phone's outbox (ms), or null. */
export function useLastSyncAt(): number | null | undefined {
  return useLiveQuery(() => readLastSyncAt(getLocalDb()), 'last-sync');
}

/** "Send now", with whether it is running and what it did. */
export function useSendNow() {
  const [sending, setSending] = useState(false);
  const [lastReport, setLastReport] = useState<FlushReport | null>(null);
  const sendNow = useCallback(async () => {
    setSending(true);
    try {
      setLastReport(await sendOutboxNow());
    } finally {
      setSending(false);
    }
  }, []);
  return { sendNow, sending, lastReport };
}

export const enrolmentOutbox = {
  enqueue: async (payload: unknown, serviceTitle: string) => {
    // Something now waits on this phone: ask the browser not to evict it under storage pressure.
    void askForPersistentStorage();
    return enqueueOffline(enrolmentCreateKind, { payload, label: serviceTitle });
  },
  resend: async (id: string, payload: unknown) => (await getAppOutbox()).resend(id, payload),
  discard: async (id: string) => (await getAppOutbox()).discard(id),
};
