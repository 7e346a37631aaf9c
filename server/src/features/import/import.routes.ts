import Router from '@koa/router';
import { IdParamsSchema } from '../../../contract/common';
import { ImportMappingSchema, importLimits, UploadImportQuerySchema } from '../../../contract/import';
import { limits } from '../../../contract/limits';
import type { AppContext, AppState } from '../../lib/app-context';
import { actorFromContext } from '../../lib/audit';
import { authenticate, requireAccess } from '../../lib/auth';
import { tooLarge } from '../../lib/errors';
import { validate } from '../../lib/validate';
import { confirmImport, remapImport, undoImport, uploadImport, viewImport } from './import.service';

/**
 * Import from spreadsheets (DESIGN §4f, decision 119): managers only. The file is the request's
 * body as it is (any Content-Type but JSON), at most 10 MB.
 */
export const importRouter = new Router<AppState>({ prefix: '/api/imports' });

importRouter.use(authenticate, requireAccess(limits.managerAccess), async (ctx, next) => {
  await next();
  ctx.set('Cache-Control', 'no-store');
});

/** The body's bytes, refused (413) as soon as it passes the limit rather than after reading it all. */
async function readUpload(ctx: AppContext): Promise<Buffer> {
  if (Number(ctx.get('content-length') || 0) > importLimits.bytesMax) throw tooLarge(`A file may be at most ${importLimits.bytesMax / 1024 / 1024} MB`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > importLimits.bytesMax) throw tooLarge(`A file may be at most ${importLimits.bytesMax / 1024 / 1024} MB`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

importRouter.post(
  '/',
  validate({ query: UploadImportQuerySchema }, async (ctx, { query }) => {
    const bytes = await readUpload(ctx);
    ctx.status = 201;
    ctx.body = await uploadImport(actorFromContext(ctx), query.kind, query.name, bytes);
  }),
);

importRouter.get(
  '/:id',
  validate({ params: IdParamsSchema }, async (ctx, { params }) => {
    ctx.body = await viewImport(params.id);
  }),
);

importRouter.put(
  '/:id/mapping',
  validate({ params: IdParamsSchema, body: ImportMappingSchema }, async (ctx, { params, body }) => {
    ctx.body = await remapImport(params.id, body.mapping);
  }),
);

importRouter.post(
  '/:id/confirm',
  validate({ params: IdParamsSchema }, async (ctx, { params }) => {
    ctx.body = await confirmImport(actorFromContext(ctx), params.id);
  }),
);

importRouter.post(
  '/:id/undo',
  validate({ params: IdParamsSchema }, async (ctx, { params }) => {
    ctx.body = await undoImport(actorFromContext(ctx), params.id);
  }),
);
