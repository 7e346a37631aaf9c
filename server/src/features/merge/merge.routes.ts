import Router from '@koa/router';
import { MergeSchema, NotSameSchema } from '../../../contract/duplicates';
import { IdParamsSchema } from '../../../contract/common';
import { limits } from '../../../contract/limits';
import type { AppState } from '../../lib/app-context';
import { actorFromContext } from '../../lib/audit';
import { authenticate, requireAccess } from '../../lib/auth';
import { validate } from '../../lib/validate';
import { listDuplicatePairs, markNotSame, mergeClients, undoMerge } from './merge.service';

/**
 * Duplicates and merge (DESIGN §4f, decision 120): managers only. Authentication is named on each
 * route, not with `use`: this router's prefix is all of /api.
 */
export const mergeRouter = new Router<AppState>({ prefix: '/api' });

const managers = [
  authenticate,
  requireAccess(limits.managerAccess),
  async (ctx: { set(name: string, value: string): void }, next: () => Promise<unknown>) => {
    await next();
    ctx.set('Cache-Control', 'no-store');
  },
] as const;

mergeRouter.get(
  '/duplicates',
  ...managers,
  validate({}, async (ctx) => {
    ctx.body = { items: await listDuplicatePairs(actorFromContext(ctx)) };
  }),
);

mergeRouter.post(
  '/duplicates/not-same',
  ...managers,
  validate({ body: NotSameSchema }, async (ctx, { body }) => {
    ctx.body = await markNotSame(actorFromContext(ctx), body);
  }),
);

mergeRouter.post(
  '/clients/:id/merge',
  ...managers,
  validate({ params: IdParamsSchema, body: MergeSchema }, async (ctx, { params, body }) => {
    ctx.body = await mergeClients(actorFromContext(ctx), params.id, body);
  }),
);

mergeRouter.post(
  '/merges/:id/undo',
  ...managers,
  validate({ params: IdParamsSchema }, async (ctx, { params }) => {
    ctx.body = await undoMerge(actorFromContext(ctx), params.id);
  }),
);
