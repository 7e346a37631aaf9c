import { Op, type Transaction } from 'sequelize';
import type { GoalCreatePayload, GoalRecord, GoalUpdatePayload, TaskCreatePayload, TaskRecord, TaskUpdatePayload } from '../../../contract/whanau';
import { Goal, Task, WhanauMember } from '../../db/models/whanau';
import { Client } from '../../db/models/client';
import { Enrolment } from '../../db/models/enrolment';
import { User } from '../../db/models/user';
import { actorOf, recordAudit, type Actor } from '../../lib/audit';
import { editConflict } from '../../lib/errors';
import { recordFieldChanges } from '../../lib/field-history';
import { mergeFields } from '../../lib/field-versions';
import type { OnceOutcome } from '../../lib/idempotency';
import { assertSeesClients, assertWritable, canSeeSubject, canWorkUnder, findVisibleClient, findVisibleWhanau, worksOnAny } from '../../lib/need-to-know';
import { once, payloadProblem } from './effects';
import { presentGoal } from './whanau.presenter';
import { findVisibleGoal, findVisibleTask, presentTasks, visibleTasks } from './whanau.reads';
import { writtenAtOf } from '../../lib/written-at';

/** A member named in a goal or a contact must be linked to its whānau now. */
export async function assertMembers(whanauId: string, clientIds: string[], field: string, transaction: Transaction): Promise<void> {
  const wanted = [...new Set(clientIds)];
  if (wanted.length === 0) return;
  const linked = await WhanauMember.count({ where: { whanauId, clientId: wanted, unlinkedAt: null }, transaction });
  if (linked !== wanted.length) throw payloadProblem('Not a member of this whānau', field);
}

function assertService(actor: Actor, serviceKey: string): void {
  if (!canWorkUnder(actor, serviceKey)) throw payloadProblem('You do not work on that service', 'serviceKey');
}

/** A goal or follow-up of an archived or erased person is read-only like their record: the same 409 (decisions 089, 110). */
async function assertPersonWritable(clientId: string | null, transaction: Transaction): Promise<void> {
  if (!clientId) return;
  const client = await Client.findByPk(clientId, { attributes: ['id', 'archivedAt'], transaction });
  if (client) assertWritable(client);
}

/* ---------- goals ---------- */

/** The effect of `goal.create`: a goal of the whānau plan (or of one member), under one of the writer's services. */
export async function createGoal(actor: Actor, id: string, payload: GoalCreatePayload, transaction: Transaction): Promise<GoalRecord> {
  const whanau = await findVisibleWhanau(actor, payload.whanauId, transaction);
  assertService(actor, payload.serviceKey);
  if (payload.clientId) {
    await assertSeesClients(actor, [payload.clientId], 'payload.clientId', transaction);
    await assertMembers(whanau.id, [payload.clientId], 'clientId', transaction);
  }
  const goal = await Goal.create(
    {
      id,
      whanauId: whanau.id,
      clientId: payload.clientId ?? null,
      area: payload.area,
      text: payload.text,
      status: payload.status,
      targetDate: payload.targetDate ?? null,
      serviceKey: payload.serviceKey,
      createdBy: actor.id,
      updatedBy: actor.id,
      writtenAt: writtenAtOf(actor),
    },
    { transaction },
  );
  const fields = Object.entries(payload).flatMap(([field, value]) => (value === undefined ? [] : [field]));
  await recordAudit(
    actor,
    { action: 'create', entity: 'goal', entityId: goal.id, clientId: goal.clientId, fields, details: { whanauId: whanau.id } },
    transaction,
  );
  return presentGoal(goal);
}

const goalValues = (goal: Goal) => ({
  area: goal.area,
  text: goal.text,
  status: goal.status,
  targetDate: goal.targetDate ?? null,
  clientId: goal.clientId ?? null,
});

/** The effect of `goal.update`: a field-level edit from `baseVersion`; a clash (someone changed the status meanwhile) writes nothing. */
export async function updateGoal(actor: Actor, id: string, baseVersion: number, changes: GoalUpdatePayload, transaction: Transaction): Promise<GoalRecord> {
  const goal = await findVisibleGoal(actor, id, transaction);
  await assertPersonWritable(goal.clientId, transaction);
  const current = goalValues(goal);
  const merge = mergeFields(goal, current, baseVersion, changes);
  if (merge.conflicts.length > 0) throw editConflict(merge.conflicts, presentGoal(goal));
  if (merge.changed.length === 0) return presentGoal(goal);
  const written = Object.fromEntries(merge.changed.map((field) => [field, changes[field as keyof GoalUpdatePayload] ?? null]));
  if (merge.changed.includes('clientId') && changes.clientId) {
    await assertSeesClients(actor, [changes.clientId], 'payload.clientId', transaction);
    await assertMembers(goal.whanauId, [changes.clientId], 'clientId', transaction);
  }
  const clientId = goal.clientId;
  await goal.update({ ...written, version: merge.version, fieldVersions: merge.fieldVersions, updatedBy: actor.id }, { transaction });
  await recordFieldChanges(
    actor,
    { entity: 'goal', entityId: goal.id, clientId: goal.clientId ?? clientId },
    merge.changed.map((field) => ({ field, from: current[field as keyof typeof current], to: written[field] })),
    transaction,
  );
  await recordAudit(
    actor,
    { action: 'update', entity: 'goal', entityId: goal.id, clientId: goal.clientId, fields: merge.changed, details: { whanauId: goal.whanauId } },
    transaction,
  );
  return presentGoal(goal);
}

