import type { Next } from 'koa';
import { RevokedToken } from '../db/models/revoked-token';
import { User } from '../db/models/user';
import type { AppContext, TokenClaims } from './app-context';
import { forbidden, unauthorized } from './errors';
import { verifyToken } from './tokens';

/**
 * Requires a valid `x-auth-token`: signed by us, unexpired, not signed out, and issued to an
 * active account since its last password change. Puts the account on `ctx.state.user`.
 */
export async function authenticate(ctx: AppContext, next: Next): Promise<void> {
  const token = ctx.get('x-auth-token');
  if (!token) throw unauthorized('No token, authorisation denied');
  const claims = verifyToken(token);
  if (!claims) throw unauthorized('Token is not valid', 'invalid_token');
  const [user, revoked] = await Promise.all([User.findByPk(claims.sub), RevokedToken.findByPk(claims.jti)]);
  if (!user || !user.active || user.tokenVersion !== claims.ver || revoked) throw unauthorized('Token is not valid', 'invalid_token');
  ctx.state.user = user;
  ctx.state.token = claims;
  await next();
}

/** Requires `authenticate` first; 403 below the given access level. */
export function requireAccess(level: number) {
  return async (ctx: AppContext, next: Next): Promise<void> => {
    if (!ctx.state.user || ctx.state.user.access < level) throw forbidden();
    await next();
  };
}

/** The signed-in account and its token; only for handlers behind `authenticate`. */
export function signedIn(ctx: AppContext): { user: User; token: TokenClaims } {
  const { user, token } = ctx.state;
  if (!user || !token) throw unauthorized();
  return { user, token };
}
