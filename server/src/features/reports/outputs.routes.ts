import Router from '@koa/router';
import { z } from 'zod';
import { IdSchema } from '../../../contract/common';
import { limits } from '../../../contract/limits';
import { CreateServiceOutputSchema, ServiceOutputsQuerySchema, UpdateServiceOutputSchema } from '../../../contract/reports';
import type { AppState } from '../../lib/app-context';
import { authenticate, requireAccess } from '../../lib/auth';
import { validate } from '../../lib/validate';
import { createOutput, deleteOutput, listOutputs, updateOutput } from './outputs.service';

/** A service's outputs (DESIGN §4d): staff read them to record a contact, managers define them. */
export const outputsRouter = new Router<AppState>({ prefix: '/api/services/:key/outputs' });

const KeyParamsSchema = z.object({ key: z.string() });
const OutputParamsSchema = KeyParamsSchema.extend({ id: IdSchema });

outputsRouter.get(
  '/',
  authenticate,
  requireAccess(limits.accessMin),
  validate({ params: KeyParamsSchema, query: ServiceOutputsQuerySchema }, async (ctx, { params, query }) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await listOutputs(params.key, query.include);
  }),
);

outputsRouter.post(
  '/',
  authenticate,
  requireAccess(limits.managerAccess),
  validate({ params: KeyParamsSchema, body: CreateServiceOutputSchema }, async (ctx, { params, body }) => {
    ctx.status = 201;
    ctx.body = await createOutput(params.key, body);
  }),
);

outputsRouter.patch(
  '/:id',
  authenticate,
  requireAccess(limits.managerAccess),
  validate({ params: OutputParamsSchema, body: UpdateServiceOutputSchema }, async (ctx, { params, body }) => {
    ctx.body = await updateOutput(params.key, params.id, body);
  }),
);

outputsRouter.delete(
  '/:id',
  authenticate,
  requireAccess(limits.managerAccess),
  validate({ params: OutputParamsSchema }, async (ctx, { params }) => {
    await deleteOutput(params.key, params.id);
    ctx.status = 204;
  }),
);
