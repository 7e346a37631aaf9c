import Router from '@koa/router';
import { limits } from '../../../contract/limits';
import { SyncRequestSchema } from '../../../contract/sync';
import { getConfig } from '../../config';
import type { AppState } from '../../lib/app-context';
import { actorFromContext } from '../../lib/audit';
import { authenticate, requireAccess } from '../../lib/auth';
import type { SyncHandlers } from '../../lib/sync-handlers';
import { validate } from '../../lib/validate';
import { applyMutations } from './sync.service';

/**
 * The offline outbox's one door: a batch of queued staff writes, one result each, in order.
 * The kinds are the handlers the features registered (src/sync-handlers.ts); this feature names none.
 */
export function createSyncRouter(handlers: SyncHandlers): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api/sync' });
  router.post(
    '/',
    authenticate,
    requireAccess(limits.accessMin),
    validate({ body: SyncRequestSchema }, async (ctx, { body }) => {
      const startedAt = performance.now();
      ctx.set('Cache-Control', 'no-store');
      ctx.body = {
        results: await applyMutations(actorFromContext(ctx), body.mutations, {
          handlers,
          budgetMs: getConfig().syncTimeBudgetMs,
          startedAt,
          now: () => performance.now(),
        }),
      };
    }),
  );
  return router;
}