const rereadGoal = (actor: Actor) => async (id: string, transaction?: Transaction) => presentGoal(await findVisibleGoal(actor, id, transaction));

export function createGoalOnce(actor: Actor, id: string, payload: GoalCreatePayload, request: unknown, within?: Transaction): Promise<OnceOutcome<GoalRecord>> {
  return once(actor, { id, kind: 'goal.create', request, status: 201 }, (t) => createGoal(actor, id, payload, t), rereadGoal(actor), within);
}

export function updateGoalOnce(
  actor: Actor,
  operationId: string,
  goalId: string,
  baseVersion: number,
  changes: GoalUpdatePayload,
  request: unknown,
  within?: Transaction,
): Promise<OnceOutcome<GoalRecord>> {
  return once(
    actor,
    { id: operationId, kind: 'goal.update', request, status: 200 },
    (t) => updateGoal(actor, goalId, baseVersion, changes, t),
    rereadGoal(actor),
    within,
  );
}

/* ---------- follow-ups ---------- */

/**
 * The services a follow-up belongs to (decision 106): its goal's, when it serves one; else those
 * the members of its whānau (or its client) are enrolled in.
 */
async function servicesOfTask(
  subject: { whanauId: string | null; clientId: string | null; goalId: string | null },
  transaction: Transaction,
): Promise<string[]> {
  if (subject.goalId) {
    const goal = await Goal.findByPk(subject.goalId, { attributes: ['serviceKey'], transaction });
    return goal ? [goal.serviceKey] : [];
  }
  const clientIds = subject.whanauId
    ? (await WhanauMember.findAll({ where: { whanauId: subject.whanauId, unlinkedAt: null }, attributes: ['clientId'], transaction })).map(
        (member) => member.clientId,
      )
    : subject.clientId
      ? [subject.clientId]
      : [];
  if (clientIds.length === 0) return [];
  const enrolments = await Enrolment.findAll({ where: { clientId: clientIds }, attributes: ['serviceKey'], transaction });
  return [...new Set(enrolments.map((enrolment) => enrolment.serviceKey))];
}

/**
 * Someone a follow-up may be assigned to: an active staff account that may see what it is about
 * (the whānau and the client, each when named) and works on the follow-up's service (decisions 106, 111).
 */
async function assertAssignee(
  userId: string,
  subject: { whanauId: string | null; clientId: string | null; goalId: string | null },
  transaction: Transaction,
): Promise<void> {
  const user = await User.findOne({ where: { id: userId, active: true }, transaction });
  if (!user) throw payloadProblem('No active staff account has that id', 'assignedTo');
  const assignee = actorOf(user);
  // Both the whānau and the client when it names both: else the assignee reads about someone hidden from them.
  if (!(await canSeeSubject(assignee, subject, transaction))) throw payloadProblem('That kaimahi cannot see who this follow-up is about', 'assignedTo');
  if (!worksOnAny(assignee, await servicesOfTask(subject, transaction))) {
    throw payloadProblem('That kaimahi does not work on the service of this follow-up', 'assignedTo');
  }
}

async function presentOneTask(actor: Actor, task: Task, transaction?: Transaction): Promise<TaskRecord> {
  const [presented] = await presentTasks(actor, [task], transaction);
  if (!presented) throw new Error('A follow-up was not presented');
  return presented;
}

/** The effect of `task.create`: a follow-up about a whānau or a client, maybe for a goal, assigned to the sender unless told. */
export async function createTask(actor: Actor, id: string, payload: TaskCreatePayload, transaction: Transaction): Promise<TaskRecord> {
  const goal = payload.goalId
    ? await findVisibleGoal(actor, payload.goalId, transaction).catch(() => Promise.reject(payloadProblem('No goal you can see has that id', 'goalId')))
    : undefined;
  if (goal && payload.whanauId && goal.whanauId !== payload.whanauId) throw payloadProblem('That goal is not in this whānau', 'goalId');
  const whanauId = payload.whanauId ?? goal?.whanauId ?? null;
  if (whanauId) await findVisibleWhanau(actor, whanauId, transaction);
  if (payload.clientId) {
    assertWritable(await findVisibleClient(actor, payload.clientId, transaction));
    if (whanauId) await assertMembers(whanauId, [payload.clientId], 'clientId', transaction);
  }
  const assignedTo = payload.assignedTo ?? actor.id;
  if (assignedTo !== actor.id) await assertAssignee(assignedTo, { whanauId, clientId: payload.clientId ?? null, goalId: goal?.id ?? null }, transaction);
  const task = await Task.create(
    {
      id,
      whanauId,
      clientId: payload.clientId ?? null,
      goalId: goal?.id ?? null,
      text: payload.text,
      dueOn: payload.dueOn,
      assignedTo,
      doneAt: null,
      createdBy: actor.id,
      updatedBy: actor.id,
      writtenAt: writtenAtOf(actor),
    },
    { transaction },
  );
  const fields = Object.entries(payload).flatMap(([field, value]) => (value === undefined ? [] : [field]));
  await recordAudit(
    actor,
    { action: 'create', entity: 'task', entityId: task.id, clientId: task.clientId, fields, ...(whanauId ? { details: { whanauId } } : {}) },
    transaction,
  );
  return presentOneTask(actor, task, transaction);
}

