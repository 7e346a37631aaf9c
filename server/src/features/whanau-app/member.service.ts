import crypto from 'node:crypto';
import { Op, literal } from 'sequelize';
import type { SharedGoal, SharedStep, WhanauAppView, WhanauShareRecord } from '../../../contract/whanau-app';
import { siteRowId } from '../../db/migrations/006-site';
import { Enrolment } from '../../db/models/enrolment';
import { SiteSettings } from '../../db/models/site-settings';
import { User } from '../../db/models/user';
import { Goal, Task, Whanau } from '../../db/models/whanau';
import { DetailChangeRow, PrivacyRequest, WhanauShare } from '../../db/models/whanau-app';
import { sequelize } from '../../db/sequelize';
import { memberVoice } from './voice.service';
import { recordAudit, type Actor } from '../../lib/audit';
import { now } from '../../lib/clock';
import { unauthorized, notFound } from '../../lib/errors';
import {
  findSharedTask,
  findVisibleWhanau,
  memberEnrolmentsWhere,
  memberOwnClient,
  sharedItemsSql,
  visibleGoalsWhere,
  visibleTasksSql,
  type MemberCaller,
} from '../../lib/need-to-know';
import { memberActor } from './devices.service';
import { personName, presentDetailChange, presentPrivacyRequest } from './privacy.service';

/**
 * What a linked phone reads (DESIGN §4e): its member's own details and enrolments, the whānau's
 * name, and only the goals and steps a kaimahi shared (decision 130). Each read is audited.
 */
export async function memberView(member: MemberCaller): Promise<WhanauAppView> {
  return sequelize.transaction(async (transaction) => {
    const client = await memberOwnClient(member, transaction);
    const whanau = await Whanau.findByPk(member.whanauId, { attributes: ['id', 'name'], transaction });
    if (!client || !whanau) throw unauthorized('This phone is no longer linked', 'invalid_token');
    const [changes, requests] = await Promise.all([
      DetailChangeRow.findAll({ where: { clientId: member.clientId }, order: [['createdAt', 'DESC']], transaction }),
      PrivacyRequest.findAll({ where: { clientId: member.clientId }, order: [['receivedAt', 'DESC']], transaction }),
    ]);
    const [enrolments, goals, tasks, shares, site] = await Promise.all([
      Enrolment.findAll({ where: memberEnrolmentsWhere(member), order: [['receivedAt', 'DESC']], transaction }),
      Goal.findAll({ where: literal(sharedItemsSql(member, 'goal', '"Goal"')), order: [['createdAt', 'ASC']], transaction }),
      Task.findAll({ where: literal(sharedItemsSql(member, 'task', '"Task"')), order: [['dueOn', 'ASC']], transaction }),
      WhanauShare.findAll({ where: { whanauId: member.whanauId }, transaction }),
      SiteSettings.findByPk(siteRowId, { transaction }),
    ]);
    const sharedAt = new Map(shares.map((share) => [share.itemId, share.sharedAt.toISOString()]));
    const sharedGoalIds = new Set(goals.map((goal) => goal.id));
    const voice = await memberVoice(member, sharedGoalIds, client.preferredName || client.givenName, transaction);
    await recordAudit(memberActor(member), { action: 'view', entity: 'whanau_app', entityId: member.whanauId, clientId: member.clientId }, transaction);
    return {
      whanau: { _id: whanau.id, name: whanau.name },
      member: {
        _id: client.id,
        givenName: client.givenName,
        familyName: client.familyName,
        preferredName: client.preferredName,
        phone: client.phone,
        email: client.email,
        address: client.address,
        suburb: client.suburb,
      },
      enrolments: enrolments.map((enrolment) => ({
        _id: enrolment.id,
        serviceKey: enrolment.serviceKey,
        status: enrolment.status,
        receivedAt: enrolment.receivedAt.toISOString(),
      })),
      goals: goals.map((goal): SharedGoal => ({
        _id: goal.id,
        area: goal.area,
        text: goal.text,
        status: goal.status,
        targetDate: goal.targetDate,
        sharedAt: sharedAt.get(goal.id) ?? '',
      })),
      steps: tasks.map((task): SharedStep => ({
        _id: task.id,
        goalId: task.goalId && sharedGoalIds.has(task.goalId) ? task.goalId : null,
        text: task.text,
        dueOn: task.dueOn,
        done: task.doneAt !== null,
        sharedAt: sharedAt.get(task.id) ?? '',
      })),
      trust: { name: site?.name ?? null, phone: site?.phone ?? null, email: site?.email ?? null, address: site?.address ?? null, hours: site?.hours ?? null },
      detailChanges: changes.map(presentDetailChange),
      privacyRequests: requests.map((request) => presentPrivacyRequest(request, new Map([[client.id, personName(client)]]))),
      voice,
    };
  });
}

