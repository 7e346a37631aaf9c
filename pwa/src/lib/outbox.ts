/**
 * The outbox: every write made on this device waits here until the server confirms it
 * (DESIGN §6). It is the one source of truth for unsent work — Workbox's background-sync queue
 * is not used (it counts a 500 as sent and freezes the auth header).
 *
 * Plain TypeScript on purpose: the page and the service worker both run it (no React, no DOM
 * apart from `navigator.locks` when present).
 *
 * Rules, in the order a request meets them:
 * - An operation is checked with the contract's zod schema and stored with an id made here,
 *   before any request. The server is idempotent on that id, so sending twice is safe.
 * - One flush at a time (a Web Lock across tabs and the worker, plus a guard in this instance);
 *   due operations go one by one, oldest first, each marked `sending` before its request.
 * - 2xx: done. An enrolment keeps a receipt, and its personal details are removed.
 * - No answer, 5xx, 408, 429: back to pending with exponential backoff and full jitter, or the
 *   server's Retry-After when that is later. Never dropped; after `stuckAfterAttempts` tries
 *   the app calls it stuck, and keeps trying.
 * - 401: needs_auth for that user's operations until the same user signs in again.
 * - 400, 409 and other refusals: rejected with the server's errors; only that item stops.
 */
import type { EnrolmentReceipt } from '@contract/enrolments';
import { readErrorItems } from '@contract/errors';
import {
  getLocalDb,
  saveLocally,
  type LocalDb,
  type OutboxError,
  type OutboxKind,
  type OutboxOperation,
  type OutboxPayloads,
  type OutboxState,
} from './local-db';
import type { ValidateOutboxPayload } from './outbox-validation';
import { reportResponse, reportServerUnreachable } from './connectivity';
import { apiPaths } from './paths';

export type { OutboxOperation, OutboxState, OutboxKind } from './local-db';

/** Name of the Web Lock held while flushing, by any tab or the service worker. */
export const outboxLockName = 'trust-outbox';
/** Background Sync tag the page registers and the service worker answers. */
export const outboxSyncTag = 'outbox';
/** After this many failed tries an item shows as stuck (it still retries). */
export const stuckAfterAttempts = 10;
/** Backoff between tries: base doubled per failure, capped; Retry-After is honoured up to `retryAfterMaxMs`. */
export const outboxBackoff = { baseMs: 2_000, capMs: 5 * 60_000, minMs: 1_000, retryAfterMaxMs: 24 * 60 * 60_000 } as const;
/** How long a sent item's bare record (no personal data) stays listed before it is tidied away. */
export const keepDoneForMs = 30 * 24 * 60 * 60_000;
/** Version of the payload shapes written by this build. */
export const outboxSchemaVersion = 1;

/** One HTTP request of an operation, as the transport sends it. */
export type OutboxRequest = { method: 'POST' | 'PATCH'; path: string; json: unknown; headers: Record<string, string> };
/** The server's answer. `body` is undefined when it was not JSON. */
export type OutboxResponse = { status: number; retryAfter: string | null; body: unknown };
/** Sends one request; rejects when no answer arrived (no signal, time-out, server down). */
export type OutboxTransport = (request: OutboxRequest) => Promise<OutboxResponse>;

/** A lock manager shaped like `navigator.locks` (only what the outbox uses). */
export type OutboxLocks = {
  request<T>(name: string, options: { ifAvailable: true }, callback: (lock: unknown) => Promise<T>): Promise<T>;
};

export type OutboxOptions = {
  db?: LocalDb;
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
  /** Defaults to `navigator.locks` when the browser has it. */
  locks?: OutboxLocks | null;
  /** Start a flush after each enqueue (default true). */
  flushOnEnqueue?: boolean;
  /** Called after an operation is stored, e.g. to register Background Sync. */
  onEnqueued?: (operation: OutboxOperation) => void;
};

export type FlushReport = {
  /** Another tab or the worker was flushing: nothing was tried here. */
  busy: boolean;
  sent: number;
  retrying: number;
  rejected: number;
  needsAuth: number;
};

export type EnqueueInput<K extends OutboxKind = OutboxKind> = {
  kind: K;
  /** The record as the form holds it; checked here with the contract's schema. */
  payload: unknown;
  /** Non-personal words for the item, e.g. the service title. */
  label: string;
  userId?: string | null;
  baseVersion?: number;
};

/** An item cannot do what was asked in its present state (e.g. discarding one that is being sent). */
export class OutboxStateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutboxStateError';
  }
}

export type Outbox = ReturnType<typeof createOutbox>;

/** Whether an item has failed often enough that the app should say it is stuck. */
export function isStuck(operation: Pick<OutboxOperation, 'state' | 'attempts'>): boolean {
  return operation.state === 'pending' && operation.attempts >= stuckAfterAttempts;
}

