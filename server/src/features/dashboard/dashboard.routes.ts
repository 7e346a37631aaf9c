import Router from '@koa/router';
import { limits } from '../../../contract/limits';
import type { AppState } from '../../lib/app-context';
import { actorFromContext } from '../../lib/audit';
import { authenticate, requireAccess } from '../../lib/auth';
import { buildDashboard } from './dashboard.service';

/** Counts for the staff dashboard and the side menu's number of new enrolments. */
export const dashboardRouter = new Router<AppState>({ prefix: '/api/dashboard' });

dashboardRouter.get('/', authenticate, requireAccess(limits.accessMin), async (ctx) => {
  ctx.set('Cache-Control', 'no-store');
  ctx.body = await buildDashboard(actorFromContext(ctx));
});
