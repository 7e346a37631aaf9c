/**
 * The page's outbox and when it flushes (DESIGN §6): at start (ignoring the backoff), on
 * `online`, when the server answers again after it could not be reached, when the page becomes
 * visible, on "Send now", when the staff copy is unlocked or its person signs in again, and on a
 * timer set to the earliest retry time while work waits. It also registers Background Sync
 * ('outbox') where the browser has it, so the service worker can send enrolments after the page
 * is closed. Page only: the worker has its own `sync` handler.
 */
import { liveQuery } from 'dexie';
import { getToken, onSignedIn } from './auth-token';
import { isServerReachable, subscribeConnectivity } from './connectivity';
import {
  countUnsentStaffWork as countUnsent,
  createOutbox,
  outboxEvents,
  outboxSyncTag,
  type EnqueueInput,
  type FlushReport,
  type OfflineKind,
  type Outbox,
} from './outbox';
import { outboxKindsLoader } from './outbox/kinds-source';
import { refreshStaffQueries } from './staff-queries';
import { getStaffCipher, onStaffCipherChange } from './staff-cipher';

let appOutbox: Promise<Outbox> | undefined;

/**
 * Who the stored token belongs to: the user `GET /api/auth` last confirmed for it (kept in
 * localStorage 'auth-user' with the token's end, by the sign-in code). Null when unknown, so
 * no one's items go out under a token that may be someone else's.
 */
export function signedInUserId(token: string | null = getToken()): string | null {
  if (!token) return null;
  try {
    const stored: unknown = JSON.parse(localStorage.getItem('auth-user') ?? 'null');
    if (typeof stored !== 'object' || stored === null || !('tokenEnd' in stored) || !('user' in stored)) return null;
    const { tokenEnd, user } = stored;
    if (tokenEnd !== token.slice(-24) || typeof user !== 'object' || user === null || !('_id' in user) || typeof user._id !== 'string') return null;
    return user._id;
  } catch {
    return null;
  }
}

/** The page's outbox: the app's database and kinds, `fetch`, the sign-in token read at send time, the staff cipher. */
export function getAppOutbox(): Promise<Outbox> {
  appOutbox ??= (async () => {
    const load = outboxKindsLoader();
    if (!load) throw new Error('The app has not said which kinds its outbox carries (provideOutboxKinds).');
    const kinds = await load();
    return createOutbox({ kinds, getToken, getUserId: () => signedInUserId(), onEnqueued: () => void registerBackgroundSync() });
  })();
  appOutbox.catch(() => {
    appOutbox = undefined; // a chunk that failed to load is asked for again next time
  });
  return appOutbox;
}

/** Queues an anonymous item (an enrolment): it goes whoever is signed in, the service worker too. */
export async function enqueueOffline(kind: OfflineKind, input: Omit<EnqueueInput, 'userId'>) {
  ensureOutboxTriggers();
  return (await getAppOutbox()).enqueue(kind, { ...input, userId: null });
}

/**
 * The kaimahi's writes: queued sealed under the signed-in person's key (the copy must be
 * unlocked), sent through the kind's lane when there is signal. The one write path of every
 * staff edit: the outbox decides whether it goes now or waits.
 */
export const staffOutbox = {
  /** Queues a staff write for the unlocked person; throws OutboxStateError while locked, OutboxValidationError when invalid. */
  enqueue: async (kind: OfflineKind, input: Omit<EnqueueInput, 'userId'>) => {
    ensureOutboxTriggers();
    const cipher = getStaffCipher();
    return (await getAppOutbox()).enqueue(kind, { ...input, userId: cipher?.userId ?? null });
  },
  resolveConflict: async (itemId: string, changes: Record<string, unknown>, baseVersion: number) =>
    (await getAppOutbox()).resolveConflict(itemId, changes, baseVersion),
  resend: async (itemId: string, payload: unknown) => (await getAppOutbox()).resend(itemId, payload),
  discard: async (itemId: string) => (await getAppOutbox()).discard(itemId),
  /** Sign-out or five wrong unlocks: the person's items leave the device (everyone's when left out). */
  wipe: async (userId?: string) => (await getAppOutbox()).wipeStaffItems(userId),
};

type SyncCapableRegistration = ServiceWorkerRegistration & { sync: { register(tag: string): Promise<void> } };

function hasBackgroundSync(registration: ServiceWorkerRegistration): registration is SyncCapableRegistration {
  return 'sync' in registration && typeof registration.sync === 'object' && registration.sync !== null;
}

/** Asks the browser to wake the service worker when it is back online (Chromium only; elsewhere the page's own triggers do the work). */
export async function registerBackgroundSync(): Promise<void> {
  try {
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
    const registration = await navigator.serviceWorker.getRegistration();
    if (registration && hasBackgroundSync(registration)) await registration.sync.register(outboxSyncTag);
  } catch {
    // Refused (permission, private mode): the page's triggers still send.
  }
}

