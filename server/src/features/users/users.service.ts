import { Op, fn, col, where, type Transaction } from 'sequelize';
import { limits } from '../../../contract/limits';
import type { CreateUserInput, UpdateUserInput } from '../../../contract/users';
import { User } from '../../db/models/user';
import { sequelize } from '../../db/sequelize';
import type { AuditEvent as AuditEventBody } from '../../../contract/audit';
import type { Page, PageQuery } from '../../../contract/common';
import { AuditEvent } from '../../db/models/audit-event';
import { actorOf, commandLine, presentRecordTrail, recordAudit, type Actor } from '../../lib/audit';
import { ApiError, conflict, forbidden, notFound } from '../../lib/errors';
import { canWorkUnder, worksOnAny } from '../../lib/need-to-know';
import { hashPassword } from '../../lib/passwords';

// `param` lets the app's form show the message on the field at fault.
const aboveOwnAccess = () => new ApiError(403, [{ msg: 'You cannot give an access level above your own', code: 'access_too_high', param: 'access' }]);
const emailInUse = () => conflict('That email is already in use', 'email', 'already_in_use');
const lastOwner = (param?: string) => conflict('This is the last active owner: give another account owner access first', param, 'last_owner');
const lastManager = (param?: string) => conflict('This is the last active manager: give another account manager access first', param, 'last_manager');

/** Staff accounts by name (then email, so the order is the same on SQLite and PostgreSQL). */
export function listStaff(): Promise<User[]> {
  return User.findAll({
    order: [
      [fn('lower', col('name')), 'ASC'],
      ['email', 'ASC'],
    ],
  });
}

/**
 * The active staff who work on a service, by name: whom a follow-up can be assigned to (decision
 * 106). A kaimahi may ask only of their own services (404 otherwise, as for a record they may not
 * see); managers of any. Staff are few: the services are filtered here, the same on both databases.
 */
export async function listServiceStaff(actor: Actor, serviceKey: string): Promise<User[]> {
  if (!canWorkUnder(actor, serviceKey)) throw notFound('Service not found');
  const active = await User.findAll({
    where: { active: true },
    order: [
      [fn('lower', col('name')), 'ASC'],
      ['email', 'ASC'],
    ],
  });
  return active.filter((user) => worksOnAny(actorOf(user), [serviceKey]));
}

/** One account; inside a transaction its row is locked (PostgreSQL) until the change commits. */
export async function findStaff(id: string, transaction?: Transaction): Promise<User> {
  const user = await User.findByPk(id, { transaction, lock: Boolean(transaction) });
  if (!user) throw notFound('Account not found');
  return user;
}

/** Emails are stored lower-case; comparing with lower() as well guards rows written before that rule. */
function findByEmail(email: string, transaction: Transaction): Promise<User | null> {
  return User.findOne({ where: where(fn('lower', col('email')), email.toLowerCase()), transaction });
}

/** The signed-in manager as the database has them now, not as they were when the request began. */
async function currentActor(actorId: string, transaction: Transaction): Promise<User> {
  const actor = await User.findByPk(actorId, { transaction });
  if (!actor || !actor.active || actor.access < limits.managerAccess) throw forbidden();
  return actor;
}

/**
 * Locks every active manager row (in id order, so two requests never wait on each other in a
 * cycle). On PostgreSQL this makes a second concurrent demotion wait and then see the first
 * one's result; on SQLite the IMMEDIATE transaction already serialises writers.
 */
async function lockActiveManagers(transaction: Transaction): Promise<User[]> {
  return User.findAll({
    where: { active: true, access: { [Op.gte]: limits.managerAccess } },
    order: [['id', 'ASC']],
    lock: true,
    transaction,
  });
}

/** A manager adds a staff account: never above their own level, never a second account for one email. */
export async function createStaff(actorId: string, input: CreateUserInput): Promise<User> {
  // Hashing takes a moment: do it before the transaction so the write lock is held briefly.
  const passwordHash = await hashPassword(input.password);
  return sequelize.transaction(async (transaction) => {
    const actor = await currentActor(actorId, transaction);
    if (input.access > actor.access) throw aboveOwnAccess();
    if (await findByEmail(input.email, transaction)) throw emailInUse();
    const user = await User.create({ name: input.name, email: input.email, access: input.access, services: input.services, passwordHash }, { transaction });
    await recordAudit(
      actorOf(actor),
      { action: 'user.create', entity: 'user', entityId: user.id, fields: ['name', 'email', 'access', 'services'], details: serviceChanges([], user.services) },
      transaction,
    );
    return user;
  });
}

/**
 * A manager changes an account. Password change and deactivation raise the token version, so
 * that account's tokens stop working at once. The last active manager stays a manager.
 */
export function updateStaff(actorId: string, id: string, changes: UpdateUserInput): Promise<User> {
  return changeStaff(actorId, id, changes, { namesFields: true });
}

/** `DELETE /api/users/{id}`: the account is kept (case notes and audit events name it) but can no longer sign in. */
export function deactivateStaff(actorId: string, id: string): Promise<User> {
  // A DELETE has no fields, so its refusals name none.
  return changeStaff(actorId, id, { active: false }, { namesFields: false });
}

