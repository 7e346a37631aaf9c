import type { Context, Next } from 'koa';
import { BaseError, UniqueConstraintError, ValidationError as SequelizeValidationError } from 'sequelize';
import { ZodError } from 'zod';
import { itemsOfIssues, type ApiErrorBody, type ApiErrorItem } from '../../contract/errors';
import { ApiError, defaultCodeFor } from './errors';
import { logger } from './logger';

/** Zod issues become one item each; `param` is the dotted path of the field at fault. */
export function zodItems(error: ZodError, prefix: string[] = []): ApiErrorItem[] {
  return itemsOfIssues(error.issues, prefix);
}

type HttpishError = Error & { status?: number; statusCode?: number; expose?: boolean; type?: string };

function toApiError(error: unknown): ApiError | undefined {
  if (error instanceof ApiError) return error;
  if (error instanceof ZodError) return new ApiError(400, zodItems(error));
  if (error instanceof UniqueConstraintError) {
    return new ApiError(
      409,
      error.errors.map((item) => ({
        msg: `That ${item.path ?? 'value'} is already in use`,
        code: 'already_in_use' as const,
        ...(item.path ? { param: item.path } : {}),
      })),
    );
  }
  if (error instanceof SequelizeValidationError) {
    return new ApiError(
      400,
      error.errors.map((item) => ({ msg: 'Invalid value', code: 'invalid_value' as const, ...(item.path ? { param: item.path } : {}) })),
    );
  }
  if (error instanceof BaseError) return undefined;
  // Errors from koa-body (co-body, formidable) and ctx.throw carry an HTTP status and mark themselves exposable.
  const http = error as HttpishError;
  const status = http.status ?? http.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    if (status === 413) return new ApiError(413, [{ msg: 'Request is too large', code: 'too_large' }]);
    if (status === 415) return new ApiError(415, [{ msg: 'Unsupported content type', code: 'unsupported_media_type' }]);
    if (http.type === 'entity.parse.failed' || status === 400) return new ApiError(400, [{ msg: 'Request body is not valid', code: 'invalid_body' }]);
    return new ApiError(status, [{ msg: http.expose ? http.message : 'Bad request' }]);
  }
  return undefined;
}

/**
 * First middleware: every failure leaves as `{ errors: [...] }`. Only ApiErrors and known
 * library errors say what went wrong; anything else is logged once and answered "Server error".
 */
export async function handleErrors(ctx: Context, next: Next): Promise<void> {
  try {
    await next();
    // Statuses set without a body (unknown path, 405 and 501 from the router) get the error shape too.
    if (ctx.status >= 400 && ctx.body == null && ctx.path.startsWith('/api')) {
      const status = ctx.status;
      const body: ApiErrorBody = { errors: [{ msg: status === 404 ? 'Not found' : ctx.message, code: defaultCodeFor(status) }] };
      ctx.body = body;
      ctx.status = status;
    }
  } catch (error) {
    const known = toApiError(error);
    if (known) {
      ctx.status = known.status;
      ctx.set(known.headers);
      ctx.body = { errors: known.items, ...known.extra };
      return;
    }
    // Name, message and stack only: database errors also carry the SQL and its values, which
    // can be a person's details.
    const { name, message, stack } = error instanceof Error ? error : new Error(String(error));
    logger.error({ err: { name, message, stack }, method: ctx.method, path: ctx.path }, 'unhandled error');
    ctx.status = 500;
    const body: ApiErrorBody = { errors: [{ msg: 'Server error', code: 'server_error' }] };
    ctx.body = body;
  }
}
