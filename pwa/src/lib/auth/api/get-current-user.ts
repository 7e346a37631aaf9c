import type { CurrentUser } from '@contract/auth';
import { queryOptions } from '@tanstack/react-query';
import { ApiRequestError, apiRequest } from '../../api-client';
import { apiPaths } from '../../paths';

/**
 * The last user `GET /api/auth` confirmed for the current token, so a kaimahi who opens the app
 * with no signal is still signed in. Only their own name, email and access level.
 */
const lastUserKey = 'auth-user';

type StoredUser = { tokenEnd: string; user: CurrentUser };

const tokenEnd = (token: string) => token.slice(-24);

function readLastUser(token: string): CurrentUser | null {
  try {
    const stored = JSON.parse(localStorage.getItem(lastUserKey) ?? 'null') as StoredUser | null;
    return stored && stored.tokenEnd === tokenEnd(token) ? stored.user : null;
  } catch {
    return null;
  }
}

function saveLastUser(token: string, user: CurrentUser): void {
  try {
    localStorage.setItem(lastUserKey, JSON.stringify({ tokenEnd: tokenEnd(token), user } satisfies StoredUser));
  } catch {
    // Storage full or blocked: the app simply needs a signal to confirm the user next time.
  }
}

/** Forgets the last confirmed user (at sign-out). */
export function forgetLastUser(): void {
  try {
    localStorage.removeItem(lastUserKey);
  } catch {
    // Nothing stored.
  }
}

export const currentUserQueryKey = ['auth', 'current-user'] as const;

/** Loads the signed-in person; with no signal, the last one confirmed for this token. */
export function currentUserQuery(token: string | null) {
  return queryOptions({
    queryKey: [...currentUserQueryKey, token],
    queryFn: async ({ signal }) => {
      if (!token) throw new ApiRequestError(401, [{ msg: 'No token, authorisation denied', code: 'not_signed_in' }]);
      try {
        const user = await apiRequest<CurrentUser>(apiPaths.auth, { signal });
        saveLastUser(token, user);
        return user;
      } catch (error) {
        const offlineUser = error instanceof ApiRequestError && error.status === 0 ? readLastUser(token) : null;
        if (offlineUser) return offlineUser;
        throw error;
      }
    },
    enabled: token !== null,
    retry: false,
    staleTime: 5 * 60 * 1000,
  });
}
