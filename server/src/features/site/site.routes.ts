import Router from '@koa/router';
import { limits } from '../../../contract/limits';
import { UpdateSiteSchema } from '../../../contract/site';
import type { AppState } from '../../lib/app-context';
import { actorFromContext } from '../../lib/audit';
import { authenticate, requireAccess } from '../../lib/auth';
import { cachedList } from '../../lib/cached-json';
import { validate } from '../../lib/validate';
import { readSite, updateSite } from './site.service';

/** The trust's own details: anyone reads them (cached offline by the app), managers change them. */
export const siteRouter = new Router<AppState>({ prefix: '/api/site' });

const siteAnswer = cachedList('site_settings', readSite);

siteRouter.get('/', (ctx) => siteAnswer.send(ctx));

siteRouter.patch(
  '/',
  authenticate,
  requireAccess(limits.managerAccess),
  validate({ body: UpdateSiteSchema }, async (ctx, { body }) => {
    const { site, changed } = await updateSite(actorFromContext(ctx), body);
    if (changed.length > 0) siteAnswer.invalidate();
    ctx.body = site;
  }),
);
