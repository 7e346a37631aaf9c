import type Router from '@koa/router';
import type { Next } from 'koa';
import { RevokedToken } from '../db/models/revoked-token';
import { User } from '../db/models/user';
import type { AppContext, AppState, TokenClaims } from './app-context';
import { forbidden, unauthorized } from './errors';
import { verifyToken } from './tokens';

/**
 * Requires a valid `x-auth-token`: signed by us, unexpired, not signed out, and issued to an
 * active account since its last password change. Puts the account on `ctx.state.user`.
 */
export async function authenticate(ctx: AppContext, next: Next): Promise<void> {
  // Already checked for this request by `authenticateBeforeBody`.
  if (ctx.state.user && ctx.state.token) return next();
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

/**
 * Runs before the body parser: when the route a request goes to requires `authenticate`, the
 * token is checked first, so a caller without a valid token gets 401 whatever its body (a
 * malformed or oversized body is never read, and never answered 400 or 413 first). Reads
 * each router's own table, so every protected route is covered without listing them here.
 * `guards`: the ways a route may require a token (staff's `authenticate`, the whānau app's own).
 */
export function authenticateBeforeBody(routers: Router<AppState>[], guards: ((ctx: AppContext, next: Next) => Promise<void>)[] = [authenticate]) {
  return async (ctx: AppContext, next: Next): Promise<void> => {
    // The first guard a route of the request's path and method uses (staff's, or a linked phone's).
    const guard = guards.find((candidate) =>
      routers.some((router) => router.match(ctx.path, ctx.method).pathAndMethod.some((layer) => layer.stack.includes(candidate))),
    );
    if (guard) await guard(ctx, next);
    else await next();
  };
}
