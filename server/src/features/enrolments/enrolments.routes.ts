import Router from '@koa/router';
import type { Next } from 'koa';
import { IdParamsSchema, IdSchema } from '../../../contract/common';
import { EnrolmentSchema, ListEnrolmentsQuerySchema, UpdateEnrolmentSchema } from '../../../contract/enrolments';
import { limits } from '../../../contract/limits';
import type { AppContext, AppState } from '../../lib/app-context';
import { actorFromContext } from '../../lib/audit';
import { authenticate, requireAccess } from '../../lib/auth';
import { ApiError } from '../../lib/errors';
import { validate } from '../../lib/validate';
import { findStoredReceipt } from './enrolment-writer';
import { enrolmentOperation, listEnrolments, receiveEnrolment, updateEnrolmentOnce } from './enrolments.service';

/**
 * Enrolments: anyone sends one (from the form, often resent by a phone's outbox), kaimahi list
 * them. Nothing here logs a body: enrolments hold people's personal details.
 */
export const enrolmentsRouter = new Router<AppState>({ prefix: '/api/enrolments' });

/**
 * A resend of an enrolment already received gets its stored receipt whatever else is checked:
 * since the first send the privacy statement may have a new version, so a resend the schema now
 * refuses is looked up before the refusal goes out. (A closed service is checked in the write,
 * after the lookup there.) The ordinary first send costs no extra read (decision 066).
 */
async function answerResends(ctx: AppContext, next: Next): Promise<void> {
  try {
    await next();
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 400) throw error;
    const request: unknown = ctx.request.body;
    const sentId = typeof request === 'object' && request !== null && '_id' in request ? request._id : undefined;
    const id = IdSchema.safeParse(typeof sentId === 'string' ? sentId.trim().toLowerCase() : undefined);
    const stored = id.success ? await findStoredReceipt(enrolmentOperation(id.data, request)) : undefined;
    if (!stored) throw error;
    ctx.status = stored.status;
    ctx.body = stored.body;
  }
}

enrolmentsRouter.post(
  '/',
  answerResends,
  validate({ body: EnrolmentSchema }, async (ctx, { body }) => {
    const outcome = await receiveEnrolment(body, { request: ctx.request.body, ip: ctx.ip });
    ctx.status = outcome.status;
    ctx.body = outcome.body;
  }),
);

enrolmentsRouter.get(
  '/',
  authenticate,
  requireAccess(limits.accessMin),
  validate({ query: ListEnrolmentsQuerySchema }, async (ctx, { query }) => {
    // People's details: no browser or shared cache keeps a copy.
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await listEnrolments(actorFromContext(ctx), query);
  }),
);

enrolmentsRouter.patch(
  '/:id',
  authenticate,
  requireAccess(limits.accessMin),
  validate({ params: IdParamsSchema, body: UpdateEnrolmentSchema }, async (ctx, { params, body }) => {
    ctx.set('Cache-Control', 'no-store');
    const outcome = await updateEnrolmentOnce(actorFromContext(ctx), params.id, body, ctx.request.body);
    ctx.status = outcome.status;
    ctx.body = outcome.body;
  }),
);
