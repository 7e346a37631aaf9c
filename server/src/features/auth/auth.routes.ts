import Router from '@koa/router';
import { LoginSchema } from '../../../contract/auth';
import type { AppState } from '../../lib/app-context';
import { authenticate, signedIn } from '../../lib/auth';
import { validate } from '../../lib/validate';
import { presentCurrentUser } from '../users/users.presenter';
import { logIn, logOut } from './auth.service';

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

authRouter.post('/logout', authenticate, async (ctx) => {
  await logOut(signedIn(ctx).token);
  ctx.status = 204;
});