/** Delay before try number `attempts + 1`: full jitter over an exponential ceiling, never under `minMs`. */
export function backoffDelay(attempts: number, random: () => number): number {
  const ceiling = Math.min(outboxBackoff.capMs, outboxBackoff.baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.max(outboxBackoff.minMs, Math.floor(random() * ceiling));
}

/** Retry-After as seconds or an HTTP date, in ms from `now`; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number): number | null {
  if (!value) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Math.min(Number(text) * 1000, outboxBackoff.retryAfterMaxMs);
  const date = Date.parse(text);
  if (Number.isNaN(date)) return null;
  return Math.min(Math.max(0, date - now), outboxBackoff.retryAfterMaxMs);
}

/** Sends with `fetch` (page and worker alike), giving up after 30 s so a dead connection cannot hold the lock. */
export const fetchTransport: OutboxTransport = async (request) => {
  let response: Response;
  try {
    response = await fetch(request.path, {
      method: request.method,
      headers: { 'content-type': 'application/json', accept: 'application/json', ...request.headers },
      body: JSON.stringify(request.json),
      credentials: 'same-origin',
      cache: 'no-store',
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    reportServerUnreachable();
    throw error;
  }
  reportResponse(response);
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = undefined;
  }
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body };
};

// ——— What each kind of operation means ————————————————————————————————————————

function requestFor(operation: OutboxOperation): Omit<OutboxRequest, 'headers'> {
  switch (operation.kind) {
    case 'enrolment.create':
      return { method: 'POST', path: apiPaths.enrolments, json: operation.payload };
    default:
      return assertNever(operation.kind);
  }
}

/** What a 409 means for a kind: staff edits will show mine/theirs; an enrolment is refused (closed service, id reused). */
function conflictStateFor(kind: OutboxKind): OutboxState {
  switch (kind) {
    case 'enrolment.create':
      return 'rejected';
    default:
      return assertNever(kind);
  }
}

function isEnrolmentReceipt(body: unknown): body is EnrolmentReceipt {
  return (
    typeof body === 'object' &&
    body !== null &&
    'reference' in body &&
    typeof body.reference === 'string' &&
    'receivedAt' in body &&
    typeof body.receivedAt === 'string'
  );
}

/** A 2xx the app can trust; anything else (a captive portal's page, say) counts as no answer. */
function isDeliveryAnswer(operation: OutboxOperation, body: unknown): boolean {
  switch (operation.kind) {
    case 'enrolment.create':
      return isEnrolmentReceipt(body);
    default:
      return assertNever(operation.kind);
  }
}

function assertNever(value: never): never {
  throw new Error(`Unknown outbox operation kind: ${String(value)}`);
}

const readErrors = readErrorItems;

type Outcome = 'delivered' | 'retry' | 'unreachable' | 'rate_limited' | 'needs_auth' | 'refused';

function outcomeOf(status: number): Outcome {
  if (status >= 200 && status < 300) return 'delivered';
  if (status === 401) return 'needs_auth';
  if (status === 429) return 'rate_limited';
  if (status === 408 || status === 425 || status >= 500) return 'retry';
  if (status >= 400) return 'refused';
  return 'retry'; // 1xx/3xx: not an answer about the operation
}

const noConnection: OutboxError = { status: 0, errors: [{ msg: 'No connection', code: 'no_connection' }] };

// ——— The outbox ———————————————————————————————————————————————————————————————

/** An outbox over one database. Make one per page or worker; a restart is simply a new one. */
export function createOutbox(options: OutboxOptions = {}) {
  const db = options.db ?? getLocalDb();
  const transport = options.transport ?? fetchTransport;
  const now = options.now ?? (() => Date.now());
  const random = options.random ?? Math.random;
  const locks = options.locks === undefined ? defaultLocks() : options.locks;
  const flushOnEnqueue = options.flushOnEnqueue ?? true;

  function validatePayload<K extends OutboxKind>(kind: K, payload: unknown, operationId: string): OutboxPayloads[K] {
    if (!options.validate) throw new OutboxStateError('This outbox only sends; it cannot queue new items.');
    return options.validate(kind, payload, operationId);
  }

  /** The round in progress in this instance, and whether another was asked for meanwhile. */
  let running: Promise<FlushReport> | null = null;
  let again: { force: boolean } | null = null;
  /** No signal or rate limited: ordinary triggers wait until then ("Send now" does not). */
  let pausedUntil = 0;

  async function enqueue<K extends OutboxKind>(input: EnqueueInput<K>): Promise<OutboxOperation> {
    const id = crypto.randomUUID();
    const payload = validatePayload(input.kind, input.payload, id);
    const time = now();
    const operation = {
      _id: id,
      kind: input.kind,
      entityId: id,
      ...(input.baseVersion === undefined ? {} : { baseVersion: input.baseVersion }),
      payload,
      userId: input.userId ?? null,
      schemaVersion: outboxSchemaVersion,
      label: input.label,
      createdAt: time,
      attempts: 0,
      nextAttemptAt: time,
      sentAt: null,
      lastError: null,
      state: 'pending',
    } satisfies OutboxOperation;
    await saveLocally(() => db.outbox.add(operation));
    afterEnqueue(operation);
    return operation;
  }

  function afterEnqueue(operation: OutboxOperation) {
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

  async function flushRound(force: boolean): Promise<FlushReport> {
    const report = emptyReport();
    // Holding the lock, nothing else can be sending: anything still marked so was cut off
    // (tab closed, crash). The server is idempotent, so sending it again is safe.
    await db.outbox.where('state').equals('sending').modify({ state: 'pending' });
    if (force) pausedUntil = 0;
    const tried = new Set<string>();
    let stopped = false;
    // One read of what is due per pass, not per item (that made a long queue quadratic); a
    // further pass picks up items queued meanwhile.
    while (!stopped) {
      const due = await dueNow(tried, force);
      if (due.length === 0) break;
      for (const operation of due) {
        tried.add(operation._id);
        const outcome = await send(operation);
        if (outcome === 'delivered') report.sent += 1;
        else if (outcome === 'refused') report.rejected += 1;
        else if (outcome === 'needs_auth') report.needsAuth += 1;
        else if (outcome !== 'skipped') report.retrying += 1;
        // No signal or told to slow down: the rest would fare the same, so stop the round.
        if (outcome === 'unreachable' || outcome === 'rate_limited') {
          stopped = true;
          break;
        }
      }
    }
    await db.outbox
      .where('state')
      .equals('done')
      .filter((operation) => (operation.sentAt ?? 0) < now() - keepDoneForMs)
      .delete();
    return report;
  }

  /** What is due now and not yet tried this round, oldest first. */
  async function dueNow(tried: Set<string>, force: boolean): Promise<OutboxOperation[]> {
    if (!force && pausedUntil > now()) return [];
    const pending = await db.outbox.where('state').equals('pending').toArray();
    return pending
      .filter((operation) => !tried.has(operation._id) && (force || operation.nextAttemptAt <= now()))
      .filter((operation) => operation.userId === null || options.getToken !== undefined)
      .sort((a, b) => a.createdAt - b.createdAt || a._id.localeCompare(b._id));
  }

  async function send(operation: OutboxOperation): Promise<Outcome | 'skipped'> {
    let token: string | null = null;
    if (operation.userId !== null) {
      token = options.getToken?.() ?? null;
      const signedInAs = options.getUserId ? options.getUserId() : operation.userId;
      if (!token || signedInAs !== operation.userId) {
        await markNeedsAuth(operation.userId, { status: 401, errors: [{ msg: 'Sign in again to send this', code: 'not_signed_in' }] });
        return 'needs_auth';
      }
    }

    const claimed = await db.transaction('rw', db.outbox, async () => {
      const current = await db.outbox.get(operation._id);
      if (!current || current.state !== 'pending') return undefined;
      await db.outbox.update(current._id, { state: 'sending' });
      return current;
    });
    if (!claimed) return 'skipped';

    let response: OutboxResponse;
    try {
      response = await transport({ ...requestFor(claimed), headers: token ? { 'x-auth-token': token } : {} });
    } catch {
      await retryLater(claimed, noConnection, null);
      pausedUntil = Math.max(pausedUntil, now() + outboxBackoff.minMs);
      return 'unreachable';
    }

    const outcome = outcomeOf(response.status);
    if (outcome === 'delivered') {
      if (!isDeliveryAnswer(claimed, response.body)) {
        await retryLater(claimed, noConnection, null);
        return 'unreachable';
      }
      await markDelivered(claimed, response.body);
      return 'delivered';
    }
    const error: OutboxError = { status: response.status, errors: readErrors(response.status, response.body) };
    if (outcome === 'retry' || outcome === 'rate_limited') {
      const nextAttemptAt = await retryLater(claimed, error, response.retryAfter);
      if (outcome === 'rate_limited') pausedUntil = Math.max(pausedUntil, nextAttemptAt);
      else await touchLastSync();
      return outcome;
    }
    await touchLastSync();
    if (outcome === 'needs_auth' && claimed.userId !== null) {
      await markNeedsAuth(claimed.userId, error);
      return 'needs_auth';
    }
    // A 409 on an edit will become a conflict to resolve; everything else refused stops this item only.
    const state = response.status === 409 ? conflictStateFor(claimed.kind) : 'rejected';
    await db.outbox.update(claimed._id, { state, lastError: error, attempts: claimed.attempts + 1 });
    return 'refused';
  }

  /** Back to pending, to try again after backoff (or Retry-After when that is later). Returns when. */
  async function retryLater(operation: OutboxOperation, error: OutboxError, retryAfter: string | null): Promise<number> {
    const attempts = operation.attempts + 1;
    const time = now();
    const delay = Math.max(backoffDelay(attempts, random), parseRetryAfter(retryAfter, time) ?? 0);
    const nextAttemptAt = time + delay;
    await db.outbox.update(operation._id, { state: 'pending', attempts, nextAttemptAt, lastError: error });
    return nextAttemptAt;
  }

  async function markDelivered(operation: OutboxOperation, answer: unknown) {
    const time = now();
    await db.transaction('rw', [db.outbox, db.receipts, db.settings], async () => {
      if (operation.kind === 'enrolment.create' && isEnrolmentReceipt(answer) && operation.payload) {
        await db.receipts.put({
          _id: operation.entityId,
          reference: answer.reference,
          serviceKey: operation.payload.serviceKey,
          serviceTitle: operation.label,
          receivedAt: answer.receivedAt,
          sentAt: new Date(time).toISOString(),
        });
      }
      // The person's details leave the phone; ids, label, state and times stay.
      await db.outbox.update(operation._id, { state: 'done', payload: null, lastError: null, sentAt: time });
      await db.settings.put({ key: 'lastSyncAt', value: time });
    });
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

  /**
   * Sends a corrected version of a refused item. It goes out as a new operation with a new id
   * (the server would answer 409 to the old id with another body); the refused one is removed
   * in the same transaction, so the person's details are never held twice.
   */
  async function resend(id: string, correctedPayload: unknown): Promise<OutboxOperation> {
    const old = await db.outbox.get(id);
    if (!old) throw new OutboxStateError('This item is no longer on this phone.');
    if (old.state !== 'rejected' && old.state !== 'conflict') throw new OutboxStateError('Only an item the server refused can be fixed and resent.');
    const newId = crypto.randomUUID();
    const payload = validatePayload(old.kind, correctedPayload, newId);
    const time = now();
    const operation = {
      ...old,
      _id: newId,
      entityId: old.kind === 'enrolment.create' ? newId : old.entityId,
      payload,
      schemaVersion: outboxSchemaVersion,
      createdAt: time,
      attempts: 0,
      nextAttemptAt: time,
      sentAt: null,
      lastError: null,
      state: 'pending',
    } satisfies OutboxOperation;
    await saveLocally(() =>
      db.transaction('rw', db.outbox, async () => {
        const current = await db.outbox.get(id);
        if (!current || (current.state !== 'rejected' && current.state !== 'conflict')) {
          throw new OutboxStateError('This item changed meanwhile; look at it again.');
        }
        await db.outbox.delete(id);
        await db.outbox.add(operation);
      }),
    );
    afterEnqueue(operation);
    return operation;
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

  /** When the next waiting item becomes due, for the backoff timer; null when nothing waits. */
  async function nextWakeAt(): Promise<number | null> {
    const pending = await db.outbox.where('state').equals('pending').toArray();
    const times = pending.filter((operation) => operation.userId === null || options.getToken !== undefined).map((operation) => operation.nextAttemptAt);
    if (!times.length) return null;
    return Math.max(Math.min(...times), pausedUntil);
  }

  return { db, enqueue, flush, resend, discard, resumeUser, nextWakeAt };
}

function emptyReport(): FlushReport {
  return { busy: false, sent: 0, retrying: 0, rejected: 0, needsAuth: 0 };
}

function addReports(a: FlushReport, b: FlushReport): FlushReport {
  return {
    busy: a.busy || b.busy,
    sent: a.sent + b.sent,
    retrying: a.retrying + b.retrying,
    rejected: a.rejected + b.rejected,
    needsAuth: a.needsAuth + b.needsAuth,
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

// ——— Reading the outbox (for the page) ————————————————————————————————————————

/** Items not yet confirmed by the server, oldest first (done items excluded). */
export async function listUnsent(db: LocalDb = getLocalDb()): Promise<OutboxOperation[]> {
  const all = await db.outbox.orderBy('createdAt').toArray();
  return all.filter((operation) => operation.state !== 'done');
}

/** When the server last answered this device's outbox; null before the first time. */
export async function readLastSyncAt(db: LocalDb = getLocalDb()): Promise<number | null> {
  return (await db.settings.get('lastSyncAt'))?.value ?? null;
}
