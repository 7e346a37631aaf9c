import Router from '@koa/router';
import { ListAuditQuerySchema } from '../../../contract/audit';
import {
  CaseloadQuerySchema,
  CreateClientSchema,
  CreateNoteSchema,
  EnrolmentDuplicatesQuerySchema,
  ExportQuerySchema,
  FromEnrolmentQuerySchema,
  EraseClientSchema,
  ListClientsQuerySchema,
  UpdateClientSchema,
} from '../../../contract/clients';
import { IdParamsSchema, IdSchema, PageQuerySchema } from '../../../contract/common';
import { limits } from '../../../contract/limits';
import type { AppState } from '../../lib/app-context';
import { actorFromContext } from '../../lib/audit';
import { authenticate, requireAccess } from '../../lib/auth';
import { requirePublishedStatement } from '../../lib/statement-versions';
import { validate } from '../../lib/validate';
import { caseloadChanges } from './caseload.service';
import { archiveClient, eraseClient, listRetentionCandidates, reviewErasure } from './retention.service';
import {
  addNoteOnce,
  createClientOnce,
  exportAsCsv,
  exportClient,
  findClientDuplicates,
  findEnrolmentDuplicates,
  listClientAudit,
  listClientHistory,
  listClients,
  shareNote,
  updateClientOnce,
  viewClient,
} from './clients.service';
import { actingAt } from '../../lib/written-at';

/**
 * Client records and case notes, for kaimahi (need-to-know, lib/need-to-know.ts) and managers.
 * People's details: no answer may be cached, and nothing here logs a body.
 */
export const clientsRouter = new Router<AppState>({ prefix: '/api/clients' });

clientsRouter.use(authenticate, requireAccess(limits.accessMin), async (ctx, next) => {
  await next();
  ctx.set('Cache-Control', 'no-store');
});
const managersOnly = requireAccess(limits.managerAccess);

clientsRouter.get(
  '/',
  validate({ query: ListClientsQuerySchema }, async (ctx, { query }) => {
    ctx.body = await listClients(actorFromContext(ctx), query);
  }),
);

clientsRouter.post(
  '/',
  validate({ query: FromEnrolmentQuerySchema, body: CreateClientSchema }, async (ctx, { query, body }) => {
    await requirePublishedStatement(body.consent, 'consent.statementVersion');
    const request = { fromEnrolment: query.fromEnrolment ?? null, body: ctx.request.body };
    const { writtenAt, ...input } = body;
    const outcome = await createClientOnce(
      actingAt(actorFromContext(ctx), writtenAt),
      input,
      query.fromEnrolment ? { id: query.fromEnrolment, param: 'fromEnrolment' } : undefined,
      request,
    );
    ctx.status = outcome.status;
    ctx.body = outcome.body;
  }),
);

clientsRouter.get(
  '/duplicates',
  validate({ query: EnrolmentDuplicatesQuerySchema }, async (ctx, { query }) => {
    ctx.body = await findEnrolmentDuplicates(actorFromContext(ctx), query.enrolment);
  }),
);

// People with no contact for the retention period (decision 089); managers only, before '/:id'.
clientsRouter.get(
  '/retention',
  managersOnly,
  validate({ query: PageQuerySchema }, async (ctx, { query }) => {
    ctx.body = await listRetentionCandidates(actorFromContext(ctx), query);
  }),
);

// The caseload for the device's encrypted copy (decision 045); before '/:id' so it is not an id.
clientsRouter.get(
  '/caseload',
  validate({ query: CaseloadQuerySchema }, async (ctx, { query }) => {
    ctx.body = await caseloadChanges(actorFromContext(ctx), query);
  }),
);

clientsRouter.get(
  '/:id',
  validate({ params: IdParamsSchema }, async (ctx, { params }) => {
    ctx.body = await viewClient(actorFromContext(ctx), params.id);
  }),
);

clientsRouter.patch(
  '/:id',
  validate({ params: IdParamsSchema, body: UpdateClientSchema }, async (ctx, { params, body }) => {
    await requirePublishedStatement(body.changes.consent, 'changes.consent.statementVersion');
    const outcome = await updateClientOnce(actorFromContext(ctx), params.id, body, ctx.request.body);
    ctx.status = outcome.status;
    ctx.body = outcome.body;
  }),
);

clientsRouter.post(
  '/:id/notes',
  validate({ params: IdParamsSchema, body: CreateNoteSchema }, async (ctx, { params, body }) => {
    const { writtenAt, ...input } = body;
    const outcome = await addNoteOnce(actingAt(actorFromContext(ctx), writtenAt), params.id, input, ctx.request.body);
    ctx.status = outcome.status;
    ctx.body = outcome.body;
  }),
);

const NoteParamsSchema = IdParamsSchema.extend({ noteId: IdSchema });

clientsRouter.post(
  '/:id/notes/:noteId/share',
  validate({ params: NoteParamsSchema }, async (ctx, { params }) => {
    ctx.body = await shareNote(actorFromContext(ctx), params.id, params.noteId);
  }),
);

clientsRouter.get(
  '/:id/duplicates',
  validate({ params: IdParamsSchema }, async (ctx, { params }) => {
    ctx.body = await findClientDuplicates(actorFromContext(ctx), params.id);
  }),
);

clientsRouter.post(
  '/:id/archive',
  managersOnly,
  validate({ params: IdParamsSchema }, async (ctx, { params }) => {
    ctx.body = await archiveClient(actorFromContext(ctx), params.id);
  }),
);

clientsRouter.get(
  '/:id/erasure-review',
  managersOnly,
  validate({ params: IdParamsSchema }, async (ctx, { params }) => {
    ctx.body = await reviewErasure(actorFromContext(ctx), params.id);
  }),
);

clientsRouter.post(
  '/:id/erase',
  managersOnly,
  validate({ params: IdParamsSchema, body: EraseClientSchema }, async (ctx, { params, body }) => {
    ctx.body = await eraseClient(actorFromContext(ctx), params.id, body);
  }),
);

clientsRouter.get(
  '/:id/audit',
  managersOnly,
  validate({ params: IdParamsSchema, query: ListAuditQuerySchema }, async (ctx, { params, query }) => {
    ctx.body = await listClientAudit(actorFromContext(ctx), params.id, query);
  }),
);

clientsRouter.get(
  '/:id/history',
  managersOnly,
  validate({ params: IdParamsSchema, query: PageQuerySchema }, async (ctx, { params, query }) => {
    ctx.body = await listClientHistory(actorFromContext(ctx), params.id, query);
  }),
);

clientsRouter.get(
  '/:id/export',
  managersOnly,
  validate({ params: IdParamsSchema, query: ExportQuerySchema }, async (ctx, { params, query }) => {
    const data = await exportClient(actorFromContext(ctx), params.id, query.format);
    const name = `client-${params.id}.${query.format}`;
    ctx.set('Content-Disposition', `attachment; filename="${name}"`);
    if (query.format === 'csv') {
      ctx.type = 'text/csv; charset=utf-8';
      ctx.body = exportAsCsv(data);
    } else {
      ctx.body = data;
    }
  }),
);
