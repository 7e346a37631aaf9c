import crypto from 'node:crypto';
import { Op, type Transaction } from 'sequelize';
import { nzToday } from '../../../contract/nz-days';
import { limits } from '../../../contract/limits';
import { inviteAlphabet, inviteCode, memberMinAge, type CreatedInvite, type LinkedDevice, type WhanauDeviceRecord } from '../../../contract/whanau-app';
import { getConfig } from '../../config';
import { siteRowId } from '../../db/migrations/006-site';
import { Client } from '../../db/models/client';
import { SiteSettings } from '../../db/models/site-settings';
import { WhanauMember } from '../../db/models/whanau';
import { WhanauDevice, WhanauInvite, type RevokedWhy } from '../../db/models/whanau-app';
import { sequelize } from '../../db/sequelize';
import { recordAudit, type Actor } from '../../lib/audit';
import { now } from '../../lib/clock';
import { ApiError, badRequest, notFound, unauthorized } from '../../lib/errors';
import { findVisibleClient, findVisibleWhanau, memberOwnClient, visibleClientIdsAmong, type MemberCaller } from '../../lib/need-to-know';
import { createThrottle } from '../../lib/rate-limit';
import { inviteCodeHash, memberDeviceSecretFor, signMemberToken } from '../../lib/tokens';
import { emailInviteCode, type InviteMail } from './invite-mail';

/**
 * Inviting a member and linking their phone (DESIGN §4e, decision 129). The code's first
 * characters find the invite; the rest (40 bits) is the secret, kept as a keyed hash. Guesses are
 * held back per address (growing waits, as sign-in) and per invite (five wrong tries spend it).
 */

const hourMs = 60 * 60 * 1000;
const failuresByAddress = createThrottle({
  free: limits.loginFreeFailuresPerAccountAndIp * 2,
  firstDelayMs: limits.loginFirstDelayMs,
  maxDelayMs: limits.loginMaxDelayMs,
  forgetAfterMs: limits.loginForgetAfterMs,
});

/** One answer for every wrong code (unknown, wrong, used, expired, spent), so none says which. */
const wrongCode = () =>
  new ApiError(400, [{ msg: 'That code is not right, or it has expired. Ask your kaimahi for a new one.', code: 'invalid_credentials', param: 'code' }]);

function randomCode(length: number): string {
  return Array.from({ length }, () => inviteAlphabet[crypto.randomInt(inviteAlphabet.length)]).join('');
}

/** Whole years from a date of birth to New Zealand's today. */
export function ageOn(dateOfBirth: string, today: string): number {
  const years = Number(today.slice(0, 4)) - Number(dateOfBirth.slice(0, 4));
  return today.slice(5) < dateOfBirth.slice(5) ? years - 1 : years;
}

/** The member actor's name on the audit trail: the person, and that they acted from the whānau app. */
export function memberActor(member: MemberCaller): { id: string; name: string } {
  return { id: member.clientId, name: `${member.name} (whānau app)` };
}

/**
 * A kaimahi who sees the whānau invites one of its adult members they see. Any earlier unused
 * invite of that member stops working, so only the newest code is live. The code is in this
 * answer only, and in an email to the member when they have an address and mail is set up
 * (sent after the commit, decision 137).
 */
