import type { LoginInput, LoginResult } from '@contract/auth';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

/** `POST /api/auth`: the token for these credentials. */
export function requestToken(credentials: LoginInput): Promise<LoginResult> {
  return apiRequest<LoginResult>(apiPaths.auth, { method: 'POST', json: credentials });
}