async function changeStaff(actorId: string, id: string, changes: UpdateUserInput, { namesFields }: { namesFields: boolean }): Promise<User> {
  const passwordHash = changes.password === undefined ? undefined : await hashPassword(changes.password);
  const removesManager = changes.active === false || (changes.access !== undefined && changes.access < limits.managerAccess);
  const removesOwner = changes.active === false || (changes.access !== undefined && changes.access < limits.accessMax);
  return sequelize.transaction(async (transaction) => {
    // Owners are managers too, so the same lock covers both rules.
    const managers = removesManager || removesOwner ? await lockActiveManagers(transaction) : [];
    const target = await findStaff(id, transaction);
    const actor = await currentActor(actorId, transaction);
    if (target.access > actor.access) throw forbidden('You cannot change an account with a higher access level than yours');
    if (changes.access !== undefined && changes.access > actor.access) throw aboveOwnAccess();
    if (changes.email !== undefined && changes.email !== target.email) {
      const holder = await findByEmail(changes.email, transaction);
      if (holder && holder.id !== target.id) throw emailInUse();
    }
    const isActiveManager = target.active && target.access >= limits.managerAccess;
    const anotherManager = managers.some((manager) => manager.id !== target.id);
    // Only the command line gives level 3 back, so the last owner keeps it (issue 21).
    const isActiveOwner = target.active && target.access >= limits.accessMax;
    const anotherOwner = managers.some((manager) => manager.id !== target.id && manager.access >= limits.accessMax);
    if (removesOwner && isActiveOwner && !anotherOwner) {
      throw lastOwner(namesFields ? (changes.active === false ? 'active' : 'access') : undefined);
    }
    if (removesManager && isActiveManager && !anotherManager) {
      throw lastManager(namesFields ? (changes.active === false ? 'active' : 'access') : undefined);
    }
    const endsSessions = passwordHash !== undefined || (changes.active === false && target.active);
    const before = { name: target.name, email: target.email, access: target.access, active: target.active, services: target.services };
    // Services are a set: the same ones in another order are no change.
    const comparable = (field: keyof typeof before, value: unknown) => JSON.stringify(field === 'services' && Array.isArray(value) ? [...value].sort() : value);
    const changed = (Object.keys(before) as (keyof typeof before)[]).filter(
      (field) => changes[field] !== undefined && comparable(field, changes[field]) !== comparable(field, before[field]),
    );
    const fields = [...changed, ...(passwordHash !== undefined ? ['password'] : [])];
    await target.update(
      {
        ...(changes.name !== undefined && { name: changes.name }),
        ...(changes.email !== undefined && { email: changes.email }),
        ...(changes.access !== undefined && { access: changes.access }),
        ...(changes.active !== undefined && { active: changes.active }),
        ...(changes.services !== undefined && { services: changes.services }),
        ...(passwordHash !== undefined && { passwordHash }),
        ...(endsSessions && { tokenVersion: target.tokenVersion + 1 }),
      },
      { transaction },
    );
    // A deactivation is its own event; any other change is an update naming the fields (never their values).
    const deactivates = changed.includes('active') && changes.active === false;
    if (deactivates) await recordAudit(actorOf(actor), { action: 'user.deactivate', entity: 'user', entityId: target.id }, transaction);
    const others = deactivates ? fields.filter((field) => field !== 'active') : fields;
    if (others.length > 0) {
      const details = changes.services && serviceChanges(before.services, changes.services);
      await recordAudit(
        actorOf(actor),
        { action: 'user.update', entity: 'user', entityId: target.id, fields: others, ...(details && { details }) },
        transaction,
      );
    }
    return target;
  });
}

/** Which services an edit added and took away (service keys, comma-separated), for the account's history. */
function serviceChanges(before: readonly string[], after: readonly string[]): Record<string, string> | undefined {
  const added = after.filter((key) => !before.includes(key));
  const removed = before.filter((key) => !after.includes(key));
  if (added.length === 0 && removed.length === 0) return undefined;
  return { ...(added.length > 0 && { servicesAdded: added.join(',') }), ...(removed.length > 0 && { servicesRemoved: removed.join(',') }) };
}

/**
 * The command line's `create-user`: creates the account, or when the email exists (any case)
 * sets its name, access and password, reactivates it and ends its sessions.
 */
export async function saveStaffFromCommandLine(input: CreateUserInput): Promise<{ user: User; created: boolean }> {
  const passwordHash = await hashPassword(input.password);
  return sequelize.transaction(async (transaction) => {
    const existing = await findByEmail(input.email, transaction);
    if (!existing) {
      const user = await User.create({ name: input.name, email: input.email, access: input.access, passwordHash }, { transaction });
      await recordAudit(commandLine, { action: 'user.create', entity: 'user', entityId: user.id, fields: ['name', 'email', 'access'] }, transaction);
      return { user, created: true };
    }
    const changed = (['name', 'email', 'access', 'active'] as const).filter((field) => existing[field] !== { ...input, active: true }[field]);
    await existing.update(
      { name: input.name, email: input.email, access: input.access, passwordHash, active: true, tokenVersion: existing.tokenVersion + 1 },
      { transaction },
    );
    await recordAudit(commandLine, { action: 'user.update', entity: 'user', entityId: existing.id, fields: [...changed, 'password'] }, transaction);
    return { user: existing, created: false };
  });
}

/** `GET /api/users/{id}/audit`: what was done to one staff account, newest first (managers only). */
export async function listStaffAudit(id: string, page: PageQuery): Promise<Page<AuditEventBody>> {
  await findStaff(id);
  const { rows, count } = await AuditEvent.findAndCountAll({
    where: { entity: 'user', entityId: id },
    order: [['seq', 'DESC']],
    limit: page.pageSize,
    offset: (page.page - 1) * page.pageSize,
  });
  return { items: presentRecordTrail(rows), total: count, page: page.page, pageSize: page.pageSize };
}
