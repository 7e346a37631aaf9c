/**
 * The outbox engine: every write made on this device waits here until the server confirms it
 * (DESIGN §6). It is the one source of truth for unsent work — Workbox's background-sync queue
 * is not used (it counts a 500 as sent and freezes the auth header).
 *
 * Plain TypeScript on purpose: the page and the service worker both run it (no React, no DOM
 * apart from `navigator.locks` and localStorage when present). What each kind of write means
 * lives in its kind definition (registry.ts); this file knows only lanes, batches and states.
 *
 * Rules, in the order a request meets them:
 * - An operation is checked with the contract's zod schema and stored with an id made here,
 *   before any request. The server is idempotent on that id, so sending twice is safe. A staff
 *   operation's payload is stored only sealed with the staff cipher.
 * - One flush at a time (a Web Lock across tabs and the worker, plus a guard in this instance).
 *   Due operations are grouped into lanes (a kind's lane and its user); each lane sends in the
 *   order made, in batches of the kind's size, with up to its concurrency of requests in flight.
 *   The first request of a round goes alone: only once the server has answered do the others
 *   follow, so a dead connection costs one request, not eight.
 * - A later edit of a record from this device waits for the earlier one and is moved onto the
 *   version it produced (`follows`), so a kaimahi never clashes with their own edits.
 * - 2xx: each item's result (done, conflict, rejected). An enrolment keeps a receipt, and
 *   every delivered item's personal details are removed.
 * - No answer, 5xx, 408, 429: back to pending with exponential backoff and full jitter, or the
 *   server's Retry-After when that is later. Never dropped; after `stuckAfterAttempts` tries
 *   the app calls it stuck, and keeps trying. No answer and 429 end the round.
 * - 401: needs_auth for that user's operations until the same user signs in again.
 * - 400, 409 and other refusals: the kind reads which items are refused; only those stop.
 */
import { readErrorItems } from '@contract/errors';
import type { FieldConflict } from '@contract/clients';
import {
  getLocalDb,
  saveLocally,
  type LocalDb,
  type OutboxError,
  type OutboxKind,
  type OutboxOperation,
  type OutboxPayloads,
  type OutboxState,
} from '../local-db';
import type { ValidateOutboxPayload } from '../outbox-validation';
import { getStaffCipher, type Sealed, type StaffCipher } from '../staff-cipher';
import { outboxEvents } from './events';
import { writeOutboxHint } from './hint';
import { backoffDelay, keepDoneForMs, outboxBackoff, outboxLockName, outboxSchemaVersion, outcomeOf, parseRetryAfter } from './policy';
import { outboxRegistry, type OutboxRegistry } from './registry';
import { fetchTransport } from './transport';
import type { OpenedItem, OutboxEvent, OutboxItemResult, OutboxKindDefinition, OutboxLocks, OutboxTransport } from './types';

export type OutboxOptions = {
  db?: LocalDb;
  /** The kinds this outbox carries; the app's registry (enrolments and staff writes) by default. */
  kinds?: OutboxRegistry;
  /**
   * Checks payloads before they are queued (`validateOutboxPayload`, the contract's schemas).
   * Injected rather than imported so the service worker, which only sends, does not carry zod
   * and the catalogue; an outbox without it cannot queue.
   */
  validate?: ValidateOutboxPayload;
  transport?: OutboxTransport;
  /** Clock in ms, for tests. */
  now?: () => number;
  /** Random number in [0, 1), for the jitter. */
  random?: () => number;
  /**
   * The signed-in staff member's token, read at send time and never stored. Leave it out where
   * no token can be read (the service worker): staff operations then wait for a page to send them.
   */
  getToken?: () => string | null;
  /** The signed-in staff member's id, so one person's queued edits never go out under another's token. */
  getUserId?: () => string | null;
  /** The unlocked staff cipher, or null while locked (`getStaffCipher` by default). */
  getCipher?: () => StaffCipher | null;
  /** Defaults to `navigator.locks` when the browser has it. */
  locks?: OutboxLocks | null;
  /** Start a flush after each enqueue (default true). */
  flushOnEnqueue?: boolean;
  /** Called after an operation is stored, e.g. to register Background Sync. */
  onEnqueued?: (operation: OutboxOperation) => void;
  /** Told what happened to items (default: `outboxEvents`). */
  onEvent?: (event: OutboxEvent) => void;
};

