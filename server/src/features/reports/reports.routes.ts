import Router from '@koa/router';
import { limits } from '../../../contract/limits';
import { ReportExportQuerySchema, ReportQuerySchema, ReportTableParamsSchema } from '../../../contract/reports';
import type { AppState } from '../../lib/app-context';
import { actorFromContext } from '../../lib/audit';
import { authenticate, requireAccess } from '../../lib/auth';
import { validate } from '../../lib/validate';
import { buildReportCard } from './report-card.service';
import { reportTableCsv } from './reports.csv';
import { buildExport, buildReport } from './reports.service';

/**
 * Reports for funders (DESIGN §4d): managers for any services; with `scope=mine` any staff, for
 * their own services (the dashboard's figures). Counts only; the CSV hides counts below 5.
 */
export const reportsRouter = new Router<AppState>({ prefix: '/api/reports' });

reportsRouter.get(
  '/',
  authenticate,
  requireAccess(limits.accessMin),
  validate({ query: ReportQuerySchema }, async (ctx, { query }) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await buildReport(actorFromContext(ctx), query);
  }),
);

/** The report card's figures (issue 35): so far "how well" for enrolments, by service and beside a year earlier. */
reportsRouter.get(
  '/card',
  authenticate,
  requireAccess(limits.accessMin),
  validate({ query: ReportQuerySchema }, async (ctx, { query }) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await buildReportCard(actorFromContext(ctx), query);
  }),
);

reportsRouter.get(
  '/:table.csv',
  authenticate,
  requireAccess(limits.accessMin),
  validate({ params: ReportTableParamsSchema, query: ReportExportQuerySchema }, async (ctx, { params, query }) => {
    const { report, hidden } = await buildExport(actorFromContext(ctx), query, params.table);
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Content-Disposition', `attachment; filename="${params.table}-${report.from}-to-${report.to}.csv"`);
    ctx.type = 'text/csv; charset=utf-8';
    ctx.body = reportTableCsv(report, params.table, hidden);
  }),
);