const taskValues = (task: Task) => ({
  text: task.text,
  dueOn: task.dueOn,
  assignedTo: task.assignedTo,
  doneAt: task.doneAt ? task.doneAt.toISOString() : null,
});

/** The effect of `task.update`: a field-level edit; ticking done sends `doneAt`, `null` opens it again. */
export async function updateTask(actor: Actor, id: string, baseVersion: number, changes: TaskUpdatePayload, transaction: Transaction): Promise<TaskRecord> {
  const task = await findVisibleTask(actor, id, transaction);
  await assertPersonWritable(task.clientId, transaction);
  const current = taskValues(task);
  const sent = { ...changes, ...(changes.doneAt ? { doneAt: new Date(changes.doneAt).toISOString() } : {}) };
  const merge = mergeFields(task, current, baseVersion, sent);
  if (merge.conflicts.length > 0) throw editConflict(merge.conflicts, await presentOneTask(actor, task, transaction));
  if (merge.changed.length === 0) return presentOneTask(actor, task, transaction);
  const written = Object.fromEntries(merge.changed.map((field) => [field, sent[field as keyof TaskUpdatePayload] ?? null]));
  if (merge.changed.includes('assignedTo') && sent.assignedTo && sent.assignedTo !== actor.id) {
    await assertAssignee(sent.assignedTo, { whanauId: task.whanauId, clientId: task.clientId, goalId: task.goalId }, transaction);
  }
  await task.update(
    {
      ...written,
      ...(merge.changed.includes('doneAt') ? { doneAt: sent.doneAt ? new Date(sent.doneAt) : null } : {}),
      version: merge.version,
      fieldVersions: merge.fieldVersions,
      updatedBy: actor.id,
    },
    { transaction },
  );
  await recordFieldChanges(
    actor,
    { entity: 'task', entityId: task.id, clientId: task.clientId },
    merge.changed.map((field) => ({ field, from: current[field as keyof typeof current], to: written[field] })),
    transaction,
  );
  await recordAudit(actor, { action: 'update', entity: 'task', entityId: task.id, clientId: task.clientId, fields: merge.changed }, transaction);
  return presentOneTask(actor, task, transaction);
}

const rereadTask = (actor: Actor) => async (id: string, transaction?: Transaction) =>
  presentOneTask(actor, await findVisibleTask(actor, id, transaction), transaction);

export function createTaskOnce(actor: Actor, id: string, payload: TaskCreatePayload, request: unknown, within?: Transaction): Promise<OnceOutcome<TaskRecord>> {
  return once(actor, { id, kind: 'task.create', request, status: 201 }, (t) => createTask(actor, id, payload, t), rereadTask(actor), within);
}

export function updateTaskOnce(
  actor: Actor,
  operationId: string,
  taskId: string,
  baseVersion: number,
  changes: TaskUpdatePayload,
  request: unknown,
  within?: Transaction,
): Promise<OnceOutcome<TaskRecord>> {
  return once(
    actor,
    { id: operationId, kind: 'task.update', request, status: 200 },
    (t) => updateTask(actor, taskId, baseVersion, changes, t),
    rereadTask(actor),
    within,
  );
}

const dayMs = 24 * 60 * 60 * 1000;

/**
 * `GET /api/follow-ups`: the caller's follow-ups. `open`: not done, soonest due first; `done`:
 * ticked done in the last 30 days, latest first.
 */
export async function myFollowUps(actor: Actor, state: 'open' | 'done'): Promise<TaskRecord[]> {
  if (state === 'open') return presentTasks(actor, await visibleTasks(actor, { assignedTo: actor.id, doneAt: null }));
  const done = await visibleTasks(actor, { assignedTo: actor.id, doneAt: { [Op.gte]: new Date(Date.now() - 30 * dayMs) } });
  done.sort((a, b) => (b.doneAt?.getTime() ?? 0) - (a.doneAt?.getTime() ?? 0) || (a.id < b.id ? -1 : 1));
  return presentTasks(actor, done);
}
