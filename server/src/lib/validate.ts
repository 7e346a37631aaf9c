import type { Next } from 'koa';
import type { z, ZodType } from 'zod';
import { checkInput, type ApiErrorItem } from '../../contract/errors';
import type { AppContext } from './app-context';
import { ApiError } from './errors';

type Schemas = { body?: ZodType; query?: ZodType; params?: ZodType };
type Parsed<S extends Schemas> = { [K in keyof S]: S[K] extends ZodType ? z.output<S[K]> : never };

function hasBody(ctx: AppContext): boolean {
  return Number(ctx.get('content-length') || 0) > 0 || Boolean(ctx.get('transfer-encoding'));
}

/**
 * Parses the request with the contract's schemas and hands the typed input to the handler.
 * Every problem in body, query and route parameters is reported together; unknown body
 * fields are dropped, so nobody can set `access`, `_id` or `version` by sending them.
 */
export function validate<S extends Schemas>(schemas: S, handler: (ctx: AppContext, input: Parsed<S>) => Promise<void> | void) {
  return async (ctx: AppContext, _next: Next): Promise<void> => {
    if (schemas.body && hasBody(ctx) && !ctx.is('json', 'multipart')) {
      throw new ApiError(415, [{ msg: 'Send JSON (Content-Type: application/json)', code: 'unsupported_media_type' }]);
    }
    const sources = { body: ctx.request.body ?? {}, query: ctx.query, params: ctx.params as unknown };
    const problems: ApiErrorItem[] = [];
    const input: Record<string, unknown> = {};
    for (const part of ['params', 'query', 'body'] as const) {
      const schema = schemas[part];
      if (!schema) continue;
      const result = checkInput(schema, sources[part]);
      if (result.success) input[part] = result.data;
      else problems.push(...result.errors);
    }
    if (problems.length > 0) throw new ApiError(400, problems);
    await handler(ctx, input as Parsed<S>);
  };
}
