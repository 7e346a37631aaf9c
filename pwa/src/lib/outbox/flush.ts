/**
 * Sending what is due. One flush at a time (a Web Lock across tabs and the worker, plus a guard in
 * this instance). Due items are grouped into lanes (a kind's lane and its person); each lane sends
 * in the order made, in batches of its size, with up to its concurrency of requests in flight. The
 * first request of a round goes alone: only once the server has answered do the others follow, so
 * a dead connection costs one request, not eight.
 */
import { readErrorItems } from '@contract/errors';
import type { OutboxError, OutboxOperation } from '../local-db';
import { isSealed, type StaffCipher } from '../staff-cipher';
import { OutboxValidationError } from '../save-errors';
import { canSend, noConnection, notSignedIn, unreadable, type OutboxContext } from './context';
import { writeOutboxHint } from './hint';
import { holdsFollowers, inOrderMade, unsentStates } from './order';
import { keepDoneForMs, outboxBackoff, outcomeOf } from './policy';
import { addReports, emptyReport, type FlushReport } from './report';
import type { createSettler } from './settle';
import type { OfflineKind, OpenedItem, OutboxLane } from './types';

type Lane = {
  lane: OutboxLane;
  encrypted: boolean;
  userId: string | null;
  /** Due items not yet claimed, in order. */
  queue: OutboxOperation[];
  /** Batches claimed (marked sending) and not yet sent, in order. */
  ready: OutboxOperation[][];
  claiming: Promise<void> | null;
};
type Round = { stopped: boolean; answered: boolean; onAnswer: (() => void)[] };

/**
 * The record an item's order is kept on: what it is shown with (a case note's client) or what it
 * changes. An item held back waits with everything after it on the same record.
 */
const orderingKey = (operation: OutboxOperation) => operation.subjectId ?? operation.entityId;

