import Router from '@koa/router';
import { limits } from '../../../contract/limits';
import type { AppState } from '../../lib/app-context';
import { authenticate, requireAccess } from '../../lib/auth';
import { presentLogFile } from './logs.presenter';
import { deleteLogFile, listLogFiles, readLogFile } from './logs.service';

/** Operational log files, for managers. Files are addressed only by ids of the current listing. */
export const logsRouter = new Router<AppState>({ prefix: '/api/logs' });

logsRouter.use(authenticate, requireAccess(limits.managerAccess));

logsRouter.get('/', (ctx) => {
  ctx.body = listLogFiles().map(presentLogFile);
});

logsRouter.get('/:id', (ctx) => {
  const text = readLogFile(ctx.params.id ?? '');
  ctx.type = 'text/plain; charset=utf-8';
  // Logs are for the manager who asked: no shared or browser cache keeps a copy.
  ctx.set('Cache-Control', 'no-store');
  ctx.body = text;
});

// 200 with a message rather than 204, chosen for every log delete: the answer says what was done.
logsRouter.delete('/:id', (ctx) => {
  deleteLogFile(ctx.params.id ?? '');
  ctx.body = { msg: 'Log file deleted' };
});
