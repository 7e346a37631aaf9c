import Router from '@koa/router';
import { ListAuditQuerySchema } from '../../../contract/audit';
import { IdParamsSchema } from '../../../contract/common';
import { limits } from '../../../contract/limits';
import { CreateUserSchema, ServiceStaffParamsSchema, UpdateUserSchema } from '../../../contract/users';
import type { AppState } from '../../lib/app-context';
import { actorFromContext } from '../../lib/audit';
import { authenticate, requireAccess, signedIn } from '../../lib/auth';
import { StaffPasswordSchema } from '../../lib/password-policy';
import { validate } from '../../lib/validate';
import { presentServiceStaffMember, presentStaffUser } from './users.presenter';
import { createStaff, deactivateStaff, findStaff, listServiceStaff, listStaff, listStaffAudit, updateStaff } from './users.service';

/** Staff accounts: managers only. */
export const usersRouter = new Router<AppState>({ prefix: '/api/users' });

const managersOnly = requireAccess(limits.managerAccess);
// The server's password rule adds the common-password list to the contract's.
const CreateStaffSchema = CreateUserSchema.extend({ password: StaffPasswordSchema });
const UpdateStaffSchema = UpdateUserSchema.extend({ password: StaffPasswordSchema.optional() });

usersRouter.get('/', authenticate, managersOnly, async (ctx) => {
  ctx.body = (await listStaff()).map(presentStaffUser);
});

usersRouter.post(
  '/',
  authenticate,
  managersOnly,
  validate({ body: CreateStaffSchema }, async (ctx, { body }) => {
    ctx.status = 201;
    ctx.body = presentStaffUser(await createStaff(signedIn(ctx).user.id, body));
  }),
);

usersRouter.get(
  '/:id',
  authenticate,
  managersOnly,
  validate({ params: IdParamsSchema }, async (ctx, { params }) => {
    ctx.body = presentStaffUser(await findStaff(params.id));
  }),
);

usersRouter.patch(
  '/:id',
  authenticate,
  managersOnly,
  validate({ params: IdParamsSchema, body: UpdateStaffSchema }, async (ctx, { params, body }) => {
    ctx.body = presentStaffUser(await updateStaff(signedIn(ctx).user.id, params.id, body));
  }),
);

usersRouter.delete(
  '/:id',
  authenticate,
  managersOnly,
  validate({ params: IdParamsSchema }, async (ctx, { params }) => {
    ctx.body = presentStaffUser(await deactivateStaff(signedIn(ctx).user.id, params.id));
  }),
);

usersRouter.get(
  '/:id/audit',
  authenticate,
  managersOnly,
  validate({ params: IdParamsSchema, query: ListAuditQuerySchema }, async (ctx, { params, query }) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await listStaffAudit(params.id, query);
  }),
);

/** The kaimahi of one service, names only: whom a follow-up can be assigned to (decision 106). */
export const serviceStaffRouter = new Router<AppState>({ prefix: '/api/services/:key/staff' });

serviceStaffRouter.get(
  '/',
  authenticate,
  requireAccess(limits.accessMin),
  validate({ params: ServiceStaffParamsSchema }, async (ctx, { params }) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = (await listServiceStaff(actorFromContext(ctx), params.key)).map(presentServiceStaffMember);
  }),
);
