import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { getToken, subscribeToToken } from '../../lib/auth-token';
import { useAlerts } from '../alerts/alerts-context';
import { currentUserQuery } from './api/get-current-user';
import { AuthContext, type AuthApi, type AuthStatus } from './auth-context';
import type { SessionTools } from './session';

/** Signing in and out load their code when used (session.ts): a visitor's first download carries none of it. */
const session = () => import('./session');

/** Loads the user at start when a token is stored (spec §4) and offers log in and log out. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const token = useSyncExternalStore(subscribeToToken, getToken, () => null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { setAlert } = useAlerts();
  const userQuery = useQuery(currentUserQuery(token));

  const user = token && userQuery.data ? userQuery.data : null;
  const status: AuthStatus = !token ? 'anonymous' : user ? 'authenticated' : userQuery.isError ? 'anonymous' : 'loading';
  const tools = useMemo<SessionTools>(() => ({ queryClient, navigate, setAlert }), [queryClient, navigate, setAlert]);

  const logIn = useCallback(async (email: string, password: string) => (await session()).logIn(tools, email, password), [tools]);
  const logOut = useCallback(async () => (await session()).logOut(tools, user), [tools, user]);
  const keepCopy = useCallback(async (password: string) => (user ? (await session()).keepCopy(tools, user, password) : undefined), [tools, user]);
  const endSession = useCallback(async (message: string) => (await session()).endSession(tools, message), [tools]);

  const auth = useMemo<AuthApi>(
    () => ({ status, user, access: user?.access ?? 0, logIn, logOut, keepCopy, endSession }),
    [status, user, logIn, logOut, keepCopy, endSession],
  );

  return <AuthContext.Provider value={auth}>{children}</AuthContext.Provider>;
}
