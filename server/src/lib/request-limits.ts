import type { Next } from 'koa';
import type { AppContext } from './app-context';
import { tooManyRequests } from './errors';
import { verifyToken } from './tokens';

/**
 * Limits on what one caller can hold of the server before it has shown a token (decision 112;
 * the socket's own limits are in http-server.ts, decision 088).
 */

/**
 * At most `max` requests in progress from one address (`ctx.ip`: the visitor's, as the trusted
 * proxies say). Behind a proxy every connection is the proxy's, so the per-address connection cap
 * cannot tell visitors apart; this can. Served directly, a connection carries one request at a
 * time and the connection cap already holds.
 */
export function limitRequestsPerAddress(max: number) {
  const inProgress = new Map<string, number>();
  return async (ctx: AppContext, next: Next): Promise<void> => {
    const address = ctx.ip;
    const count = (inProgress.get(address) ?? 0) + 1;
    if (count > max) {
      ctx.set('Connection', 'close');
      throw tooManyRequests(1, 'Too many requests at once from your address');
    }
    inProgress.set(address, count);
    // Counted until the answer has gone (or the caller left), not only until the handlers return.
    ctx.res.once('close', () => {
      const left = (inProgress.get(address) ?? 1) - 1;
      if (left > 0) inProgress.set(address, left);
      else inProgress.delete(address);
    });
    await next();
  };
}

/** Whether the request says a body follows (as type-is reads it). */
function hasBody(headers: AppContext['req']['headers']): boolean {
  return headers['transfer-encoding'] !== undefined || (headers['content-length'] !== undefined && headers['content-length'] !== '0');
}

/**
 * The body of a request without a valid token must arrive within `ms`, else 408 and the
 * connection closes: an enrolment or a sign-in is under 100 KB, and a visitor's slow body
 * otherwise held a connection for the whole request time-out (two minutes, for a staff member's
 * photo on a slow phone). Runs after `authenticateBeforeBody`, so a protected route has already
 * refused a caller without a token; a token on a public route is checked here by its signature.
 */
export function limitAnonymousBodyTime(ms: number) {
  return async (ctx: AppContext, next: Next): Promise<void> => {
    const { req, res } = ctx;
    const token = ctx.get('x-auth-token');
    if (ctx.state.user || ctx.state.member || !hasBody(req.headers) || (token && verifyToken(token))) return next();
    const timer = setTimeout(() => {
      if (req.complete || res.headersSent) return;
      res.writeHead(408, { 'Content-Type': 'application/json; charset=utf-8', Connection: 'close' });
      res.end(JSON.stringify({ errors: [{ msg: 'The request took too long to arrive' }] }), () => req.socket.destroy());
    }, ms);
    const stop = () => clearTimeout(timer);
    req.once('end', stop);
    res.once('close', stop);
    await next();
  };
}
