import Router from '@koa/router';
import { ExportTrailQuerySchema, ListTrailQuerySchema } from '../../../contract/audit';
import { limits } from '../../../contract/limits';
import type { AppState } from '../../lib/app-context';
import { actorFromContext } from '../../lib/audit';
import { authenticate, requireAccess } from '../../lib/auth';
import { validate } from '../../lib/validate';
import { exportTrail, listTrail } from './audit.service';

/** The whole audit trail: managers only (DESIGN §4b), never cached. */
export const auditRouter = new Router<AppState>({ prefix: '/api/audit' });

auditRouter.use(authenticate, requireAccess(limits.managerAccess), async (ctx, next) => {
  await next();
  ctx.set('Cache-Control', 'no-store');
});

auditRouter.get(
  '/',
  validate({ query: ListTrailQuerySchema }, async (ctx, { query }) => {
    ctx.body = await listTrail(query);
  }),
);

auditRouter.get(
  '/export',
  validate({ query: ExportTrailQuerySchema }, async (ctx, { query }) => {
    const csv = await exportTrail(actorFromContext(ctx), query);
    ctx.set('Content-Disposition', `attachment; filename="audit-${query.from.slice(0, 10)}-${query.to.slice(0, 10)}.csv"`);
    ctx.type = 'text/csv; charset=utf-8';
    ctx.body = csv;
  }),
);
