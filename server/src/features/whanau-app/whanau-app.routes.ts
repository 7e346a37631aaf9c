import Router from '@koa/router';
import { z } from 'zod';
import { IdParamsSchema, IdSchema, PageQuerySchema } from '../../../contract/common';
import { limits } from '../../../contract/limits';
import { SyncRequestSchema } from '../../../contract/sync';
import { AnswerDetailChangeSchema, AnswerPrivacyRequestSchema, CreateInviteSchema, LinkDeviceSchema, ShareItemSchema } from '../../../contract/whanau-app';
import type { AppState } from '../../lib/app-context';
import { actorFromContext } from '../../lib/audit';
import { authenticate, requireAccess } from '../../lib/auth';
import { validate } from '../../lib/validate';
import { createInvite, deviceKeyOf, linkDevice, listDevices, unlinkDevice, unlinkOwnDevice } from './devices.service';
import { authenticateMember, memberOf } from './member-auth';
import { listShares, memberView, setShared, stepCalendar } from './member.service';
import { answerDetailChange, answerPrivacyRequest, listDetailChanges, listPrivacyRequests } from './privacy.service';
import { applyMemberMutations, whanauVoice } from './voice.service';

/**
 * The whānau's own app (DESIGN §4e, issue 34). Staff invite a member and manage linked phones
 * beside the whānau routes; a linked phone reaches `/api/whanau-app/...` only, with its own
 * token (decision 129). People's details: no answer may be cached.
 */
const noStore = async (ctx: { set(field: string, value: string): void }, next: () => Promise<unknown>) => {
  await next();
  ctx.set('Cache-Control', 'no-store');
};

const WhanauParams = z.object({ id: IdSchema });
const DeviceParams = z.object({ id: IdSchema, deviceId: IdSchema });

export const whanauDevicesRouter = new Router<AppState>({ prefix: '/api/whanau/:id' });
whanauDevicesRouter.use(authenticate, requireAccess(limits.accessMin), noStore);

whanauDevicesRouter.post(
  '/invites',
  validate({ params: WhanauParams, body: CreateInviteSchema }, async (ctx, { params, body }) => {
    ctx.status = 201;
    ctx.body = await createInvite(actorFromContext(ctx), params.id, body.clientId);
  }),
);

whanauDevicesRouter.get(
  '/devices',
  validate({ params: WhanauParams }, async (ctx, { params }) => {
    ctx.body = await listDevices(actorFromContext(ctx), params.id);
  }),
);

whanauDevicesRouter.post(
  '/devices/:deviceId/unlink',
  validate({ params: DeviceParams }, async (ctx, { params }) => {
    ctx.body = await unlinkDevice(actorFromContext(ctx), params.id, params.deviceId);
  }),
);

whanauDevicesRouter.get(
  '/shares',
  validate({ params: WhanauParams }, async (ctx, { params }) => {
    ctx.body = await listShares(actorFromContext(ctx), params.id);
  }),
);

/** "Share with the whānau" on a goal or follow-up, or stop sharing it (decision 130). */
whanauDevicesRouter.put(
  '/shares',
  validate({ params: WhanauParams, body: ShareItemSchema }, async (ctx, { params, body }) => {
    ctx.body = await setShared(actorFromContext(ctx), params.id, body.itemKind, body.itemId, body.shared);
  }),
);

/** The whānau's comments, suggestions and "How are we going?" ratings over time, for the whānau page. */
whanauDevicesRouter.get(
  '/voice',
  validate({ params: WhanauParams }, async (ctx, { params }) => {
    ctx.body = await whanauVoice(actorFromContext(ctx), params.id);
  }),
);

whanauDevicesRouter.get(
  '/detail-changes',
  validate({ params: WhanauParams }, async (ctx, { params }) => {
    ctx.body = await listDetailChanges(actorFromContext(ctx), params.id);
  }),
);

/** A member's proposed change to their own details: the kaimahi accepts (true) or declines each field. */
whanauDevicesRouter.post(
  '/detail-changes/:changeId/answer',
  validate({ params: z.object({ id: IdSchema, changeId: IdSchema }), body: AnswerDetailChangeSchema }, async (ctx, { params, body }) => {
    ctx.body = await answerDetailChange(actorFromContext(ctx), params.id, params.changeId, body.fields);
  }),
);

/** Privacy Act requests from the whānau app (IPP 6, IPP 7): managers only, open ones by due date. */
export const privacyRequestsRouter = new Router<AppState>({ prefix: '/api/privacy-requests' });
privacyRequestsRouter.use(authenticate, requireAccess(limits.managerAccess), noStore);

privacyRequestsRouter.get(
  '/',
  validate({ query: PageQuerySchema }, async (ctx, { query }) => {
    ctx.body = await listPrivacyRequests(actorFromContext(ctx), query);
  }),
);

privacyRequestsRouter.post(
  '/:id/answer',
  validate({ params: IdParamsSchema, body: AnswerPrivacyRequestSchema }, async (ctx, { params, body }) => {
    ctx.body = await answerPrivacyRequest(actorFromContext(ctx), params.id, body);
  }),
);

export const whanauAppRouter = new Router<AppState>({ prefix: '/api/whanau-app' });
whanauAppRouter.use(noStore);

/** Anyone with a code: guesses are held back per address and per invite (decision 129). */
whanauAppRouter.post(
  '/link',
  validate({ body: LinkDeviceSchema }, async (ctx, { body }) => {
    ctx.status = 201;
    ctx.body = await linkDevice(body.code, ctx.ip);
  }),
);

whanauAppRouter.get('/', authenticateMember, async (ctx) => {
  ctx.body = await memberView(memberOf(ctx));
});

/** The member unlinks this phone themselves. */
whanauAppRouter.post('/unlink', authenticateMember, async (ctx) => {
  await unlinkOwnDevice(memberOf(ctx), 'member');
  ctx.status = 204;
});

/** The phone's PIN was entered wrong five times: it has wiped its copy, and the link ends (DESIGN §4e). */
whanauAppRouter.post('/pin-failed', authenticateMember, async (ctx) => {
  await unlinkOwnDevice(memberOf(ctx), 'pin');
  ctx.status = 204;
});

/** This phone's device secret: it wraps the copy's key, so the app reopens with signal without the PIN. */
whanauAppRouter.get('/device-key', authenticateMember, async (ctx) => {
  ctx.body = { deviceKey: await deviceKeyOf(memberOf(ctx)) };
});

/** "Add to my calendar": a shared step or visit as an .ics file; 404 for anything not shared. */
whanauAppRouter.get(
  '/steps/:id/calendar.ics',
  authenticateMember,
  validate({ params: IdParamsSchema }, async (ctx, { params }) => {
    ctx.type = 'text/calendar; charset=utf-8';
    ctx.set('Content-Disposition', 'attachment; filename="visit.ics"');
    ctx.body = await stepCalendar(memberOf(ctx), params.id);
  }),
);

/** The phone's outbox: `whanau.comment`, `goal.suggest`, `task.done_by_whanau`, `rating.create`, each exactly once per `_id`. */
whanauAppRouter.post(
  '/sync',
  authenticateMember,
  validate({ body: SyncRequestSchema }, async (ctx, { body }) => {
    ctx.body = { results: await applyMemberMutations(memberOf(ctx), body.mutations) };
  }),
);