export type FlushReport = {
  /** Another tab or the worker was flushing: nothing was tried here. */
  busy: boolean;
  /** Items the server now has. */
  sent: number;
  retrying: number;
  /** Items refused or clashing (clashes are also counted in `conflicts`). */
  rejected: number;
  conflicts: number;
  /** Requests answered 401 (or users not signed in): their items wait for that user. */
  needsAuth: number;
  /** HTTP requests made. */
  requests: number;
};

export type EnqueueInput<K extends OutboxKind = OutboxKind> = {
  kind: K;
  /** The record as the form holds it; checked here with the contract's schema. */
  payload: unknown;
  /** Words for the item that name no person, e.g. the service title or "Client edit". */
  label: string;
  /** The staff member who made it; required for staff kinds, null for an anonymous enrolment. */
  userId?: string | null;
  /** The record changed: the client (client.update, note.create) or the enrolment (enrolment.update). A create makes its own. */
  entityId?: string;
  /** For edits: the version of the record the change was made against. */
  baseVersion?: number;
};

/** A clash, opened: the fields both changed, and the whole record as the server holds it now. */
export type OpenedConflict = { conflicts: FieldConflict[]; record: unknown };

/** An item cannot do what was asked in its present state (e.g. discarding one that is being sent). */
export class OutboxStateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutboxStateError';
  }
}

export type Outbox = ReturnType<typeof createOutbox>;

const noConnection: OutboxError = { status: 0, errors: [{ msg: 'No connection', code: 'no_connection' }] };
const notSignedIn: OutboxError = { status: 401, errors: [{ msg: 'Sign in again to send this', code: 'not_signed_in' }] };
const unreadable: OutboxError = { status: 0, errors: [{ msg: 'This item cannot be read on this device any more', code: 'sealed_unreadable' }] };

/** States in which an earlier edit still holds back the one that follows it. */
const holdsFollowers: ReadonlySet<OutboxState> = new Set(['pending', 'sending', 'needs_auth']);
const unsentStates: OutboxState[] = ['pending', 'sending', 'needs_auth', 'conflict', 'rejected'];

