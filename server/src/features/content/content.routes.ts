import Router from '@koa/router';
import type { AppState } from '../../lib/app-context';

export const contentRouter = new Router<AppState>({ prefix: '/api/content' });