export async function createInvite(actor: Actor, whanauId: string, clientId: string): Promise<CreatedInvite> {
  const { created, mail } = await sequelize.transaction(async (transaction) => {
    await findVisibleWhanau(actor, whanauId, transaction);
    const member = await WhanauMember.findOne({ where: { whanauId, clientId, unlinkedAt: null }, transaction });
    const client = member ? await findVisibleClient(actor, clientId, transaction).catch(() => null) : null;
    if (!client || client.archivedAt) throw badRequest('Choose a member of this whānau', 'clientId');
    if (!client.dateOfBirth) throw badRequest('Add the member’s date of birth first: only members aged 16 or over can link a phone', 'clientId');
    if (ageOn(client.dateOfBirth, nzToday(now())) < memberMinAge) throw badRequest('Only members aged 16 or over can link a phone', 'clientId');

    const at = new Date(now());
    await WhanauInvite.update({ expiresAt: at }, { where: { clientId, usedAt: null, expiresAt: { [Op.gt]: at } }, transaction });
    let lookup = randomCode(inviteCode.lookupLength);
    while (await WhanauInvite.findOne({ where: { lookup }, attributes: ['id'], transaction })) lookup = randomCode(inviteCode.lookupLength);
    const secret = randomCode(inviteCode.secretLength);
    const invite = await WhanauInvite.create(
      {
        id: crypto.randomUUID(),
        whanauId,
        clientId,
        lookup,
        codeHash: inviteCodeHash(secret),
        createdBy: actor.id,
        createdAt: at,
        expiresAt: new Date(at.getTime() + inviteCode.validHours * hourMs),
      },
      { transaction },
    );
    const code = lookup + secret;
    const emailTo = getConfig().mail ? client.email : null;
    const trustName = emailTo ? ((await SiteSettings.findByPk(siteRowId, { attributes: ['name'], transaction }))?.name ?? null) : null;
    const mail: InviteMail | null = emailTo ? { inviteId: invite.id, to: emailTo, code, trustName } : null;
    await recordAudit(
      actor,
      { action: 'create', entity: 'whanau_invite', entityId: invite.id, clientId, details: { emailed: mail ? 'yes' : 'no' } },
      transaction,
    );
    return { created: { _id: invite.id, whanauId, clientId, code, expiresAt: invite.expiresAt.toISOString() }, mail };
  });
  const emailed = mail ? await emailInviteCode(mail) : false;
  return { ...created, emailedTo: emailed ? (mail?.to ?? null) : null };
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/**
 * A phone links with a code (normalised by the contract's schema). Every wrong code costs the
 * address; a wrong secret for a real invite also costs that invite, spent at five.
 */
export async function linkDevice(code: string, ip: string): Promise<LinkedDevice> {
  const at = now();
  failuresByAddress.check(ip, at);
  const lookup = code.slice(0, inviteCode.lookupLength);
  const secret = code.slice(inviteCode.lookupLength);
  const linked = await sequelize.transaction(async (transaction) => {
    const invite = await WhanauInvite.findOne({ where: { lookup }, transaction, lock: transaction.LOCK.UPDATE });
    if (!invite || invite.usedAt || invite.expiresAt.getTime() <= at || invite.wrongTries >= inviteCode.wrongTriesPerInvite) return null;
    if (!sameHash(invite.codeHash, inviteCodeHash(secret))) {
      await invite.increment('wrongTries', { transaction });
      return null;
    }
    const spent = await WhanauInvite.update({ usedAt: new Date(at) }, { where: { id: invite.id, usedAt: null }, transaction });
    if (spent[0] !== 1) return null;
    const device = await WhanauDevice.create(
      {
        id: crypto.randomUUID(),
        whanauId: invite.whanauId,
        clientId: invite.clientId,
        inviteId: invite.id,
        linkedAt: new Date(at),
        lastSeenAt: new Date(at),
      },
      { transaction },
    );
    const member = await callerOf(device, transaction);
    if (!member) throw wrongCode();
    await recordAudit(memberActor(member), { action: 'link', entity: 'whanau_device', entityId: device.id, clientId: device.clientId }, transaction);
    return device;
  });
  if (!linked) {
    failuresByAddress.fail(ip, at);
    throw wrongCode();
  }
  return {
    token: signMemberToken(linked),
    deviceId: linked.id,
    deviceKey: memberDeviceSecretFor(linked),
    whanauId: linked.whanauId,
    clientId: linked.clientId,
  };
}

/** The member a device acts for, while they are still a linked member of that whānau; else null. */
export async function callerOf(device: WhanauDevice, transaction?: Transaction): Promise<MemberCaller | null> {
  const base = { deviceId: device.id, clientId: device.clientId, whanauId: device.whanauId, name: '' };
  const client = await memberOwnClient(base, transaction);
  if (!client) return null;
  return { ...base, name: client.preferredName || client.givenName };
}

/** Stops a device: its token is refused from now on, and the phone wipes its copy at its next contact. */
export async function revokeDevice(device: WhanauDevice, why: RevokedWhy, by: string | null, transaction: Transaction): Promise<void> {
  if (device.revokedAt) return;
  await device.update({ revokedAt: new Date(now()), revokedWhy: why, revokedBy: by, tokenVersion: device.tokenVersion + 1 }, { transaction });
}

function presentDevice(device: WhanauDevice, memberName: string): WhanauDeviceRecord {
  return {
    _id: device.id,
    whanauId: device.whanauId,
    clientId: device.clientId,
    memberName,
    linkedAt: device.linkedAt.toISOString(),
    lastSeenAt: device.lastSeenAt.toISOString(),
    revokedAt: device.revokedAt?.toISOString() ?? null,
  };
}

/** The whānau's linked phones, newest first; a member the kaimahi does not see shows as "Another member". */
export async function listDevices(actor: Actor, whanauId: string): Promise<WhanauDeviceRecord[]> {
  await findVisibleWhanau(actor, whanauId);
  const devices = await WhanauDevice.findAll({ where: { whanauId }, order: [['linkedAt', 'DESC']] });
  const seen = await visibleClientIdsAmong(
    actor,
    devices.map((device) => device.clientId),
  );
  const clients = await Client.findAll({ where: { id: [...seen] }, attributes: ['id', 'givenName', 'familyName'] });
  const names = new Map(clients.map((client) => [client.id, `${client.givenName} ${client.familyName}`.trim()]));
  return devices.map((device) => presentDevice(device, names.get(device.clientId) ?? 'Another member'));
}

/** A kaimahi who sees the whānau (or a manager) unlinks one of its phones. */
export async function unlinkDevice(actor: Actor, whanauId: string, deviceId: string): Promise<WhanauDeviceRecord> {
  return sequelize.transaction(async (transaction) => {
    await findVisibleWhanau(actor, whanauId, transaction);
    const device = await WhanauDevice.findOne({ where: { id: deviceId, whanauId }, transaction, lock: transaction.LOCK.UPDATE });
    if (!device) throw notFound('Device not found');
    if (!device.revokedAt) {
      await revokeDevice(device, 'staff', actor.id, transaction);
      await recordAudit(
        actor,
        { action: 'status', entity: 'whanau_device', entityId: device.id, clientId: device.clientId, details: { revoked: 'staff' } },
        transaction,
      );
    }
    const [seen] = [...(await visibleClientIdsAmong(actor, [device.clientId], transaction))];
    const client = seen ? await Client.findByPk(seen, { attributes: ['givenName', 'familyName'], transaction }) : null;
    return presentDevice(device, client ? `${client.givenName} ${client.familyName}`.trim() : 'Another member');
  });
}

/** The phone stops itself: the member unlinked it, or its PIN was entered wrong five times (it wipes its copy first). */
export async function unlinkOwnDevice(member: MemberCaller, why: Extract<RevokedWhy, 'member' | 'pin'>): Promise<void> {
  await sequelize.transaction(async (transaction) => {
    const device = await WhanauDevice.findByPk(member.deviceId, { transaction, lock: transaction.LOCK.UPDATE });
    if (!device || device.revokedAt) return;
    await revokeDevice(device, why, null, transaction);
    await recordAudit(
      memberActor(member),
      { action: 'status', entity: 'whanau_device', entityId: device.id, clientId: device.clientId, details: { revoked: why } },
      transaction,
    );
  });
}

/** The linked phone's device secret (it wraps the copy's key on the phone). */
export async function deviceKeyOf(member: MemberCaller): Promise<string> {
  const device = await WhanauDevice.findByPk(member.deviceId);
  if (!device) throw unauthorized('This phone is no longer linked', 'invalid_token');
  return memberDeviceSecretFor(device);
}
