import Router from '@koa/router';
import { limits } from '../../../contract/limits';
import { ReportExportQuerySchema, ReportQuerySchema, ReportTableParamsSchema } from '../../../contract/reports';
import type { AppState } from '../../lib/app-context';
import { actorFromContext } from '../../lib/audit';
import { authenticate, requireAccess } from '../../lib/auth';
import { validate } from '../../lib/validate';
import { buildCardExport, buildReportCard } from './report-card.service';
import { reportCardXlsx } from './report-card.xlsx';
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

/** The report card (issue 35): how much, how well and better off, by service, beside a year earlier, with four quarters' trend. */
reportsRouter.get(
  '/card',
  authenticate,
  requireAccess(limits.accessMin),
  validate({ query: ReportQuerySchema }, async (ctx, { query }) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await buildReportCard(actorFromContext(ctx), query);
  }),
);

/** The whole card as one spreadsheet (.xlsx): a whole period, one service or all, suppressed as the CSV files are. */
reportsRouter.get(
  '/card.xlsx',
  authenticate,
  requireAccess(limits.accessMin),
  validate({ query: ReportExportQuerySchema }, async (ctx, { query }) => {
    const { card, hidden } = await buildCardExport(actorFromContext(ctx), query);
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Content-Disposition', `attachment; filename="report-card-${card.from}-to-${card.to}.xlsx"`);
    ctx.type = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    ctx.body = await reportCardXlsx(card, hidden);
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
