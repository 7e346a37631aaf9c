import Router from '@koa/router';
import { z } from 'zod';
import { limits } from '../../../contract/limits';
import { UpdateServiceTextsSchema } from '../../../contract/public-texts';
import { UpdateServiceSchema } from '../../../contract/service-updates';
import type { AppState } from '../../lib/app-context';
import { authenticate, requireAccess } from '../../lib/auth';
import { cachedList } from '../../lib/cached-json';
import { validate } from '../../lib/validate';
import { presentService } from './services.presenter';
import { findService, listServices, updateService, updateServiceTexts } from './services.service';

export const servicesRouter = new Router<AppState>({ prefix: '/api/services' });

const KeyParamsSchema = z.object({ key: z.string() });

const serviceList = cachedList('services', async () => (await listServices()).map(presentService));

servicesRouter.get('/', (ctx) => serviceList.send(ctx));

servicesRouter.get(
  '/:key',
  validate({ params: KeyParamsSchema }, async (ctx, { params }) => {
    ctx.body = presentService(await findService(params.key));
  }),
);

servicesRouter.patch(
  '/:key',
  authenticate,
  requireAccess(limits.managerAccess),
  validate({ params: KeyParamsSchema, body: UpdateServiceSchema }, async (ctx, { params, body }) => {
    ctx.body = presentService(await updateService(params.key, body));
    serviceList.invalidate();
  }),
);

/** A service page's words in English and te reo Māori, the whole page at once (decision 093). */
servicesRouter.put(
  '/:key/texts',
  authenticate,
  requireAccess(limits.managerAccess),
  validate({ params: KeyParamsSchema, body: UpdateServiceTextsSchema }, async (ctx, { params, body }) => {
    ctx.body = presentService(await updateServiceTexts(params.key, body));
    serviceList.invalidate();
  }),
);
