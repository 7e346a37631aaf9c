/**
 * Whether the app can reach the trust's server: the one place the app decides it is "offline"
 * (DESIGN §6). The browser's `navigator.onLine` only says a network exists; a phone on a
 * captive Wi-Fi, or a server that is down, says "online" and answers nothing. So every API
 * call reports what happened (an answer, or none), and a copy the service worker served from
 * its cache because the network failed counts as no answer.
 *
 * While the server is unreachable, it is checked again with growing pauses (and at once when
 * the browser says it is back online or the page is shown again).
 *
 * Plain module state: the page and the service worker can both import it; only the page
 * subscribes.
 */

/** Header the service worker adds to an API answer it took from its cache because the network failed. */
export const servedFromCacheHeader = 'x-served-from-cache';

const probeDelays = [3_000, 6_000, 12_000, 30_000, 60_000] as const;

let reachable = true;
let probeTimer: ReturnType<typeof setTimeout> | undefined;
let probeCount = 0;
const listeners = new Set<() => void>();

function publish(next: boolean): void {
  if (next === reachable) return;
  reachable = next;
  for (const listener of listeners) listener();
}

/** An answer came from the server itself. */
export function reportServerAnswered(): void {
  clearTimeout(probeTimer);
  probeTimer = undefined;
  probeCount = 0;
  publish(true);
}

/** No answer (no network, time-out, server down, or a cached copy instead of an answer). */
export function reportServerUnreachable(): void {
  publish(false);
  if (listeners.size > 0) scheduleProbe();
}

/** Reads what an API response says about the server: a cached stand-in is not an answer. */
export function reportResponse(response: Response): void {
  if (response.headers.get(servedFromCacheHeader) || response.status === 502 || response.status === 503 || response.status === 504) {
    reportServerUnreachable();
  } else reportServerAnswered();
}

function scheduleProbe(): void {
  if (probeTimer !== undefined) return;
  const delay = probeDelays[Math.min(probeCount, probeDelays.length - 1)];
  probeCount += 1;
  probeTimer = setTimeout(() => {
    probeTimer = undefined;
    void checkServer();
  }, delay);
}

/**
 * Asks the server directly. HEAD is not handled by the service worker's routes, so the answer
 * (or its absence) is the network's own.
 */
export async function checkServer(): Promise<boolean> {
  try {
    const response = await fetch('/api/services', { method: 'HEAD', cache: 'no-store', signal: AbortSignal.timeout(10_000) });
    reportResponse(response);
  } catch {
    reportServerUnreachable();
  }
  return reachable;
}

export function isServerReachable(): boolean {
  return reachable;
}

/** Whether the app should behave as online: a network, and a server that answers. */
export function isOnline(): boolean {
  return (typeof navigator === 'undefined' || navigator.onLine) && reachable;
}

function onBrowserOnline(): void {
  void checkServer();
}

function onVisible(): void {
  if (document.visibilityState === 'visible' && !reachable) void checkServer();
}

/** Calls `listener` whenever `isOnline()` may have changed. */
export function subscribeConnectivity(listener: () => void): () => void {
  if (listeners.size === 0) {
    window.addEventListener('online', onBrowserOnline);
    document.addEventListener('visibilitychange', onVisible);
  }
  listeners.add(listener);
  window.addEventListener('offline', listener);
  window.addEventListener('online', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('offline', listener);
    window.removeEventListener('online', listener);
    if (listeners.size === 0) {
      window.removeEventListener('online', onBrowserOnline);
      document.removeEventListener('visibilitychange', onVisible);
      clearTimeout(probeTimer);
      probeTimer = undefined;
    }
  };
}
