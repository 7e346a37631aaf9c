import Router from '@koa/router';
import type { AppState } from '../../lib/app-context';

export const usersRouter = new Router<AppState>({ prefix: '/api/users' });
