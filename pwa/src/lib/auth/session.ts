/**
 * What signing in and out does, loaded when it is used (a visitor's first download carries none
 * of it): the token, the person confirmed, the encrypted copy on the device, the cache of staff
 * data, and the alerts the trust's spec names. lib/auth/auth-provider.tsx calls these.
 */
import type { CurrentUser } from '@contract/auth';
import type { QueryClient } from '@tanstack/react-query';
import type { NavigateFunction } from 'react-router-dom';
import { spec } from '../../i18n/spec';
import { announceSignedIn, getToken, maySignOut, setToken } from '../auth-token';
import { revokeOrOwe } from '../owed-revocation';
import { paths } from '../paths';
import { isProtectedPath } from '../staff-paths';
import { dropStaffQueries } from '../staff-queries';
import { openVaultAtSignIn, wipeVault } from '../vault/vault';
import type { AlertType } from '../../components/alerts/alerts-context';
import { requestToken } from './api/log-in';
import { currentUserQuery, forgetLastUser } from './api/get-current-user';

export type SessionTools = { queryClient: QueryClient; navigate: NavigateFunction; setAlert: (msg: string, type: AlertType) => void };

/**
 * Starts opening (or making) the person's encrypted copy with the password just accepted: the
 * vault says `making` from this moment, and the key is derived while the app goes on.
 */
function openCopy(userId: string, password: string): void {
  void openVaultAtSignIn(userId, password).catch(() => undefined);
}

/** Signed in as soon as the server says so ('Logged In'); the copy for working with no signal is made after, visibly. */
export async function logIn({ queryClient, setAlert }: SessionTools, email: string, password: string): Promise<void> {
  const { token } = await requestToken({ email, password });
  setToken(token);
  const signedIn = await queryClient.fetchQuery(currentUserQuery(token));
  // Their own work held back for sign-in (needs_auth) goes out now.
  announceSignedIn(signedIn._id);
  setAlert(spec.loggedIn, 'success');
  openCopy(signedIn._id, password);
}

/** A signed-in person with no copy on this device: the server checks the password (a new session, the old one ended), then the copy is made. */
export async function keepCopy({ queryClient }: SessionTools, user: CurrentUser, password: string): Promise<void> {
  const old = getToken();
  const { token } = await requestToken({ email: user.email, password });
  setToken(token);
  await queryClient.fetchQuery(currentUserQuery(token));
  if (old) void revokeOrOwe(old);
  openCopy(user._id, password);
}

/**
 * Forgets the session here. A staff page is left first, at once, so its guard never meets a
 * signed-out visitor ("You must log in"); then the person's copy is wiped when asked.
 */
async function forget({ navigate }: SessionTools, to: string, wipeFor?: CurrentUser | null): Promise<void> {
  // Revoke on the server now, or at the next contact (lib/owed-revocation.ts): the token is forgotten here either way.
  const token = getToken();
  if (token) await revokeOrOwe(token);
  if (isProtectedPath(window.location.pathname)) await navigate(to, { flushSync: true });
  if (wipeFor) await wipeVault(wipeFor._id).catch(() => undefined);
  forgetLastUser();
  setToken(null);
  dropStaffQueries();
}

/** Five wrong passwords or PINs on this device (the copy is already wiped): signed out here at once, revoked now or at the next contact. */
export async function endSession(tools: SessionTools, message: string): Promise<void> {
  await forget(tools, paths.login);
  tools.setAlert(message, 'danger');
}

/** Sign-out: asks first when work waits; nothing of the staff copy stays on the device (the key, the caseload, their outbox items). */
export async function logOut(tools: SessionTools, user: CurrentUser | null): Promise<void> {
  if (!(await maySignOut())) return;
  await forget(tools, paths.home, user);
  tools.setAlert(spec.loggedOut, 'success');
}
