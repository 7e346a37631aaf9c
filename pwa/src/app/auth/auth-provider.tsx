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
      // The password is in hand only now: open (or make) this person's encrypted copy for
      // working with no signal. Without it the client pages simply work online.
      await import('../../lib/vault/vault').then((vault) => vault.openVaultAtSignIn(signedIn._id, password)).catch(() => undefined);
      // Their own work held back for sign-in (needs_auth) goes out now.
      announceSignedIn(signedIn._id);
      setAlert(spec.loggedIn, 'success');
    },
    [queryClient, setAlert],
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

  const auth = useMemo<AuthApi>(() => ({ status, user, access: user?.access ?? 0, logIn, logOut }), [status, user, logIn, logOut]);

  return <AuthContext.Provider value={auth}>{children}</AuthContext.Provider>;
}