/** An outbox over one database. Make one per page or worker; a restart is simply a new one. */
export function createOutbox(options: OutboxOptions = {}) {
  const db = options.db ?? getLocalDb();
  const kinds = options.kinds ?? outboxRegistry;
  const transport = options.transport ?? fetchTransport;
  const now = options.now ?? (() => Date.now());
  const random = options.random ?? Math.random;
  const locks = options.locks === undefined ? defaultLocks() : options.locks;
  const flushOnEnqueue = options.flushOnEnqueue ?? true;
  const getCipher = options.getCipher ?? getStaffCipher;
  const emit = options.onEvent ?? outboxEvents.emit;

  function validatePayload<K extends OutboxKind>(kind: K, payload: unknown, operationId: string): OutboxPayloads[K] {
    if (!options.validate) throw new OutboxStateError('This outbox only sends; it cannot queue new items.');
    return options.validate(kind, payload, operationId);
  }

  /** The cipher of `userId`, or an error saying the copy is locked. */
  function cipherFor(userId: string | null): StaffCipher {
    const cipher = getCipher();
    if (!userId || !cipher || cipher.userId !== userId) throw new OutboxStateError('Unlock this device’s copy first: staff work is kept only encrypted.');
    return cipher;
  }

  /** The payload as stored: sealed for staff kinds. */
  async function storedPayload(definition: OutboxKindDefinition, payload: unknown, userId: string | null): Promise<unknown> {
    return definition.sealed ? cipherFor(userId).seal(payload) : payload;
  }

  /** The round in progress in this instance, and whether another was asked for meanwhile. */
  let running: Promise<FlushReport> | null = null;
  let again: { force: boolean } | null = null;
  /** No signal or rate limited: ordinary triggers wait until then ("Send now" does not). */
  let pausedUntil = 0;

  async function enqueue<K extends OutboxKind>(input: EnqueueInput<K>): Promise<OutboxOperation> {
    const definition = kinds.get(input.kind);
    const id = crypto.randomUUID();
    const userId = input.userId ?? null;
    if (definition.sealed && !userId) throw new OutboxStateError('A staff item needs the id of the person who made it.');
    if (definition.versioned && !(Number.isInteger(input.baseVersion) && (input.baseVersion ?? 0) >= 1)) {
      throw new OutboxStateError('An edit needs the version of the record it was made on.');
    }
    const entityId = input.kind === 'enrolment.create' || input.kind === 'client.create' ? id : input.entityId;
    if (!entityId) throw new OutboxStateError('This item needs the id of the record it changes.');
    const payload = validatePayload(input.kind, input.payload, id);
    const stored = await storedPayload(definition, payload, userId);
    const time = now();
    const operation = {
      _id: id,
      kind: input.kind,
      entityId,
      ...(input.baseVersion === undefined ? {} : { baseVersion: input.baseVersion }),
      payload: stored,
      userId,
      schemaVersion: outboxSchemaVersion,
      label: input.label,
      createdAt: time,
      attempts: 0,
      nextAttemptAt: time,
      sentAt: null,
      lastError: null,
      state: 'pending',
    } as OutboxOperation;
    await saveLocally(() =>
      db.transaction('rw', db.outbox, async () => {
        if (definition.versioned) {
          // An earlier edit of this record from this device, not yet confirmed: go after it.
          const earlier = await db.outbox.where('entityId').equals(entityId).toArray();
          const previous = earlier
            .filter((other) => other.userId === userId && holdsFollowers.has(other.state) && kinds.has(other.kind) && kinds.get(other.kind).versioned)
            .sort((a, b) => b.createdAt - a.createdAt || b._id.localeCompare(a._id))[0];
          if (previous) operation.follows = previous._id;
        }
        await db.outbox.add(operation);
      }),
    );
    afterEnqueue(operation);
    return operation;
  }

  function afterEnqueue(operation: OutboxOperation) {
    writeOutboxHint(true);
    options.onEnqueued?.(operation);
    if (flushOnEnqueue) void flush().catch(() => undefined);
  }

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
    if (!locks) return round();
    return locks.request(outboxLockName, { ifAvailable: true }, async (lock) => (lock ? round() : { ...emptyReport(), busy: true }));
  }

  /** Whether this outbox can send an item now: a token where one is needed, the owner's cipher where sealed. */
  function canSend(operation: OutboxOperation): boolean {
    if (!kinds.has(operation.kind)) return false;
    if (operation.userId === null) return true;
    if (options.getToken === undefined) return false;
    if (kinds.get(operation.kind).sealed) return getCipher()?.userId === operation.userId;
    return true;
  }

  async function flushRound(force: boolean): Promise<FlushReport> {
    const report = emptyReport();
    // Holding the lock, nothing else can be sending: anything still marked so was cut off
    // (tab closed, crash). The server is idempotent, so sending it again is safe.
    await db.outbox.where('state').equals('sending').modify({ state: 'pending' });
    if (force) pausedUntil = 0;
    const tried = new Set<string>();
    const round: Round = { stopped: false, answered: false, onAnswer: [] };
    // One read of what is due per pass, not per item (that made a long queue quadratic); a
    // further pass picks up items queued meanwhile.
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
    if (!force && pausedUntil > now()) return [];
    const pending = (await db.outbox.where('state').equals('pending').toArray()).filter(
      (operation) => !tried.has(operation._id) && (force || operation.nextAttemptAt <= now()) && canSend(operation),
    );
    return inOrderMade(pending);
  }

  type Lane = {
    definition: OutboxKindDefinition;
    userId: string | null;
    /** Due items not yet claimed, in order. */
    queue: OutboxOperation[];
    /** Batches claimed (marked sending) and not yet sent, in order. */
    ready: OutboxOperation[][];
    claiming: Promise<void> | null;
  };
  type Round = { stopped: boolean; answered: boolean; onAnswer: (() => void)[] };

  function lanesOf(due: OutboxOperation[]): Lane[] {
    const lanes = new Map<string, Lane>();
    for (const operation of due) {
      const definition = kinds.get(operation.kind);
      const key = `${definition.lane}\u0000${operation.userId ?? ''}`;
      let lane = lanes.get(key);
      if (!lane) {
        lane = { definition, userId: operation.userId, queue: [], ready: [], claiming: null };
        lanes.set(key, lane);
      }
      lane.queue.push(operation);
    }
    return [...lanes.values()];
  }

  /**
   * The next batch of a lane, in order. An edit whose earlier edit is in this very batch waits
   * for the next one (it must be moved onto the version the earlier makes), and so does every
   * later item of that record.
   */
  function nextBatch(lane: Lane): OutboxOperation[] | null {
    if (lane.queue.length === 0) return null;
    const batch: OutboxOperation[] = [];
    const inBatch = new Set<string>();
    const held = new Set<string>();
    const rest: OutboxOperation[] = [];
    for (const operation of lane.queue) {
      if (batch.length >= lane.definition.batchSize) {
        rest.push(operation);
        continue;
      }
      if (held.has(operation.entityId) || (operation.follows && inBatch.has(operation.follows))) {
        held.add(operation.entityId);
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
      const perClaim = lane.definition.concurrency > 1 ? lane.definition.concurrency * 4 : 1;
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
    if (lane.definition.concurrency > 1) {
      // The others start once the server has answered someone this round.
      const answered = new Promise<void>((resolve) => (round.answered ? resolve() : round.onAnswer.push(resolve)));
      const settled = await Promise.race([answered.then(() => true), first.then(() => false)]);
      if (settled && !round.stopped && !laneStopped) await Promise.all([first, ...Array.from({ length: lane.definition.concurrency - 1 }, worker)]);
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

  async function sendBatch(lane: Lane, batch: OutboxOperation[], round: Round, report: FlushReport, tried: Set<string>): Promise<'ok' | 'stop-lane'> {
    const { definition, userId } = lane;
    let token: string | null = null;
    if (userId !== null) {
      token = options.getToken?.() ?? null;
      const signedInAs = options.getUserId ? options.getUserId() : userId;
      if (!token || signedInAs !== userId) {
        await release(batch);
        await markNeedsAuth(userId, notSignedIn);
        report.needsAuth += 1;
        return 'stop-lane';
      }
    }
    let cipher: StaffCipher | null = null;
    if (definition.sealed) {
      cipher = getCipher();
      if (!cipher || cipher.userId !== userId) {
        await release(batch); // locked meanwhile: they wait
        return 'stop-lane';
      }
    }
    const claimed = batch;

    // Open sealed payloads (all at once); one that cannot be opened is set aside, the rest still go.
    const opened = await Promise.all(
      claimed.map(async (operation): Promise<OpenedItem | null> => {
        if (!cipher) return { operation, payload: operation.payload };
        try {
          return { operation, payload: await cipher.open(operation.payload as Sealed) };
        } catch {
          return null;
        }
      }),
    );
    const items: OpenedItem[] = [];
    for (const [index, item] of opened.entries()) {
      if (item) items.push(item);
      else {
        await db.outbox.update(claimed[index]!._id, { state: 'rejected', lastError: unreadable });
        report.rejected += 1;
      }
    }
    if (items.length === 0) return 'ok';

    report.requests += 1;
    let response;
    try {
      response = await transport({ ...definition.request(items), headers: token ? { 'x-auth-token': token } : {} });
    } catch {
      await retryLater(items, noConnection, null);
      report.retrying += items.length;
      pausedUntil = Math.max(pausedUntil, now() + outboxBackoff.minMs);
      round.stopped = true;
      return 'stop-lane';
    }

    const outcome = outcomeOf(response.status);
    if (outcome === 'answered') {
      const results = definition.readAnswer(items, response.status, response.body);
      if (!results) {
        // Not the server's answer (a captive portal): as if nothing came back.
        await retryLater(items, noConnection, null);
        report.retrying += items.length;
        round.stopped = true;
        return 'stop-lane';
      }
      markAnswered(round);
      await applyResults(items, results, cipher, report, tried);
      return 'ok';
    }
    const error: OutboxError = { status: response.status, errors: readErrorItems(response.status, response.body) };
    if (outcome === 'retry' || outcome === 'rate_limited') {
      const nextAttemptAt = await retryLater(items, error, response.retryAfter);
      report.retrying += items.length;
      if (outcome === 'rate_limited') {
        pausedUntil = Math.max(pausedUntil, nextAttemptAt);
        round.stopped = true;
        return 'stop-lane';
      }
      await touchLastSync();
      return 'ok';
    }
    await touchLastSync();
    if (outcome === 'needs_auth' && userId !== null) {
      await markNeedsAuth(userId, error);
      report.needsAuth += 1;
      return 'stop-lane';
    }
    markAnswered(round);
    await applyResults(items, definition.readRefusal(items, error), cipher, report, tried);
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
          if (held.has(operation.entityId) || (before && holdsFollowers.has(before.state))) {
            held.add(operation.entityId);
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

  type Settled = { item: OpenedItem; result: OutboxItemResult; sealed?: Sealed };
  /** Results waiting to be written, and the write in progress: answers that arrive together are written together. */
  let toWrite: { settled: Settled[]; report: FlushReport; tried: Set<string>; done: () => void; failed: (error: unknown) => void }[] = [];
  let writing: Promise<void> | null = null;

  /** Writes each item's result (with the answers that arrived meanwhile, in one transaction), then tells the listeners. */
  async function applyResults(items: OpenedItem[], results: OutboxItemResult[], cipher: StaffCipher | null, report: FlushReport, tried: Set<string>) {
    const settled: Settled[] = [];
    // Sealing is not an IndexedDB request: done before the transaction, which would close while it waits.
    for (const [index, item] of items.entries()) {
      const result: OutboxItemResult = results[index] ?? { status: 'retry', error: noConnection };
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
          const events = await writeSettled(
            group.flatMap((entry) => entry.settled.map((settled) => ({ ...settled, report: entry.report, tried: entry.tried }))),
          );
          for (const entry of group) entry.done();
          for (const event of events) emit(event);
        } catch (error) {
          for (const entry of group) entry.failed(error);
        }
      }
    } finally {
      writing = null;
    }
  }

  async function writeSettled(all: (Settled & { report: FlushReport; tried: Set<string> })[]): Promise<OutboxEvent[]> {
    const time = now();
    const events: OutboxEvent[] = [];
    await db.transaction('rw', [db.outbox, db.receipts, db.settings], async () => {
      const current = await db.outbox.bulkGet(all.map(({ item }) => item.operation._id));
      const rows: OutboxOperation[] = [];
      /** Versions the delivered edits made, by item id. */
      const producedVersion = new Map<string, number>();
      for (const [index, { item, result, sealed, report, tried }] of all.entries()) {
        const operation = current[index];
        if (!operation) continue; // removed meanwhile (a wipe): nothing to record
        const base = { kind: operation.kind, itemId: operation._id, entityId: operation.entityId, userId: operation.userId };
        switch (result.status) {
          case 'done': {
            const definition = kinds.get(operation.kind);
            // Only IndexedDB requests are awaited in here: another await would let the transaction commit.
            if (definition.onDelivered) await definition.onDelivered(db, item, result.record, time);
            // The person's details leave the phone; ids, label, state and times stay.
            rows.push({ ...operation, state: 'done', payload: null, conflict: null, lastError: null, sentAt: time });
            const version = definition.versioned || operation.kind === 'client.create' ? versionOf(result.record) : null;
            if (version !== null) producedVersion.set(operation._id, version);
            report.sent += 1;
            events.push({ type: 'applied', ...base, record: result.record });
            break;
          }
          case 'conflict':
            // An enrolment (not sealed) keeps no clash: it is refused as before.
            rows.push({ ...operation, state: 'conflict', lastError: result.error, attempts: operation.attempts + 1, ...(sealed ? { conflict: sealed } : {}) });
            report.rejected += 1;
            report.conflicts += 1;
            events.push({ type: 'conflict', ...base });
            break;
          case 'rejected':
            rows.push({ ...operation, state: 'rejected', lastError: result.error, attempts: operation.attempts + 1 });
            report.rejected += 1;
            events.push({ type: 'rejected', ...base });
            break;
          case 'retry':
            // Not this item's fault (its batch was refused for another): again in this round.
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
    return events;
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

  /** After `userId` signs in again: their waiting items go back to pending and are sent. */
  async function resumeUser(userId: string): Promise<void> {
    await db.outbox
      .where('userId')
      .equals(userId)
      .filter((operation) => operation.state === 'needs_auth')
      .modify({ state: 'pending', nextAttemptAt: now(), lastError: null });
    void flush({ force: true }).catch(() => undefined);
  }

  /** A new operation replacing `old` (same kind, record and user), stored in place of it in one transaction. */
  async function replace(old: OutboxOperation, payload: unknown, extra: { baseVersion?: number; allowed: OutboxState[] }): Promise<OutboxOperation> {
    const definition = kinds.get(old.kind);
    const newId = crypto.randomUUID();
    const checked = validatePayload(old.kind, payload, newId);
    const stored = await storedPayload(definition, checked, old.userId);
    const time = now();
    const { follows: _follows, conflict: _conflict, ...rest } = old;
    const operation = {
      ...rest,
      _id: newId,
      entityId: old.kind === 'enrolment.create' || old.kind === 'client.create' ? newId : old.entityId,
      ...(extra.baseVersion === undefined ? {} : { baseVersion: extra.baseVersion }),
      payload: stored,
      schemaVersion: outboxSchemaVersion,
      createdAt: time,
      attempts: 0,
      nextAttemptAt: time,
      sentAt: null,
      lastError: null,
      state: 'pending',
    } as OutboxOperation;
    await saveLocally(() =>
      db.transaction('rw', db.outbox, async () => {
        const current = await db.outbox.get(old._id);
        if (!current || !extra.allowed.includes(current.state)) throw new OutboxStateError('This item changed meanwhile; look at it again.');
        await db.outbox.delete(old._id);
        await db.outbox.add(operation);
      }),
    );
    afterEnqueue(operation);
    return operation;
  }

  /**
   * Sends a corrected version of a refused item. It goes out as a new operation with a new id
   * (the server would answer 409 to the old id with another body); the refused one is removed
   * in the same transaction, so the person's details are never held twice.
   */
  async function resend(id: string, correctedPayload: unknown): Promise<OutboxOperation> {
    const old = await db.outbox.get(id);
    if (!old) throw new OutboxStateError('This item is no longer on this phone.');
    if (old.state !== 'rejected' && old.state !== 'conflict') throw new OutboxStateError('Only an item the server refused can be fixed and resent.');
    return replace(old, correctedPayload, { allowed: ['rejected', 'conflict'] });
  }

  /**
   * Settles a clash: `changes` holds the value kept (or typed) for each clashing field, and
   * `baseVersion` the version of the record the person looked at (the clash's `record.version`).
   * It goes out as a new operation; the fields of the old edit that did not clash go with it,
   * and the old one is removed in the same transaction.
   */
  async function resolveConflict(itemId: string, changes: Record<string, unknown>, baseVersion: number): Promise<OutboxOperation> {
    const old = await db.outbox.get(itemId);
    if (!old || old.state !== 'conflict') throw new OutboxStateError('This clash is no longer waiting on this device.');
    const cipher = cipherFor(old.userId);
    const mine = old.payload ? await cipher.open(old.payload as Sealed) : {};
    const clash = old.conflict ? ((await cipher.open(old.conflict)) as OpenedConflict) : { conflicts: [], record: null };
    const clashing = new Set(clash.conflicts.map((conflict) => conflict.field));
    const untouched = Object.fromEntries(Object.entries(typeof mine === 'object' && mine !== null ? mine : {}).filter(([field]) => !clashing.has(field)));
    return replace(old, { ...untouched, ...changes }, { baseVersion, allowed: ['conflict'] });
  }

  /** Removes an unsent item for good (the page asks the person to confirm first). */
  async function discard(id: string): Promise<void> {
    await db.transaction('rw', db.outbox, async () => {
      const current = await db.outbox.get(id);
      if (!current) return;
      if (current.state === 'sending') throw new OutboxStateError('This item is being sent right now; wait a moment.');
      await db.outbox.delete(id);
    });
  }

  /** Sign-out or five wrong unlocks: every staff item of `userId` (every user's when left out) leaves the device. */
  async function wipeStaffItems(userId?: string): Promise<number> {
    const sealedKinds = (operation: OutboxOperation) => !kinds.has(operation.kind) || kinds.get(operation.kind).sealed;
    const collection = userId === undefined ? db.outbox.filter((operation) => operation.userId !== null) : db.outbox.where('userId').equals(userId);
    const removed = await collection.filter(sealedKinds).delete();
    writeOutboxHint((await db.outbox.where('state').anyOf(unsentStates).count()) > 0);
    return removed;
  }

  /** When the next waiting item becomes due, for the backoff timer; null when nothing waits that this outbox can send. */
  async function nextWakeAt(): Promise<number | null> {
    const pending = await db.outbox.where('state').equals('pending').toArray();
    let earliest = Infinity;
    for (const operation of pending) if (canSend(operation)) earliest = Math.min(earliest, operation.nextAttemptAt);
    if (earliest === Infinity) return null;
    return Math.max(earliest, pausedUntil);
  }

  return { db, enqueue, flush, resend, resolveConflict, discard, wipeStaffItems, resumeUser, nextWakeAt };
}

function byAge(a: OutboxOperation, b: OutboxOperation): number {
  return a.createdAt - b.createdAt || a._id.localeCompare(b._id);
}

/**
 * Oldest first, and an edit always after the earlier edit it follows: two edits made in the same
 * millisecond have the same `createdAt`, and their random ids may sort either way. A follower
 * sorted first would wait for an item not yet sent, which would wait behind it: neither would
 * ever go.
 */
function inOrderMade(operations: OutboxOperation[]): OutboxOperation[] {
  const sorted = [...operations].sort(byAge);
  const byId = new Map(sorted.map((operation) => [operation._id, operation]));
  const placed = new Set<string>();
  const ordered: OutboxOperation[] = [];
  const place = (operation: OutboxOperation) => {
    // Each operation follows at most one, so this walks a chain back to its start (no cycles: an id is placed once).
    const chain: OutboxOperation[] = [];
    for (
      let current: OutboxOperation | undefined = operation;
      current && !placed.has(current._id);
      current = current.follows ? byId.get(current.follows) : undefined
    ) {
      placed.add(current._id);
      chain.push(current);
    }
    ordered.push(...chain.reverse());
  };
  for (const operation of sorted) place(operation);
  return ordered;
}

function versionOf(record: unknown): number | null {
  return typeof record === 'object' && record !== null && 'version' in record && typeof record.version === 'number' ? record.version : null;
}

function emptyReport(): FlushReport {
  return { busy: false, sent: 0, retrying: 0, rejected: 0, conflicts: 0, needsAuth: 0, requests: 0 };
}

function addReports(a: FlushReport, b: FlushReport): FlushReport {
  return {
    busy: a.busy || b.busy,
    sent: a.sent + b.sent,
    retrying: a.retrying + b.retrying,
    rejected: a.rejected + b.rejected,
    conflicts: a.conflicts + b.conflicts,
    needsAuth: a.needsAuth + b.needsAuth,
    requests: a.requests + b.requests,
  };
}

function defaultLocks(): OutboxLocks | null {
  if (typeof navigator === 'undefined' || !navigator.locks) return null;
  const manager = navigator.locks;
  return {
    // The lock is held until `callback` settles; its result is passed on unchanged.
    request: <T>(name: string, lockOptions: { ifAvailable: true }, callback: (lock: unknown) => Promise<T>) =>
      new Promise<T>((resolve, reject) => {
        manager
          .request(name, lockOptions, async (lock) => {
            try {
              resolve(await callback(lock));
            } catch (error) {
              reject(error);
            }
          })
          .catch(reject);
      }),
  };
}
