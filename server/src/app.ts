import type Router from '@koa/router';
import zlib from 'node:zlib';
import Koa from 'koa';
import compress from 'koa-compress';
import { koaBody } from 'koa-body';
import { limits } from '../contract/limits';
import { getConfig } from './config';
import { auditRouter } from './features/audit/audit.routes';
import { authRouter } from './features/auth/auth.routes';
import { clientsRouter } from './features/clients/clients.routes';
import { contentRouter } from './features/content/content.routes';
import { countersRouter } from './features/counters/counters.routes';
import { dashboardRouter } from './features/dashboard/dashboard.routes';
import { enrolmentsRouter } from './features/enrolments/enrolments.routes';
import { importRouter } from './features/import/import.routes';
import { logsRouter } from './features/logs/logs.routes';
import { mergeRouter } from './features/merge/merge.routes';
import { outputsRouter } from './features/reports/outputs.routes';
import { reportsRouter } from './features/reports/reports.routes';
import { servicesRouter } from './features/services/services.routes';
import { siteRouter } from './features/site/site.routes';
import { createSyncRouter } from './features/sync/sync.routes';
import { textsRouter } from './features/texts/texts.routes';
import { translationsRouter } from './features/translations/translations.routes';
import { serviceStaffRouter, usersRouter } from './features/users/users.routes';
import { authenticateMember } from './features/whanau-app/member-auth';
import { privacyRequestsRouter, whanauAppRouter, whanauDevicesRouter } from './features/whanau-app/whanau-app.routes';
import { followUpsRouter, whanauRouter } from './features/whanau/whanau.routes';
import type { AppState } from './lib/app-context';
import { authenticate, authenticateBeforeBody } from './lib/auth';
import { handleErrors } from './lib/error-handler';
import { limitAnonymousBodyTime, limitRequestsPerAddress } from './lib/request-limits';
import { logRequests, logResponseFailure } from './lib/request-log';
import { cors, securityHeaders } from './lib/security-headers';
import { chooseLanguage, renderPages } from './lib/render-page';
import { serveApp } from './lib/serve-app';
import { syncHandlers } from './sync-handlers';

const routers: Router<AppState>[] = [
  authRouter,
  servicesRouter,
  outputsRouter,
  serviceStaffRouter,
  countersRouter,
  siteRouter,
  translationsRouter,
  textsRouter,
  contentRouter,
  enrolmentsRouter,
  clientsRouter,
  whanauRouter,
  whanauDevicesRouter,
  whanauAppRouter,
  privacyRequestsRouter,
  followUpsRouter,
  dashboardRouter,
  reportsRouter,
  createSyncRouter(syncHandlers),
  logsRouter,
  usersRouter,
  auditRouter,
  mergeRouter,
  importRouter,
];

/** Builds the app without listening: `main.ts` listens, tests drive `app.callback()`. */
export function createApp(): Koa<AppState> {
  const config = getConfig();
  // Only the last `proxyHops` entries of X-Forwarded-For are ours; anything before them the caller wrote.
  const app = new Koa<AppState>({ proxy: config.proxyHops > 0, maxIpsCount: config.proxyHops });

  // Outermost, so every API request is logged once with the status it finally got, failures included.
  app.use(logRequests);
  // Public pages the server keeps rendered are forgotten when the public content changes (decisions 097, 112).
  const publicPages = renderPages(config.pwaDist, {
    keepForMs: config.renderedPageMs,
    staleForMs: config.renderedPageStaleMs,
    queueMax: config.renderQueueMax,
    publicUrl: config.publicUrl,
  });
  app.use(handleErrors);
  app.use(securityHeaders);
  app.use(cors);
  // API answers over 1 KB leave compressed; the app's files are compressed once, at build time.
  app.use(
    compress({
      threshold: 1024,
      br: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
      gzip: { level: 6 },
      deflate: false,
    }),
  );
  // Behind a proxy every connection is the proxy's: one visitor's requests at once are capped here (decision 112).
  if (config.proxyHops > 0) app.use(limitRequestsPerAddress(config.http.maxConnectionsPerAddress));
  app.use(authenticateBeforeBody(routers, [authenticate, authenticateMember]));
  app.use(limitAnonymousBodyTime(config.http.anonymousBodyTimeoutMs));
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
  app.use(chooseLanguage);
  app.use(publicPages.render);
  app.use(serveApp(config.pwaDist));

  app.on('error', logResponseFailure);
  return app;
}
