import Router from '@koa/router';
import type { AppState } from '../../lib/app-context';

export const logsRouter = new Router<AppState>({ prefix: '/api/logs' });