/** If another tab or the worker is flushing, look again shortly: it may have missed our newest item. */
const busyRetryMs = 1_000;
/** After an unexpected failure (IndexedDB closed, say), try again later rather than never. */
const failureRetryMs = 30_000;

let runFlush: ((force: boolean) => Promise<FlushReport | null>) | null = null;

/** "Send now": sends everything waiting, ignoring backoff. Resolves with what happened. */
export function sendOutboxNow(): Promise<FlushReport | null> {
  ensureOutboxTriggers();
  return runFlush ? runFlush(true) : Promise.resolve(null);
}

let started = false;

/** Starts the page's triggers if nothing has yet; safe to call from every page that shows the outbox. */
export function ensureOutboxTriggers(): void {
  if (started || typeof window === 'undefined') return;
  startOutboxTriggers();
}

/** Starts the triggers once for the page; returns a function that stops them (for tests and hot reload). */
export function startOutboxTriggers(outbox?: Outbox): () => void {
  if (outbox) return startTriggersOf(outbox);
  let stop: (() => void) | null = null;
  let stopped = false;
  started = true;
  void getAppOutbox()
    .then((appOutbox) => {
      if (!stopped) stop = startTriggersOf(appOutbox);
    })
    .catch(() => {
      started = false;
    });
  return () => {
    stopped = true;
    stop?.();
  };
}

/**
 * What makes any outbox on a page send (the app's, or a linked whānau phone's): at start (ignoring
 * the backoff), on `online`, when the server answers again, when the page becomes visible, when
 * its key comes (`keyCame`), and on a timer set to the earliest retry time while work waits.
 */
export function flushTriggers(
  outbox: Outbox,
  { keyCame, onWaiting }: { keyCame?: (listener: () => void) => () => void; onWaiting?: () => void } = {},
): { flush(force: boolean): Promise<FlushReport | null>; stop(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  function setTimer(at: number) {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(() => void flush(false), Math.max(0, at - Date.now()));
  }

  async function armTimer() {
    const wakeAt = await outbox.nextWakeAt();
    if (wakeAt === null) clearTimeout(timer);
    else {
      setTimer(wakeAt);
      onWaiting?.();
    }
  }

  async function flush(force: boolean): Promise<FlushReport | null> {
    if (stopped) return null;
    try {
      const report = await outbox.flush({ force });
      if (report.busy) setTimer(Date.now() + busyRetryMs);
      else await armTimer();
      return report;
    } catch {
      setTimer(Date.now() + failureRetryMs);
      return null;
    }
  }

  const onOnline = () => void flush(true);
  const onVisible = () => {
    if (document.visibilityState === 'visible') void flush(false);
  };
  window.addEventListener('online', onOnline);
  document.addEventListener('visibilitychange', onVisible);
  // Items added or changed anywhere (this tab, another tab, the worker) re-arm the timer.
  const subscription = liveQuery(() => outbox.nextWakeAt()).subscribe({
    next: (wakeAt) => {
      if (wakeAt !== null) setTimer(wakeAt);
    },
    error: () => undefined,
  });
  // The server answering again (after the app saw it unreachable) sends everything at once.
  let wasReachable = isServerReachable();
  const stopWatching = subscribeConnectivity(() => {
    const reachable = isServerReachable();
    if (reachable && !wasReachable) void flush(true);
    wasReachable = reachable;
  });
  const stopKey = keyCame?.(() => void flush(true));
  // Reopening the app sends what waits at once, whatever the backoff said when it was closed.
  void flush(true);

  return {
    flush,
    stop() {
      stopped = true;
      clearTimeout(timer);
      subscription.unsubscribe();
      stopWatching();
      stopKey?.();
      window.removeEventListener('online', onOnline);
      document.removeEventListener('visibilitychange', onVisible);
    },
  };
}

function startTriggersOf(outbox: Outbox): () => void {
  started = true;
  const triggers = flushTriggers(outbox, {
    // Unlocking the staff copy (sign-in, or the unlock screen) sends that person's waiting work.
    keyCame: (listener) =>
      onStaffCipherChange((cipher) => {
        if (cipher) listener();
      }),
    onWaiting: () => void registerBackgroundSync(),
  });
  const { flush } = triggers;
  // Signing in again lifts needs_auth from that person's items (and only theirs).
  const stopSignIn = onSignedIn((userId) => void outbox.resumeUser(userId).then(() => flush(true)));
  // After a sync every staff screen shows the server's answer: lists, pages, the dashboard's counts.
  const stopRefreshing = outboxEvents.subscribe((landing) => {
    if (landing.userId !== null) refreshStaffQueries();
  });
  runFlush = flush;

  return () => {
    triggers.stop();
    stopSignIn();
    stopRefreshing();
    if (runFlush === flush) {
      runFlush = null;
      started = false;
    }
  };
}

/** How many staff items (anyone's work signed in on this device) the server has not confirmed: what signing out would lose. */
export function countUnsentStaffWork(): Promise<number> {
  return countUnsent();
}
