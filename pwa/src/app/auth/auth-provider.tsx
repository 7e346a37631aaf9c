import { spec } from '../../i18n/spec';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { announceSignedIn, getToken, maySignOut, setToken, subscribeToToken } from '../../lib/auth-token';
import { isProtectedPath, paths } from '../../lib/paths';
import { dropStaffQueries } from '../../lib/staff-queries';
import { useAlerts } from '../alerts/alerts-context';
import { currentUserQuery, forgetLastUser } from './api/get-current-user';
import { AuthContext, type AuthApi, type AuthStatus } from './auth-context';

/**
 * Starts opening (or making) the person's encrypted copy with the password just accepted; the
 * vault says `making` from this moment, and the key is derived while the app goes on.
 */
async function openCopy(userId: string, password: string): Promise<void> {
  const vault = await import('../../lib/vault/vault').catch(() => null);
  void vault?.openVaultAtSignIn(userId, password).catch(() => undefined);
}

/** Loads the user at start when a token is stored (spec §4) and offers log in and log out. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const token = useSyncExternalStore(subscribeToToken, getToken, () => null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { setAlert } = useAlerts();
  const userQuery = useQuery(currentUserQuery(token));

  const user = token && userQuery.data ? userQuery.data : null;
  const status: AuthStatus = !token ? 'anonymous' : user ? 'authenticated' : userQuery.isError ? 'anonymous' : 'loading';

  const logIn = useCallback(
    async (email: string, password: string) => {
      // Signing in and out load their requests when used: a visitor's first download carries neither.
      const { requestToken } = await import('./api/log-in');
      const { token: newToken } = await requestToken({ email, password });
      setToken(newToken);
      const signedIn = await queryClient.fetchQuery(currentUserQuery(newToken));
      // Their own work held back for sign-in (needs_auth) goes out now.
      announceSignedIn(signedIn._id);
      // Signed in as soon as the server says so; the copy for working with no signal is made
      // after, visibly (the client screens say "making" until it is ready).
      setAlert(spec.loggedIn, 'success');
      await openCopy(signedIn._id, password);
    },
    [queryClient, setAlert],
  );

  const keepCopy = useCallback(
    async (password: string) => {
      if (!user || !token) return;
      // The password is checked by the server (a new session), then the old session is ended.
      const { requestToken, revokeToken } = await import('./api/log-in');
      const { token: newToken } = await requestToken({ email: user.email, password });
      await revokeToken().catch(() => undefined);
      setToken(newToken);
      await queryClient.fetchQuery(currentUserQuery(newToken));
      await openCopy(user._id, password);
    },
    [queryClient, token, user],
  );

  const endSession = useCallback(
    async (message: string) => {
      // Five wrong passwords on this device: signed out everywhere on it, revoked when there is signal.
      await import('./api/log-in').then((api) => api.revokeToken()).catch(() => undefined);
      if (isProtectedPath(window.location.pathname)) await navigate(paths.login, { flushSync: true });
      forgetLastUser();
      setToken(null);
      dropStaffQueries();
      setAlert(message, 'danger');
    },
    [navigate, setAlert],
  );

  const logOut = useCallback(async () => {
    if (!(await maySignOut())) return;
    // Revoke on the server when we can; with no signal the token is still forgotten here.
    await import('./api/log-in').then((api) => api.revokeToken()).catch(() => undefined);
    // Leave a staff page first, at once rather than as a transition, so its guard is gone
    // before the token is: a deliberate sign-out is not met with "You must log in".
    if (isProtectedPath(window.location.pathname)) await navigate(paths.home, { flushSync: true });
    // Nothing of the staff copy stays on the device: the key, the caseload, their outbox items.
    if (user) await import('../../lib/vault/vault').then((vault) => vault.wipeVault(user._id)).catch(() => undefined);
    forgetLastUser();
    setToken(null);
    dropStaffQueries();
    setAlert(spec.loggedOut, 'success');
  }, [navigate, setAlert, user]);

  const auth = useMemo<AuthApi>(
    () => ({ status, user, access: user?.access ?? 0, logIn, logOut, keepCopy, endSession }),
    [status, user, logIn, logOut, keepCopy, endSession],
  );

  return <AuthContext.Provider value={auth}>{children}</AuthContext.Provider>;
}