export function createFlusher(context: OutboxContext, settler: ReturnType<typeof createSettler>) {
  const { db, kinds, now } = context;
  /** The round in progress in this instance, and whether another was asked for meanwhile. */
  let running: Promise<FlushReport> | null = null;
  let again: { force: boolean } | null = null;

  /** Sends what is due. `force` (the "Send now" button, coming back online) ignores backoff times. */
  function flush(flushOptions: { force?: boolean } = {}): Promise<FlushReport> {
    const force = flushOptions.force ?? false;
    if (running) {
      again = { force: force || (again?.force ?? false) };
      return running;
    }
    running = (async () => {
      let total = emptyReport();
      let next: { force: boolean } | null = { force };
      try {
        while (next) {
          again = null;
          const report = await withFlushLock(() => flushRound(next?.force ?? false));
          total = addReports(total, report);
          next = report.busy ? null : again;
        }
        return total;
      } finally {
        running = null;
        again = null;
      }
    })();
    return running;
  }

  async function withFlushLock(round: () => Promise<FlushReport>): Promise<FlushReport> {
    if (!context.locks) return round();
    return context.locks.request(context.lockName, { ifAvailable: true }, async (lock) => (lock ? round() : { ...emptyReport(), busy: true }));
  }

  async function flushRound(force: boolean): Promise<FlushReport> {
    const report = emptyReport();
    // Holding the lock, nothing else can be sending: anything still marked so was cut off
    // (tab closed, crash). The server is idempotent, so sending it again is safe.
    await db.outbox.where('state').equals('sending').modify({ state: 'pending' });
    if (force) context.pause.until = 0;
    const tried = new Set<string>();
    const round: Round = { stopped: false, answered: false, onAnswer: [] };
    // One read of what is due per pass, not per item (that made a long queue quadratic); a
    // further pass picks up items queued meanwhile, and those the server did not reach.
    while (!round.stopped) {
      const due = await dueNow(tried, force);
      if (due.length === 0) break;
      for (const operation of due) tried.add(operation._id);
      await Promise.all(lanesOf(due).map((lane) => runLane(lane, round, report, tried)));
    }
    await db.outbox
      .where('state')
      .equals('done')
      .filter((operation) => (operation.sentAt ?? 0) < now() - keepDoneForMs)
      .delete();
    writeOutboxHint((await db.outbox.where('state').anyOf(unsentStates).count()) > 0);
    return report;
  }

  /** What is due now and not yet tried this round, oldest first. */
  async function dueNow(tried: Set<string>, force: boolean): Promise<OutboxOperation[]> {
    if (!force && context.pause.until > now()) return [];
    const pending = (await db.outbox.where('state').equals('pending').toArray()).filter(
      (operation) => !tried.has(operation._id) && canSend(context, operation),
    );
    if (force) return inOrderMade(pending);
    // A later item may need an earlier one (a goal its new whānau, a member their new client):
    // in each lane of each person, items go in the order made, so one waiting out its backoff
    // holds back those made after it, and they go together when it is due.
    const waiting = new Set<string>();
    return inOrderMade(pending).filter((operation) => {
      const queue = `${kinds.get(operation.kind).lane.name}\u0000${operation.userId ?? ''}`;
      if (waiting.has(queue)) return false;
      if (operation.nextAttemptAt <= now()) return true;
      waiting.add(queue);
      return false;
    });
  }

  function lanesOf(due: OutboxOperation[]): Lane[] {
    const lanes = new Map<string, Lane>();
    for (const operation of due) {
      const definition = kinds.get(operation.kind);
      const key = `${definition.lane.name}\u0000${operation.userId ?? ''}`;
      let lane = lanes.get(key);
      if (!lane) {
        lane = { lane: definition.lane, encrypted: definition.encrypted, userId: operation.userId, queue: [], ready: [], claiming: null };
        lanes.set(key, lane);
      }
      lane.queue.push(operation);
    }
    return [...lanes.values()];
  }

  function nextBatch(lane: Lane): OutboxOperation[] | null {
    if (lane.queue.length === 0) return null;
    const batch: OutboxOperation[] = [];
    const inBatch = new Set<string>();
    const held = new Set<string>();
    const rest: OutboxOperation[] = [];
    for (const operation of lane.queue) {
      if (batch.length >= lane.lane.batchSize) {
        rest.push(operation);
        continue;
      }
      if (held.has(orderingKey(operation)) || (operation.follows && inBatch.has(operation.follows))) {
        held.add(orderingKey(operation));
        rest.push(operation);
        continue;
      }
      batch.push(operation);
      inBatch.add(operation._id);
    }
    lane.queue = rest;
    return batch;
  }

  /**
   * The next claimed batch of a lane. Claims are made a few batches at a time in one
   * transaction (a transaction per item made a long queue slow on the phone); a lane whose
   * edits follow one another claims one batch at a time, so each sees the one before it done.
   */
  async function takeBatch(lane: Lane): Promise<OutboxOperation[] | null> {
    for (;;) {
      const ready = lane.ready.shift();
      if (ready) return ready;
      if (lane.claiming) {
        await lane.claiming;
        continue;
      }
      if (lane.queue.length === 0) return null;
      const batches: OutboxOperation[][] = [];
      const perClaim = lane.lane.concurrency > 1 ? lane.lane.concurrency * 4 : 1;
      while (batches.length < perClaim) {
        const batch = nextBatch(lane);
        if (!batch) break;
        batches.push(batch);
      }
      lane.claiming = claim(batches)
        .then((claimed) => {
          lane.ready.push(...claimed.filter((batch) => batch.length > 0));
        })
        .finally(() => {
          lane.claiming = null;
        });
    }
  }

  async function runLane(lane: Lane, round: Round, report: FlushReport, tried: Set<string>): Promise<void> {
    let laneStopped = false;
    const worker = async () => {
      while (!round.stopped && !laneStopped) {
        const batch = await takeBatch(lane);
        if (!batch) return;
        if (round.stopped || laneStopped) {
          lane.ready.unshift(batch);
          return;
        }
        const result = await sendBatch(lane, batch, round, report, tried);
        if (result === 'stop-lane') laneStopped = true;
      }
    };
    const first = worker();
    if (lane.lane.concurrency > 1) {
      // The others start once the server has answered someone this round.
      const answered = new Promise<void>((resolve) => (round.answered ? resolve() : round.onAnswer.push(resolve)));
      const settled = await Promise.race([answered.then(() => true), first.then(() => false)]);
      if (settled && !round.stopped && !laneStopped) await Promise.all([first, ...Array.from({ length: lane.lane.concurrency - 1 }, worker)]);
      else await first;
    } else await first;
    await lane.claiming;
    // Claimed but not sent (the round stopped): back to waiting, as they were.
    const unsent = lane.ready.splice(0).flat();
    if (unsent.length) await release(unsent);
  }

  async function release(operations: OutboxOperation[]): Promise<void> {
    await db.transaction('rw', db.outbox, async () => {
      const current = await db.outbox.bulkGet(operations.map((operation) => operation._id));
      await db.outbox.bulkPut(current.flatMap((operation) => (operation?.state === 'sending' ? [{ ...operation, state: 'pending' as const }] : [])));
    });
  }

  function markAnswered(round: Round) {
    if (round.answered) return;
    round.answered = true;
    for (const resolve of round.onAnswer.splice(0)) resolve();
  }

  /**
   * An item as it is sent: opened (encrypted kinds), moved to this build's shape when an older
   * one stored it, and checked by its kind. An error says why it cannot go.
   */
  async function openItem(operation: OutboxOperation, cipher: StaffCipher | null): Promise<OpenedItem | OutboxError> {
    const definition: OfflineKind = kinds.get(operation.kind);
    let payload: unknown = operation.payload;
    if (definition.encrypted) {
      if (!cipher || !isSealed(payload)) return unreadable;
      try {
        payload = await cipher.open(payload);
      } catch {
        return unreadable;
      }
    }
    let current = operation;
    if (definition.upgrade && operation.schemaVersion < definition.schemaVersion) {
      const upgraded = definition.upgrade(operation, payload);
      current = { ...operation, entityId: upgraded.entityId };
      payload = upgraded.payload;
    }
    try {
      return { operation: current, payload: definition.check(payload, operation._id) };
    } catch (error) {
      if (error instanceof OutboxValidationError) return { status: 400, errors: error.errors };
      throw error;
    }
  }

  async function sendBatch(lane: Lane, batch: OutboxOperation[], round: Round, report: FlushReport, tried: Set<string>): Promise<'ok' | 'stop-lane'> {
    const { userId } = lane;
    let token: string | null = null;
    if (userId !== null) {
      token = context.getToken?.() ?? null;
      const signedInAs = context.getUserId ? context.getUserId() : userId;
      if (!token || signedInAs !== userId) {
        await release(batch);
        await settler.markNeedsAuth(userId, notSignedIn);
        report.needsAuth += 1;
        return 'stop-lane';
      }
    }
    let cipher: StaffCipher | null = null;
    if (lane.encrypted) {
      cipher = context.getCipher();
      if (!cipher || cipher.userId !== userId) {
        await release(batch); // locked meanwhile: they wait
        return 'stop-lane';
      }
    }

    // Open every item at once; one that cannot be opened or no longer fits is set aside, the rest still go.
    const opened = await Promise.all(batch.map((operation) => openItem(operation, cipher)));
    const items: OpenedItem[] = [];
    for (const [index, item] of opened.entries()) {
      if ('operation' in item) items.push(item);
      else {
        await settler.setAside(batch[index]!, item);
        report.rejected += 1;
      }
    }
    if (items.length === 0) return 'ok';

    report.requests += 1;
    let response;
    try {
      response = await context.transport({ ...lane.lane.request(items), headers: token ? { 'x-auth-token': token } : {} });
    } catch {
      await settler.retryLater(items, noConnection, null);
      report.retrying += items.length;
      context.pause.until = Math.max(context.pause.until, now() + outboxBackoff.minMs);
      round.stopped = true;
      return 'stop-lane';
    }

    const outcome = outcomeOf(response.status);
    if (outcome === 'answered') {
      const results = lane.lane.readAnswer(items, response.status, response.body);
      if (!results) {
        // Not the server's answer (a captive portal): as if nothing came back.
        await settler.retryLater(items, noConnection, null);
        report.retrying += items.length;
        round.stopped = true;
        return 'stop-lane';
      }
      markAnswered(round);
      await settler.applyResults(items, results, cipher, report, tried);
      return 'ok';
    }
    const error: OutboxError = { status: response.status, errors: readErrorItems(response.status, response.body) };
    if (outcome === 'retry' || outcome === 'rate_limited') {
      const nextAttemptAt = await settler.retryLater(items, error, response.retryAfter);
      report.retrying += items.length;
      if (outcome === 'rate_limited') {
        context.pause.until = Math.max(context.pause.until, nextAttemptAt);
        round.stopped = true;
        return 'stop-lane';
      }
      await settler.touchLastSync();
      return 'ok';
    }
    await settler.touchLastSync();
    if (outcome === 'needs_auth' && userId !== null) {
      await settler.markNeedsAuth(userId, error);
      report.needsAuth += 1;
      return 'stop-lane';
    }
    markAnswered(round);
    await settler.applyResults(items, lane.lane.readRefusal(items, error), cipher, report, tried);
    return 'ok';
  }

  /** Marks the batches `sending` in one transaction, skipping items changed meanwhile and edits whose earlier edit is still unsent. */
  async function claim(batches: OutboxOperation[][]): Promise<OutboxOperation[][]> {
    if (batches.length === 0) return [];
    return db.transaction('rw', db.outbox, async () => {
      const current = await db.outbox.bulkGet(batches.flat().map((operation) => operation._id));
      const followed = current.flatMap((operation) => (operation?.follows ? [operation.follows] : []));
      const earlier = new Map((await db.outbox.bulkGet(followed)).flatMap((operation) => (operation ? [[operation._id, operation] as const] : [])));
      const held = new Set<string>();
      const claimed: OutboxOperation[][] = [];
      let index = 0;
      for (const batch of batches) {
        const taken: OutboxOperation[] = [];
        for (let count = 0; count < batch.length; count += 1, index += 1) {
          const operation = current[index];
          if (!operation || operation.state !== 'pending') continue;
          const before = operation.follows ? earlier.get(operation.follows) : undefined;
          if (held.has(orderingKey(operation)) || (before && holdsFollowers.has(before.state))) {
            held.add(orderingKey(operation));
            continue;
          }
          taken.push({ ...operation, state: 'sending' });
        }
        claimed.push(taken);
      }
      await db.outbox.bulkPut(claimed.flat());
      return claimed;
    });
  }

  /** When the next waiting item becomes due, for the backoff timer; null when nothing waits that this outbox can send. */
  async function nextWakeAt(): Promise<number | null> {
    const pending = await db.outbox.where('state').equals('pending').toArray();
    let earliest = Infinity;
    for (const operation of pending) if (canSend(context, operation)) earliest = Math.min(earliest, operation.nextAttemptAt);
    if (earliest === Infinity) return null;
    return Math.max(earliest, context.pause.until);
  }

  return { flush, nextWakeAt };
}
