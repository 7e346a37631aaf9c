import Router from '@koa/router';
import { limits } from '../../../contract/limits';
import { TranslationLanguageParamsSchema, TranslationParamsSchema, UpdateTranslationSchema } from '../../../contract/translations';
import type { AppState } from '../../lib/app-context';
import { authenticate, requireAccess } from '../../lib/auth';
import { cachedList } from '../../lib/cached-json';
import { validate } from '../../lib/validate';
import { listCorrections, removeCorrection, saveCorrection } from './translations.service';

/**
 * A manager's corrections of the app's Māori text. Under /api/content/ so the service worker's
 * content cache keeps them for offline use; read by anyone, since the whole interface shows them.
 */
export const translationsRouter = new Router<AppState>({ prefix: '/api/content/translations' });

const corrections = cachedList('translations', () => listCorrections('mi'));

translationsRouter.get(
  '/:language',
  validate({ params: TranslationLanguageParamsSchema }, async (ctx) => {
    await corrections.send(ctx);
  }),
);

translationsRouter.put(
  '/:language/:key',
  authenticate,
  requireAccess(limits.managerAccess),
  validate({ params: TranslationParamsSchema, body: UpdateTranslationSchema }, async (ctx, { params, body }) => {
    const user = ctx.state.user;
    if (!user) throw new Error('authenticate runs first');
    if (body.text === '') {
      await removeCorrection(params.language, params.key);
      ctx.status = 204;
    } else {
      ctx.body = await saveCorrection(params.language, params.key, body.text, user.id);
    }
    corrections.invalidate();
  }),
);

translationsRouter.delete(
  '/:language/:key',
  authenticate,
  requireAccess(limits.managerAccess),
  validate({ params: TranslationParamsSchema }, async (ctx, { params }) => {
    await removeCorrection(params.language, params.key);
    corrections.invalidate();
    ctx.status = 204;
  }),
);
