/**
 * Sessions this device still has to end on the server (issue 31): signing out, or five wrong
 * unlocks, with no signal forgets the token here at once, but the server would go on accepting a
 * copy of it until it expires. The token is kept in localStorage under 'revokeOwed' (outside the
 * staff database the wipe deletes, and useless once revoked) and `POST /api/auth/logout` is sent
 * with it whenever the server answers again, until it succeeds or the server says the token is
 * no longer valid (401): either way the session is over.
 */
import { isServerReachable, reportResponse, reportServerUnreachable, subscribeConnectivity } from './connectivity';
import { apiPaths } from './paths';

const owedKey = 'revokeOwed';

function readOwed(): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(owedKey) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((token): token is string => typeof token === 'string') : [];
  } catch {
    return [];
  }
}

function writeOwed(tokens: string[]): void {
  try {
    if (tokens.length > 0) localStorage.setItem(owedKey, JSON.stringify(tokens));
    else localStorage.removeItem(owedKey);
  } catch {
    // Blocked storage: the revocation is tried while this page lives.
  }
}

/**
 * An owed entry: a staff token (ended by `POST /api/auth/logout`), or another path and its token,
 * space-separated (a linked whānau phone's `POST /api/whanau-app/pin-failed`, decision 134).
 */
const entryOf = (token: string, path: string) => (path === apiPaths.logout ? token : `${path} ${token}`);

/** Ends an entry's session on the server: true once it is over (revoked now, or already invalid). */
async function revoke(entry: string): Promise<boolean> {
  const [path, token] = entry.includes(' ') ? entry.split(' ', 2) : [apiPaths.logout, entry];
  try {
    const response = await fetch(path ?? apiPaths.logout, {
      method: 'POST',
      headers: { 'x-auth-token': token ?? '', Accept: 'application/json' },
      credentials: 'same-origin',
      cache: 'no-store',
      // A phone with a network but no answer must not hold up signing out.
      signal: AbortSignal.timeout(10_000),
    });
    // Told to the app's one view of the signal, so its checks (and this retry) start when it is gone.
    reportResponse(response);
    return response.ok || response.status === 401;
  } catch {
    reportServerUnreachable();
    return false;
  }
}

let paying: Promise<void> | null = null;
let stopWatching: (() => void) | null = null;
/** Tokens owed while storage is blocked (and so never written). */
const inMemory = new Set<string>();

function owed(): string[] {
  return [...new Set([...readOwed(), ...inMemory])];
}

/** Sends every owed revocation once; those that could not be sent stay owed. */
export function payOwedRevocations(): Promise<void> {
  paying ??= (async () => {
    for (const token of owed()) {
      if (!(await revoke(token))) continue;
      inMemory.delete(token);
      writeOwed(readOwed().filter((other) => other !== token));
    }
  })().finally(() => {
    paying = null;
    if (owed().length === 0) {
      stopWatching?.();
      stopWatching = null;
    }
  });
  return paying;
}

/** While something is owed, each time the server answers again the revocations are sent. */
function watchForSignal(): void {
  if (stopWatching || typeof window === 'undefined') return;
  let wasReachable = isServerReachable();
  const stopConnectivity = subscribeConnectivity(() => {
    const reachable = isServerReachable();
    if (reachable && !wasReachable) void payOwedRevocations();
    wasReachable = reachable;
  });
  const onOnline = () => void payOwedRevocations();
  window.addEventListener('online', onOnline);
  stopWatching = () => {
    stopConnectivity();
    window.removeEventListener('online', onOnline);
  };
}

/**
 * Ends `token`'s session on the server now (at `path`, by default signing out), or remembers that it is owed and ends it at the next
 * contact. Resolves once it is tried (the token can be forgotten here either way).
 */
export async function revokeOrOwe(token: string, path: string = apiPaths.logout): Promise<void> {
  const entry = entryOf(token, path);
  if (await revoke(entry)) return;
  inMemory.add(entry);
  writeOwed([...new Set([...readOwed(), entry])]);
  watchForSignal();
}

/** At start: anything owed from before (the app was closed with no signal) is sent, and watched for until it is. */
export function startOwedRevocations(): void {
  if (owed().length === 0) return;
  watchForSignal();
  void payOwedRevocations();
}
