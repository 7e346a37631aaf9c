import type { Context, Next } from 'koa';
import { logger } from './logger';

/**
 * One line per API request with the status it was answered, the caller's address (as far as
 * the trusted proxies say) and the time taken. The path only: query strings can hold names
 * people searched for, and bodies hold passwords and personal details.
 */
export async function logRequests(ctx: Context, next: Next): Promise<void> {
  const started = performance.now();
  try {
    await next();
  } finally {
    if (ctx.path.startsWith('/api')) {
      logger.info({ method: ctx.method, path: ctx.path, status: ctx.status, ip: ctx.ip, ms: Math.round(performance.now() - started) }, 'request');
    }
  }
}

/** Error codes of a caller that went away mid-answer: their business, not a fault of ours. */
const disconnectCodes = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE', 'ERR_STREAM_DESTROYED']);

export function isClientDisconnect(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, type } = error as { code?: unknown; type?: unknown };
  return (typeof code === 'string' && disconnectCodes.has(code)) || type === 'request.aborted';
}

/** Koa's `error` event: a response that could not be sent. A client that left is logged at debug, not as an error. */
export function logResponseFailure(error: unknown): void {
  if (isClientDisconnect(error)) {
    logger.debug({ code: (error as { code?: string }).code }, 'client disconnected');
    return;
  }
  const { name, message, stack } = error instanceof Error ? error : new Error(String(error));
  logger.error({ err: { name, message, stack } }, 'response failed');
}
