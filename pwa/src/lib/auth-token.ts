/**
 * The staff member's sign-in token, kept in localStorage under 'token' (the trust's spec) so a
 * signed-in kaimahi stays signed in across reloads and while offline. Components follow it
 * through `subscribeToToken`, so a 401 anywhere signs the app out everywhere at once.
 */

const tokenKey = 'token';
const listeners = new Set<() => void>();

function readStorage(): string | null {
  try {
    return localStorage.getItem(tokenKey);
  } catch {
    // Storage can be blocked (private mode, strict settings): then nobody is signed in.
    return null;
  }
}

let current: string | null = typeof localStorage === 'undefined' ? null : readStorage();

/** The stored token, or null when nobody is signed in. */
export function getToken(): string | null {
  return current;
}

/** Stores the token (or removes it with null) and tells every subscriber. */
export function setToken(token: string | null): void {
  if (token === current) return;
  current = token;
  try {
    if (token) localStorage.setItem(tokenKey, token);
    else localStorage.removeItem(tokenKey);
  } catch {
    // Quota or blocked storage: the token still lives for this tab.
  }
  for (const listener of listeners) listener();
}

/** Calls `listener` whenever the token changes; returns the unsubscribe function. */
export function subscribeToToken(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Another tab signing in or out changes this tab too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== tokenKey && event.key !== null) return;
    const stored = readStorage();
    if (stored === current) return;
    current = stored;
    for (const listener of listeners) listener();
  });
}

/**
 * Checks that may hold up signing out (for example: work still waiting to be sent from this
 * device). A check resolves false to keep the person signed in.
 */
type SignOutCheck = () => boolean | Promise<boolean>;
const signOutChecks = new Set<SignOutCheck>();

/** Registers a check run before every sign-out; returns the function that removes it. */
export function addSignOutCheck(check: SignOutCheck): () => void {
  signOutChecks.add(check);
  return () => signOutChecks.delete(check);
}

/** True when every registered check agrees to sign out now. */
export async function maySignOut(): Promise<boolean> {
  for (const check of signOutChecks) {
    if (!(await check())) return false;
  }
  return true;
}

/** Told who has just signed in (their user id), e.g. so the outbox sends their items held for sign-in. */
const signedInListeners = new Set<(userId: string) => void>();

export function onSignedIn(listener: (userId: string) => void): () => void {
  signedInListeners.add(listener);
  return () => signedInListeners.delete(listener);
}

/** Called by the sign-in once the server has confirmed who the new token belongs to. */
export function announceSignedIn(userId: string): void {
  for (const listener of signedInListeners) listener(userId);
}
