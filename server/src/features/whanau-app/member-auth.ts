import type { Next } from 'koa';
import { WhanauDevice } from '../../db/models/whanau-app';
import type { AppContext } from '../../lib/app-context';
import { now } from '../../lib/clock';
import { unauthorized } from '../../lib/errors';
import type { MemberCaller } from '../../lib/need-to-know';
import { verifyMemberToken } from '../../lib/tokens';
import { callerOf } from './devices.service';

/** How often a device's `lastSeenAt` is written: not on every request of a sync. */
const lastSeenEveryMs = 60_000;

/**
 * Requires a linked phone's token (decision 129): signed by us for the whānau app (a staff token
 * is refused, as this one is on staff routes), its device not unlinked, and its member still in
 * the whānau. A refused phone wipes its copy (the app does, on this 401).
 */
export async function authenticateMember(ctx: AppContext, next: Next): Promise<void> {
  // Already checked for this request by `authenticateBeforeBody`.
  if (ctx.state.member && ctx.state.token) return next();
  const token = ctx.get('x-auth-token');
  if (!token) throw unauthorized('No token, authorisation denied');
  const claims = verifyMemberToken(token);
  if (!claims) throw unauthorized('Token is not valid', 'invalid_token');
  const device = await WhanauDevice.findByPk(claims.sub);
  if (!device || device.revokedAt || device.tokenVersion !== claims.ver) throw unauthorized('This phone is no longer linked', 'invalid_token');
  const member = await callerOf(device);
  if (!member) throw unauthorized('This phone is no longer linked', 'invalid_token');
  const at = now();
  if (at - device.lastSeenAt.getTime() >= lastSeenEveryMs) await device.update({ lastSeenAt: new Date(at) });
  ctx.state.member = member;
  ctx.state.token = claims;
  await next();
}

/** The linked phone's member; only for handlers behind `authenticateMember`. */
export function memberOf(ctx: AppContext): MemberCaller {
  const { member } = ctx.state;
  if (!member) throw unauthorized();
  return member;
}
