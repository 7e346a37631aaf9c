import { useQuery, useQueryClient } from '@tanstack/react-query';
import { startTransition, useCallback, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { getToken, subscribeToToken } from '../auth-token';
import { serverRendered } from '../use-after-first-paint';
import { useAlerts } from '../../components/alerts/alerts-context';
import { currentUserQuery } from './api/get-current-user';
import { AuthContext, type AuthApi, type AuthStatus } from './auth-context';
import type { SessionTools } from './session';

/** Signing in and out load their code when used (session.ts): a visitor's first download carries none of it. */
const session = () => import('./session');

/** Loads the user at start when a token is stored (spec §4) and offers log in and log out. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const storedToken = useSyncExternalStore(subscribeToToken, getToken, () => null);
  // The server renders a page without knowing who is signed in: 'loading', as the app is while it
  // asks (decision 096). Here the stored token is taken up after hydration, in a transition: taken
  // up at once, as an urgent update, it reached the page's part while that still waited for its
  // chunk, and React threw the server's HTML away and drew the part again for every signed-in
  // kaimahi. A transition waits until the part has hydrated.
  const [tokenTakenUp, setTokenTakenUp] = useState(!serverRendered);
  useEffect(() => {
    if (!tokenTakenUp) startTransition(() => setTokenTakenUp(true));
  }, [tokenTakenUp]);
  const token = tokenTakenUp ? storedToken : null;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { setAlert } = useAlerts();
  const userQuery = useQuery(currentUserQuery(token));

  const user = token && userQuery.data ? userQuery.data : null;
  const status: AuthStatus = !tokenTakenUp ? 'loading' : !token ? 'anonymous' : user ? 'authenticated' : userQuery.isError ? 'anonymous' : 'loading';
  const tools = useMemo<SessionTools>(() => ({ queryClient, navigate, setAlert }), [queryClient, navigate, setAlert]);

  const logIn = useCallback(async (email: string, password: string) => (await session()).logIn(tools, email, password), [tools]);
  const logOut = useCallback(async () => (await session()).logOut(tools, user), [tools, user]);
  const keepCopy = useCallback(async (password: string) => (user ? (await session()).keepCopy(tools, user, password) : undefined), [tools, user]);
  const endSession = useCallback(async (message: string) => (await session()).endSession(tools, message), [tools]);

  // A new value when the token is taken up, even while the status stays 'loading': the transition
  // then reaches the page's part and waits for it to hydrate, and the user's answer, asked for only
  // after that, finds the part hydrated.
  const auth = useMemo<AuthApi>(
    () => ({ status, user, access: user?.access ?? 0, logIn, logOut, keepCopy, endSession }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- tokenTakenUp makes the new value, as said above
    [status, user, logIn, logOut, keepCopy, endSession, tokenTakenUp],
  );

  return <AuthContext.Provider value={auth}>{children}</AuthContext.Provider>;
}
