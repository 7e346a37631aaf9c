import Router from '@koa/router';
import { CaseloadQuerySchema } from '../../../contract/clients';
import { IdParamsSchema } from '../../../contract/common';
import { limits } from '../../../contract/limits';
import { FollowUpsQuerySchema, ListWhanauQuerySchema } from '../../../contract/whanau';
import type { AppState } from '../../lib/app-context';
import { actorFromContext } from '../../lib/audit';
import { authenticate, requireAccess } from '../../lib/auth';
import { validate } from '../../lib/validate';
import { myFollowUps } from './plan.service';
import { listWhanau, viewWhanau, whanauCaseload } from './whanau.service';

/**
 * Whānau, their plans and follow-ups (DESIGN §4c), read through need-to-know
 * (lib/need-to-know.ts). Every write is an offline kind of `POST /api/sync` (whanau.sync.ts).
 * People's details: no answer may be cached.
 */
const noStore = async (ctx: { set(field: string, value: string): void }, next: () => Promise<unknown>) => {
  await next();
  ctx.set('Cache-Control', 'no-store');
};

export const whanauRouter = new Router<AppState>({ prefix: '/api/whanau' });
whanauRouter.use(authenticate, requireAccess(limits.accessMin), noStore);

whanauRouter.get(
  '/',
  validate({ query: ListWhanauQuerySchema }, async (ctx, { query }) => {
    ctx.body = await listWhanau(actorFromContext(ctx), query);
  }),
);

// Before '/:id', so it is not taken for an id.
whanauRouter.get(
  '/caseload',
  validate({ query: CaseloadQuerySchema }, async (ctx, { query }) => {
    ctx.body = await whanauCaseload(actorFromContext(ctx), query);
  }),
);

whanauRouter.get(
  '/:id',
  validate({ params: IdParamsSchema }, async (ctx, { params }) => {
    ctx.body = await viewWhanau(actorFromContext(ctx), params.id);
  }),
);

export const followUpsRouter = new Router<AppState>({ prefix: '/api/follow-ups' });
followUpsRouter.use(authenticate, requireAccess(limits.accessMin), noStore);

followUpsRouter.get(
  '/',
  validate({ query: FollowUpsQuerySchema }, async (ctx, { query }) => {
    ctx.body = await myFollowUps(actorFromContext(ctx), query.state);
  }),
);
