import crypto from 'node:crypto';
import Router from '@koa/router';
import { limits } from '../../../contract/limits';
import { CounterParamsSchema, UpdateCounterSchema } from '../../../contract/reports';
import type { AppState } from '../../lib/app-context';
import { authenticate, requireAccess } from '../../lib/auth';
import { validate } from '../../lib/validate';
import { listCounterSettings, listPublicCounters, updateCounter } from './counters.service';

/** The home page's impact counters (DESIGN §4d): public figures, and what managers add to them. */
export const countersRouter = new Router<AppState>({ prefix: '/api/counters' });

/**
 * Anyone: eight numbers, nothing personal. Revalidated like the public lists (ETag, `no-cache`,
 * decision 004). Each figure moves once a day, to what was recorded before the day began
 * (decision 113); a manager's change of a setting shows at once.
 */
countersRouter.get('/', async (ctx) => {
  const json = JSON.stringify(await listPublicCounters());
  ctx.status = 200;
  ctx.type = 'application/json';
  ctx.etag = `"${crypto.createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
  ctx.set('Cache-Control', 'no-cache');
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  ctx.body = json;
});

countersRouter.get('/settings', authenticate, requireAccess(limits.managerAccess), async (ctx) => {
  ctx.set('Cache-Control', 'no-store');
  ctx.body = await listCounterSettings();
});

countersRouter.patch(
  '/:key',
  authenticate,
  requireAccess(limits.managerAccess),
  validate({ params: CounterParamsSchema, body: UpdateCounterSchema }, async (ctx, { params, body }) => {
    ctx.body = await updateCounter(params.key, body);
  }),
);
