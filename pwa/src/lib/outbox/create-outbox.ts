/**
 * The outbox: every write made on this device waits here until the server confirms it
 * (DESIGN §6). It is the one source of truth for unsent work — Workbox's background-sync queue
 * is not used (it counts a 500 as sent and freezes the auth header).
 *
 * Plain TypeScript on purpose: the page and the service worker both run it (no React, no DOM
 * apart from `navigator.locks` and localStorage when present). It is made of parts with one job
 * each: store.ts (queue, resend, settle a clash, discard, wipe), flush.ts (what is due, lanes,
 * batches, sending), settle.ts (writing what the server said), order.ts (the order made). What
 * each kind of write means is its feature's (types.ts `OfflineKind`; src/offline-kinds.ts
 * registers them); the engine knows their properties, never their names.
 *
 * Rules, in the order a request meets them:
 * - A payload is checked by its kind (the contract's schema) and stored with an id made here,
 *   before any request. The server is idempotent on that id, so sending twice is safe. An
 *   encrypted kind's payload is stored only sealed with the person's cipher.
 * - A later edit of a record from this device waits for the earlier one and is moved onto the
 *   version it produced (`follows`), so a kaimahi never clashes with their own edits.
 * - 2xx: each item's result (done, conflict, rejected, not reached). A delivered item's personal
 *   details are removed; its kind keeps what it needs (a receipt) and lands it on its screens.
 * - No answer, 5xx, 408, 429: back to pending with exponential backoff and full jitter, or the
 *   server's Retry-After when that is later. Never dropped; after `stuckAfterAttempts` tries
 *   the app calls it stuck, and keeps trying. No answer and 429 end the round.
 * - 401: needs_auth for that person's items until the same person signs in again.
 * - 400, 409 and other refusals: the lane reads which items are refused; only those stop.
 */
import { getLocalDb, type LocalDb, type OutboxOperation } from '../local-db';
import { getStaffCipher, type StaffCipher } from '../staff-cipher';
import type { OutboxContext } from './context';
import { outboxEvents } from './events';
import { createFlusher } from './flush';
import { writeOutboxHint } from './hint';
import type { OutboxRegistry } from './registry';
import { createSettler } from './settle';
import { createStore } from './store';
import { outboxLockName } from './policy';
import { fetchTransport } from './transport';
import type { OutboxLanding, OutboxLocks, OutboxTransport } from './types';

export type OutboxOptions = {
  /** The kinds this outbox carries (src/offline-kinds.ts in the app and its worker). */
  kinds: OutboxRegistry;
  db?: LocalDb;
  transport?: OutboxTransport;
  /** Clock in ms, for tests. */
  now?: () => number;
  /** Random number in [0, 1), for the jitter. */
  random?: () => number;
  /**
   * The signed-in staff member's token, read at send time and never stored. Leave it out where
   * no token can be read (the service worker): their items then wait for a page to send them.
   */
  getToken?: () => string | null;
  /** The signed-in staff member's id, so one person's queued edits never go out under another's token. */
  getUserId?: () => string | null;
  /** The unlocked staff cipher, or null while locked (`getStaffCipher` by default). */
  getCipher?: () => StaffCipher | null;
  /** Defaults to `navigator.locks` when the browser has it. */
  locks?: OutboxLocks | null;
  /** The Web Lock one flush at a time holds (`outboxLockName`); another outbox (a linked whānau phone's) has its own. */
  lockName?: string;
  /** Start a flush after each enqueue (default true). */
  flushOnEnqueue?: boolean;
  /** Called after an operation is stored, e.g. to register Background Sync. */
  onEnqueued?: (operation: OutboxOperation) => void;
  /** Told each result after its kind (default: `outboxEvents`). */
  onEvent?: (landing: OutboxLanding) => void;
};

export type Outbox = ReturnType<typeof createOutbox>;

/** An outbox over one database. Make one per page or worker; a restart is simply a new one. */
export function createOutbox(options: OutboxOptions) {
  const context: OutboxContext = {
    db: options.db ?? getLocalDb(),
    kinds: options.kinds,
    transport: options.transport ?? fetchTransport,
    now: options.now ?? (() => Date.now()),
    random: options.random ?? Math.random,
    locks: options.locks === undefined ? defaultLocks() : options.locks,
    lockName: options.lockName ?? outboxLockName,
    getToken: options.getToken,
    getUserId: options.getUserId,
    getCipher: options.getCipher ?? getStaffCipher,
    emit: options.onEvent ?? outboxEvents.emit,
    pause: { until: 0 },
  };
  const flushOnEnqueue = options.flushOnEnqueue ?? true;
  const flusher = createFlusher(context, createSettler(context));
  const store = createStore(context, (operation) => {
    writeOutboxHint(true);
    options.onEnqueued?.(operation);
    if (flushOnEnqueue) void flusher.flush().catch(() => undefined);
  });

  /** After `userId` signs in again: their waiting items go back to pending and are sent. */
  async function resumeUser(userId: string): Promise<void> {
    await store.resumeUser(userId);
    void flusher.flush({ force: true }).catch(() => undefined);
  }

  return {
    db: context.db,
    kinds: context.kinds,
    enqueue: store.enqueue,
    resend: store.resend,
    resolveConflict: store.resolveConflict,
    discard: store.discard,
    wipeStaffItems: store.wipeStaffItems,
    resumeUser,
    flush: flusher.flush,
    nextWakeAt: flusher.nextWakeAt,
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
