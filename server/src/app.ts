import type Router from '@koa/router';
import zlib from 'node:zlib';
import Koa from 'koa';
import compress from 'koa-compress';
import { koaBody } from 'koa-body';
import { limits } from '../contract/limits';
import { getConfig } from './config';
import { authRouter } from './features/auth/auth.routes';
import { clientsRouter } from './features/clients/clients.routes';
import { contentRouter } from './features/content/content.routes';
import { dashboardRouter } from './features/dashboard/dashboard.routes';
import { enrolmentsRouter } from './features/enrolments/enrolments.routes';
import { logsRouter } from './features/logs/logs.routes';
import { servicesRouter } from './features/services/services.routes';
import { syncRouter } from './features/sync/sync.routes';
import { usersRouter } from './features/users/users.routes';
import type { AppState } from './lib/app-context';
import { handleErrors } from './lib/error-handler';
import { logger } from './lib/logger';
import { cors, securityHeaders } from './lib/security-headers';
import { serveApp } from './lib/serve-app';

const routers: Router<AppState>[] = [authRouter, servicesRouter, contentRouter, enrolmentsRouter, clientsRouter, dashboardRouter, syncRouter, logsRouter, usersRouter];

/** Builds the app without listening: `main.ts` listens, tests drive `app.callback()`. */
export function createApp(): Koa<AppState> {
  const config = getConfig();
  const app = new Koa<AppState>({ proxy: config.trustProxy });

  app.use(handleErrors);
  app.use(securityHeaders);
  app.use(cors);
  app.use(async (ctx, next) => {
    const started = performance.now();
    await next();
    // The path only: query strings can hold names people searched for.
    if (ctx.path.startsWith('/api')) {
      logger.info({ method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(performance.now() - started) }, 'request');
    }
  });
  // API answers over 1 KB leave compressed; the app's files are compressed once, at build time.
  app.use(
    compress({
      threshold: 1024,
      br: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
      gzip: { level: 6 },
      deflate: false,
    }),
  );
  app.use(
    koaBody({
      json: true,
      jsonLimit: limits.jsonBytes,
      jsonStrict: true,
      urlencoded: false,
      text: false,
      multipart: false,
    }),
  );
  for (const router of routers) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }
  app.use(serveApp(config.pwaDist));

  app.on('error', (error: unknown) => logger.error({ err: error }, 'response failed'));
  return app;
}