/** Text of an iCalendar value: backslash, semicolon, comma and line breaks escaped (RFC 5545 §3.3.11). */
const icsText = (value: string) => value.replace(/[\\;,]/g, (char) => `\\${char}`).replace(/\r?\n/g, '\\n');
const icsDate = (day: string) => day.replaceAll('-', '');

/** A shared step or visit as an all-day calendar event ("Add to my calendar"); audited as a read. */
export async function stepCalendar(member: MemberCaller, taskId: string): Promise<string> {
  return sequelize.transaction(async (transaction) => {
    const task = await findSharedTask(member, taskId, transaction);
    await recordAudit(
      memberActor(member),
      { action: 'view', entity: 'task', entityId: task.id, clientId: member.clientId, details: { as: 'calendar' } },
      transaction,
    );
    const next = new Date(`${task.dueOn}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    const stamp = new Date(now())
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
    return [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Te Whare Trust//Whanau app//EN',
      'BEGIN:VEVENT',
      `UID:${task.id}@whanau-app`,
      `DTSTAMP:${stamp}`,
      `DTSTART;VALUE=DATE:${icsDate(task.dueOn)}`,
      `DTEND;VALUE=DATE:${icsDate(next.toISOString().slice(0, 10))}`,
      `SUMMARY:${icsText(task.text)}`,
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
  });
}

/**
 * A kaimahi shares a goal or follow-up they may see with its whānau, or stops sharing it
 * (decision 130). The phone drops an unshared item at its next sync. Audited either way.
 */
export async function setShared(actor: Actor, whanauId: string, itemKind: 'goal' | 'task', itemId: string, shared: boolean): Promise<WhanauShareRecord[]> {
  await sequelize.transaction(async (transaction) => {
    await findVisibleWhanau(actor, whanauId, transaction);
    const item =
      itemKind === 'goal'
        ? await Goal.findOne({ where: { [Op.and]: [{ id: itemId, whanauId }, visibleGoalsWhere(actor)] }, attributes: ['id'], transaction })
        : await Task.findOne({ where: { [Op.and]: [{ id: itemId, whanauId }, literal(visibleTasksSql(actor, '"Task"'))] }, attributes: ['id'], transaction });
    if (!item) throw notFound(itemKind === 'goal' ? 'Goal not found' : 'Follow-up not found');
    const existing = await WhanauShare.findOne({ where: { itemKind, itemId }, transaction });
    if (shared === Boolean(existing)) return;
    if (existing) await existing.destroy({ transaction });
    else await WhanauShare.create({ id: crypto.randomUUID(), whanauId, itemKind, itemId, sharedBy: actor.id, sharedAt: new Date(now()) }, { transaction });
    await recordAudit(actor, { action: 'update', entity: 'whanau_share', entityId: itemId, details: { itemKind, shared: String(shared) } }, transaction);
  });
  return listShares(actor, whanauId);
}

/** What is shared with a whānau, of the items the kaimahi may see (managers: all). */
export async function listShares(actor: Actor, whanauId: string): Promise<WhanauShareRecord[]> {
  await findVisibleWhanau(actor, whanauId);
  const [goals, tasks] = await Promise.all([
    Goal.findAll({ where: { [Op.and]: [{ whanauId }, visibleGoalsWhere(actor)] }, attributes: ['id'] }),
    Task.findAll({ where: { [Op.and]: [{ whanauId }, literal(visibleTasksSql(actor, '"Task"'))] }, attributes: ['id'] }),
  ]);
  const visible = new Set([...goals, ...tasks].map((item) => item.id));
  const shares = (await WhanauShare.findAll({ where: { whanauId }, order: [['sharedAt', 'ASC']] })).filter((share) => visible.has(share.itemId));
  const users = await User.findAll({ where: { id: [...new Set(shares.map((share) => share.sharedBy))] }, attributes: ['id', 'name'] });
  const names = new Map(users.map((user) => [user.id, user.name]));
  return shares.map((share) => ({
    itemKind: share.itemKind,
    itemId: share.itemId,
    sharedWithWhanau: true,
    sharedBy: share.sharedBy,
    sharedByName: names.get(share.sharedBy) ?? 'Unknown',
    sharedAt: share.sharedAt.toISOString(),
  }));
}
