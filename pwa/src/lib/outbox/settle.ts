/**
 * Writing what the server said: each item's result (done, clash, refused, not reached), backoff
 * for retries, `needs_auth` for a person whose token was refused. Answers that arrive together
 * are written in one transaction; each kind is told its results after it commits.
 */
import { type OutboxError, type OutboxOperation } from '../local-db';
import type { Sealed, StaffCipher } from '../staff-cipher';
import { noConnection, type OutboxContext } from './context';
import { backoffDelay, parseRetryAfter } from './policy';
import type { FlushReport } from './report';
import type { OpenedConflict } from './store';
import type { OpenedItem, OutboxItemResult, OutboxLanding } from './types';

type Settled = { item: OpenedItem; result: OutboxItemResult; sealed?: Sealed };
type Waiting = { settled: Settled[]; report: FlushReport; tried: Set<string>; done: () => void; failed: (error: unknown) => void };

function versionOf(record: unknown): number | null {
  return typeof record === 'object' && record !== null && 'version' in record && typeof record.version === 'number' ? record.version : null;
}

export function createSettler(context: OutboxContext) {
  const { db, kinds, now, random } = context;
  /** Results waiting to be written, and the write in progress: answers that arrive together are written together. */
  let toWrite: Waiting[] = [];
  let writing: Promise<void> | null = null;

  /** Writes each item's result (with the answers that arrived meanwhile, in one transaction), then tells the kinds. */
  async function applyResults(items: OpenedItem[], results: OutboxItemResult[], cipher: StaffCipher | null, report: FlushReport, tried: Set<string>) {
    const settled: Settled[] = [];
    // Sealing is not an IndexedDB request: done before the transaction, which would close while it waits.
    for (const [index, item] of items.entries()) {
      const result: OutboxItemResult = results[index] ?? { status: 'later' };
      const sealed =
        result.status === 'conflict' && cipher ? await cipher.seal({ conflicts: result.conflicts, record: result.record } satisfies OpenedConflict) : undefined;
      settled.push({ item, result, ...(sealed ? { sealed } : {}) });
    }
    await new Promise<void>((done, failed) => {
      toWrite.push({ settled, report, tried, done, failed });
      writing ??= drainWrites();
    });
  }

  async function drainWrites(): Promise<void> {
    try {
      while (toWrite.length) {
        const group = toWrite;
        toWrite = [];
        try {
          const landings = await writeSettled(
            group.flatMap((entry) => entry.settled.map((settled) => ({ ...settled, report: entry.report, tried: entry.tried }))),
          );
          // The kinds land their results (screens, the device's copy) before the flush says it is done.
          for (const landing of landings) await tell(landing);
          refreshKept(landings);
          for (const entry of group) entry.done();
        } catch (error) {
          for (const entry of group) entry.failed(error);
        }
      }
    } finally {
      writing = null;
    }
  }

  /** Each part of the copy the group's accepted results changed asks the server once (not awaited: the flush is done without it). */
  function refreshKept(landings: readonly OutboxLanding[]): void {
    const parts = new Set(
      landings.flatMap((landing) => {
        const part = kinds.get(landing.kind).refreshes;
        return part && landing.status !== 'rejected' ? [part] : [];
      }),
    );
    for (const part of parts) void part.refreshKept().catch(() => undefined);
  }

  /** The kind first (its screens and the device's copy), then any other listener; a listener's failure is its own. */
  async function tell(landing: OutboxLanding): Promise<void> {
    try {
      await kinds.get(landing.kind).land?.(landing);
    } catch {
      // The record is on the server either way; the copy catches up at its next refresh.
    }
    context.emit(landing);
  }

  async function writeSettled(all: (Settled & { report: FlushReport; tried: Set<string> })[]): Promise<OutboxLanding[]> {
    const time = now();
    const landings: OutboxLanding[] = [];
    await db.transaction('rw', [db.outbox, db.receipts, db.settings], async () => {
      const current = await db.outbox.bulkGet(all.map(({ item }) => item.operation._id));
      const rows: OutboxOperation[] = [];
      /** Versions the delivered writes made, by item id. */
      const producedVersion = new Map<string, number>();
      for (const [index, { item, result, sealed, report, tried }] of all.entries()) {
        const operation = current[index];
        if (!operation) continue; // removed meanwhile (a wipe): nothing to record
        const landing = { kind: operation.kind, itemId: operation._id, entityId: operation.entityId, subjectId: operation.subjectId, userId: operation.userId };
        switch (result.status) {
          case 'done': {
            const definition = kinds.get(operation.kind);
            // Only IndexedDB requests are awaited in here: another await would let the transaction commit.
            if (definition.onDelivered) await definition.onDelivered(db, item, result.record, time);
            // The person's details leave the phone; ids, label, state and times stay.
            rows.push({ ...operation, state: 'done', payload: null, conflict: null, lastError: null, sentAt: time });
            // A duplicate's record is read again as it is now: the version the item made is `version`.
            const made = result.version ?? versionOf(result.record);
            if (made !== null && (definition.versioned || definition.makesRecord)) producedVersion.set(operation._id, made);
            report.sent += 1;
            landings.push({ status: 'applied', ...landing, record: result.record, version: made });
            break;
          }
          case 'conflict':
            // An anonymous kind (not encrypted) keeps no clash: it is refused as before.
            rows.push({
              ...operation,
              state: 'conflict',
              lastError: result.error,
              attempts: operation.attempts + 1,
              ...(sealed ? { conflict: sealed } : {}),
            });
            report.rejected += 1;
            report.conflicts += 1;
            landings.push({ status: 'conflict', ...landing, record: result.record, version: null });
            break;
          case 'rejected':
            rows.push({ ...operation, state: 'rejected', lastError: result.error, attempts: operation.attempts + 1 });
            report.rejected += 1;
            landings.push({ status: 'rejected', ...landing, record: null, version: null });
            break;
          case 'later':
            // Not reached, or held back for another item's fault: again in this round, no try counted.
            rows.push({ ...operation, state: 'pending', nextAttemptAt: time });
            tried.delete(operation._id);
            break;
        }
      }
      await db.outbox.bulkPut(rows);
      if (producedVersion.size) {
        // Later edits of these records from this device now stand on the versions they made.
        const followers = await db.outbox
          .where('follows')
          .anyOf([...producedVersion.keys()])
          .toArray();
        await db.outbox.bulkPut(
          followers.map((follower) => {
            const version = producedVersion.get(follower.follows ?? '') ?? 0;
            return { ...follower, baseVersion: Math.max(follower.baseVersion ?? version, version) };
          }),
        );
      }
      await db.settings.put({ key: 'lastSyncAt', value: time });
    });
    return landings;
  }

  /** Back to pending, to try again after backoff (or Retry-After when that is later). Returns the latest time set. */
  async function retryLater(items: OpenedItem[], error: OutboxError, retryAfter: string | null): Promise<number> {
    const time = now();
    const asked = parseRetryAfter(retryAfter, time) ?? 0;
    let latest = time;
    await db.transaction('rw', db.outbox, async () => {
      for (const { operation } of items) {
        const attempts = operation.attempts + 1;
        const nextAttemptAt = time + Math.max(backoffDelay(attempts, random), asked);
        latest = Math.max(latest, nextAttemptAt);
        await db.outbox.update(operation._id, { state: 'pending', attempts, nextAttemptAt, lastError: error });
      }
    });
    return latest;
  }

  async function markNeedsAuth(userId: string, error: OutboxError) {
    await db.outbox
      .where('userId')
      .equals(userId)
      .filter((operation) => operation.state === 'pending' || operation.state === 'sending')
      .modify({ state: 'needs_auth', lastError: error });
  }

  async function touchLastSync() {
    await db.settings.put({ key: 'lastSyncAt', value: now() });
  }

  /** Items that could not be opened or checked: set aside, never sent. */
  async function setAside(operation: OutboxOperation, error: OutboxError = noConnection) {
    await db.outbox.update(operation._id, { state: 'rejected', lastError: error });
  }

  return { applyResults, retryLater, markNeedsAuth, touchLastSync, setAside };
}
