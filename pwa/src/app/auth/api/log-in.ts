import type { LoginInput, LoginResult } from '@contract/auth';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

/** `POST /api/auth`: the token for these credentials. */
export function requestToken(credentials: LoginInput): Promise<LoginResult> {
  return apiRequest<LoginResult>(apiPaths.auth, { method: 'POST', json: credentials });
}

/** `POST /api/auth/logout`: revokes the current token on the server. */
export function revokeToken(): Promise<void> {
  return apiRequest<void>(apiPaths.logout, { method: 'POST' });
}

/** Ends another session of this person (the one a new sign-in replaced), without touching the current one. */
export async function revokeSession(token: string): Promise<void> {
  await fetch(apiPaths.logout, { method: 'POST', headers: { 'x-auth-token': token, Accept: 'application/json' }, credentials: 'same-origin' });
}
