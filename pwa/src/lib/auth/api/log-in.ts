import type { LoginInput, LoginResult } from '@contract/auth';
import { apiRequest } from '../../api-client';
import { apiPaths } from '../../paths';

/** `POST /api/auth`: the token for these credentials. */
export function requestToken(credentials: LoginInput): Promise<LoginResult> {
  return apiRequest<LoginResult>(apiPaths.auth, { method: 'POST', json: credentials });
}
