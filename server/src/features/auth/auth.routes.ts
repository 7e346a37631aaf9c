import Router from '@koa/router';
import { ChangePasswordSchema, LoginSchema, type DeviceKey } from '../../../contract/auth';
import type { AppState } from '../../lib/app-context';
import { authenticate, signedIn } from '../../lib/auth';
import { StaffPasswordSchema } from '../../lib/password-policy';
import { deviceSecretFor } from '../../lib/tokens';
import { validate } from '../../lib/validate';
import { presentCurrentUser } from './auth.presenter';
import { changeOwnPassword, logIn, logOut } from './auth.service';

export const authRouter = new Router<AppState>({ prefix: '/api/auth' });

authRouter.post(
  '/',
  validate({ body: LoginSchema }, async (ctx, { body }) => {
    ctx.body = { token: await logIn(body.email, body.password, ctx.ip) };
  }),
);

authRouter.get('/', authenticate, (ctx) => {
  ctx.body = presentCurrentUser(signedIn(ctx).user);
});

/**
 * The device secret of this session (the app wraps the staff copy's key with it on this device).
 * Never cached; gone once the token is signed out, expires or is revoked.
 */
authRouter.get('/device-key', authenticate, (ctx) => {
  ctx.set('Cache-Control', 'no-store');
  ctx.body = { deviceKey: deviceSecretFor(signedIn(ctx).token) } satisfies DeviceKey;
});

authRouter.post('/logout', authenticate, async (ctx) => {
  await logOut(signedIn(ctx).token);
  ctx.status = 204;
});

const ChangeOwnPasswordSchema = ChangePasswordSchema.extend({ newPassword: StaffPasswordSchema });

/** A signed-in person changes their own password; their other sessions end, this one gets a new token. */
authRouter.post(
  '/password',
  authenticate,
  validate({ body: ChangeOwnPasswordSchema }, async (ctx, { body }) => {
    ctx.body = { token: await changeOwnPassword(signedIn(ctx).user, body.currentPassword, body.newPassword, ctx.ip) };
  }),
);
