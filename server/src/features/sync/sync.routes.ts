import Router from '@koa/router';
import { limits } from '../../../contract/limits';
import { SyncRequestSchema } from '../../../contract/sync';
import type { AppState } from '../../lib/app-context';
import { actorFromContext } from '../../lib/audit';
import { authenticate, requireAccess } from '../../lib/auth';
import { validate } from '../../lib/validate';
import { applyMutations } from './sync.service';

/** The offline outbox's one door: a batch of queued staff writes, one result each, in order. */
export const syncRouter = new Router<AppState>({ prefix: '/api/sync' });

syncRouter.post(
  '/',
  authenticate,
  requireAccess(limits.accessMin),
  validate({ body: SyncRequestSchema }, async (ctx, { body }) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { results: await applyMutations(actorFromContext(ctx), body.mutations) };
  }),
);
