import type { CurrentUser } from '@contract/auth';
import { createContext, useContext } from 'react';

export type AuthStatus = 'loading' | 'authenticated' | 'anonymous';

export type AuthApi = {
  status: AuthStatus;
  user: CurrentUser | null;
  /** The signed-in person's access level; 0 when nobody is signed in. */
  access: number;
  logIn: (email: string, password: string) => Promise<void>;
  logOut: () => Promise<void>;
  /** A signed-in person with no copy on this device gives their password (checked by the server) to keep one. */
  keepCopy: (password: string) => Promise<void>;
  /** Ends the session on this device at once (five wrong unlocks), revoking it when there is signal; `message` says why. */
  endSession: (message: string) => Promise<void>;
};

export const AuthContext = createContext<AuthApi | null>(null);

/** Who is signed in, and the actions to sign in and out. */
export function useAuth(): AuthApi {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth must be used inside <AuthProvider>');
  return auth;
}
