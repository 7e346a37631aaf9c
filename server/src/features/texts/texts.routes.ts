import Router from '@koa/router';
import { limits } from '../../../contract/limits';
import { UpdateAboutSchema, UpdatePrivacyStatementSchema } from '../../../contract/public-texts';
import type { AppState } from '../../lib/app-context';
import { authenticate, requireAccess } from '../../lib/auth';
import { cachedList } from '../../lib/cached-json';
import { validate } from '../../lib/validate';
import { publishPrivacyStatement, readAbout, readPrivacyStatement, updateAbout } from './texts.service';

/**
 * The About page and the privacy statement (decision 093): anyone reads them (under
 * /api/content/, so the service worker keeps them for offline use), managers change them.
 */
export const textsRouter = new Router<AppState>({ prefix: '/api/content' });

const about = cachedList('public_texts', readAbout);
const privacy = cachedList('privacy_statements', readPrivacyStatement);

textsRouter.get('/about', (ctx) => about.send(ctx));

textsRouter.put(
  '/about',
  authenticate,
  requireAccess(limits.managerAccess),
  validate({ body: UpdateAboutSchema }, async (ctx, { body }) => {
    ctx.body = await updateAbout(body);
    about.invalidate();
  }),
);

textsRouter.get('/privacy', (ctx) => privacy.send(ctx));

/** 201 when the words changed and a new version was published; 200 with the current one when they did not. */
textsRouter.put(
  '/privacy',
  authenticate,
  requireAccess(limits.managerAccess),
  validate({ body: UpdatePrivacyStatementSchema }, async (ctx, { body }) => {
    const { statement, published } = await publishPrivacyStatement(body);
    if (published) privacy.invalidate();
    ctx.status = published ? 201 : 200;
    ctx.body = statement;
  }),
);
