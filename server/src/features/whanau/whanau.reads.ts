import { Op, QueryTypes, literal, type Transaction, type WhereOptions } from 'sequelize';
import type { CaseNote as CaseNoteBody } from '../../../contract/clients';
import type { MemberRecord, TaskRecord, WhanauDetail } from '../../../contract/whanau';
import { CaseNote } from '../../db/models/case-note';
import { Client } from '../../db/models/client';
import { Goal, Task, Whanau, WhanauMember } from '../../db/models/whanau';
import { sequelize } from '../../db/sequelize';
import type { Actor } from '../../lib/audit';
import { presentCaseNote, readContacts, readCorrections, staffNamesOf } from '../../lib/case-work';
import { notFound } from '../../lib/errors';
import {
  findVisibleWhanau,
  seesEverything,
  visibleClientIdsAmong,
  visibleGoalsWhere,
  visibleNotesWhere,
  visibleTasksSql,
  visibleWhanauSql,
} from '../../lib/need-to-know';
import { presentGoal, presentMember, presentTask, presentWhanau } from './whanau.presenter';

/** How many of the latest contacts and case notes a whānau page carries. */
export const recentMax = 50;

/** The linked members of these whānau, oldest link first. */
export function linkedMembersOf(whanauIds: string[], transaction?: Transaction): Promise<WhanauMember[]> {
  if (whanauIds.length === 0) return Promise.resolve([]);
  return WhanauMember.findAll({
    where: { whanauId: whanauIds, unlinkedAt: null },
    order: [
      ['createdAt', 'ASC'],
      ['id', 'ASC'],
    ],
    transaction,
  });
}

/** Members as the actor may see them: their visible clients in full, the rest as "another member". */
export async function presentMembers(actor: Actor, members: WhanauMember[], transaction?: Transaction): Promise<MemberRecord[]> {
  const visible = await visibleClientIdsAmong(
    actor,
    members.map((member) => member.clientId),
    transaction,
  );
  const clients = visible.size ? await Client.findAll({ where: { id: [...visible] }, transaction }) : [];
  const byId = new Map(clients.map((client) => [client.id, client]));
  return members.map((member) => presentMember(member, byId.get(member.clientId)));
}

/** Follow-ups with what they are about: the whānau's or the client's name when the actor may see it. */
export async function presentTasks(actor: Actor, tasks: Task[], transaction?: Transaction): Promise<TaskRecord[]> {
  if (tasks.length === 0) return [];
  const whanauIds = [...new Set(tasks.flatMap((task) => (task.whanauId ? [task.whanauId] : [])))];
  const clientIds = [...new Set(tasks.flatMap((task) => (!task.whanauId && task.clientId ? [task.clientId] : [])))];
  const [whanau, visibleClients, names] = await Promise.all([
    whanauIds.length
      ? Whanau.findAll({
          where: { [Op.and]: [{ id: whanauIds }, seesEverything(actor) ? {} : literal(visibleWhanauSql(actor, '"Whanau"'))] },
          attributes: ['id', 'name'],
          transaction,
        })
      : [],
    visibleClientIdsAmong(actor, clientIds, transaction),
    staffNamesOf(
      tasks.map((task) => task.assignedTo),
      transaction,
    ),
  ]);
  const clients = visibleClients.size
    ? await Client.findAll({ where: { id: [...visibleClients] }, attributes: ['id', 'givenName', 'familyName', 'preferredName'], transaction })
    : [];
  const whanauName = new Map(whanau.map((row) => [row.id, row.name]));
  const clientName = new Map(clients.map((client) => [client.id, `${client.preferredName || client.givenName} ${client.familyName}`]));
  return tasks.map((task) =>
    presentTask(task, names, task.whanauId ? (whanauName.get(task.whanauId) ?? null) : task.clientId ? (clientName.get(task.clientId) ?? null) : null),
  );
}

/** Open follow-ups first (soonest due), then the done ones (latest done first). */
export const taskOrder: [string, string][] = [
  ['dueOn', 'ASC'],
  ['id', 'ASC'],
];

/** Follow-ups the actor may see, matching `where`. */
export function visibleTasks(actor: Actor, where: WhereOptions<Task>, transaction?: Transaction): Promise<Task[]> {
  return Task.findAll({
    where: { [Op.and]: [where, seesEverything(actor) ? {} : literal(visibleTasksSql(actor, '"Task"'))] },
    order: taskOrder,
    transaction,
  });
}

/** The whole whānau page as the actor may see it (DESIGN §4c). */
export async function detailOf(actor: Actor, whanau: Whanau, transaction?: Transaction): Promise<WhanauDetail> {
  const [detail] = await detailsOf(actor, [whanau], transaction);
  return detail!;
}

function groupBy<T>(items: readonly T[], keysOf: (item: T) => readonly string[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items)
    for (const key of keysOf(item)) {
      const group = groups.get(key);
      if (group) group.push(item);
      else groups.set(key, [item]);
    }
  return groups;
}

/**
 * Whānau pages for many whānau at once (the device's copy, `GET /api/whanau/caseload`): a fixed
 * number of queries in all, however many whānau, as the clients' caseload reads client pages.
 * Each page holds what `detailOf` gives one: the latest `recentMax` contacts and notes of its own.
 */
export async function detailsOf(actor: Actor, rows: readonly Whanau[], transaction?: Transaction): Promise<WhanauDetail[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const members = await presentMembers(actor, await linkedMembersOf(ids, transaction), transaction);
  const membersOf = groupBy(members, (member) => [member.whanauId]);
  // A client may belong to more than one whānau: their contacts and notes go on each page.
  const whanauOfClient = groupBy(members, (member) => (member.clientId ? [member.clientId] : []));
  const seenClientIds = [...whanauOfClient.keys()];
  const whanauOf = (clientId: string | null) => (clientId ? (whanauOfClient.get(clientId) ?? []).map((member) => member.whanauId) : []);
  const [goals, allGoalCounts, tasks, contacts, notes] = await Promise.all([
    Goal.findAll({
      where: { [Op.and]: [{ whanauId: ids }, visibleGoalsWhere(actor)] },
      order: [
        ['createdAt', 'ASC'],
        ['id', 'ASC'],
      ],
      transaction,
    }),
    // Every goal, counted only: the plan says how many other services hold (decision 111).
    seesEverything(actor) ? Promise.resolve([]) : goalCountsOf(ids, transaction),
    visibleTasks(actor, { whanauId: ids }, transaction),
    readContacts(actor, { [Op.or]: [{ whanauId: ids }, ...(seenClientIds.length ? [{ clientId: seenClientIds }] : [])] }, transaction),
    seenClientIds.length
      ? CaseNote.findAll({
          where: { [Op.and]: [{ clientId: seenClientIds }, visibleNotesWhere(actor)] },
          order: [
            ['createdAt', 'DESC'],
            ['id', 'DESC'],
          ],
          transaction,
        })
      : Promise.resolve([] as CaseNote[]),
  ]);
  const contactsOf = groupBy(contacts, (contact) => [...new Set([...(contact.whanauId ? [contact.whanauId] : []), ...whanauOf(contact.clientId)])]);
  const notesOf = groupBy(notes, (note) => [...new Set(whanauOf(note.clientId))]);
  const shownContacts = new Map(ids.map((id) => [id, (contactsOf.get(id) ?? []).slice(0, recentMax)]));
  const shownNotes = new Map(ids.map((id) => [id, (notesOf.get(id) ?? []).slice(0, recentMax)]));
  const [noteNames, presentedTasks] = await Promise.all([
    staffNamesOf(
      [...shownNotes.values()].flatMap((list) => list.map((note) => note.authorId)),
      transaction,
    ),
    presentTasks(actor, tasks, transaction),
  ]);
  const originals = [...[...shownNotes.values()].flat().map((note) => note.id), ...[...shownContacts.values()].flat().map((contact) => contact._id)];
  const corrections = await readCorrections(originals, transaction);
  const goalsOf = groupBy(goals, (goal) => [goal.whanauId]);
  const goalCount = new Map(allGoalCounts.map((row) => [row.whanauId, Number(row.total)]));
  const tasksOf = groupBy(presentedTasks, (task) => (task.whanauId ? [task.whanauId] : []));
  return rows.map((whanau) => {
    const caseNotes: CaseNoteBody[] = (shownNotes.get(whanau.id) ?? []).map((note) => presentCaseNote(note, noteNames));
    const pageContacts = shownContacts.get(whanau.id) ?? [];
    const pageOriginals = new Set([...caseNotes.map((note) => note._id), ...pageContacts.map((contact) => contact._id)]);
    return {
      ...presentWhanau(whanau, actor),
      members: membersOf.get(whanau.id) ?? [],
      goals: (goalsOf.get(whanau.id) ?? []).map(presentGoal),
      tasks: tasksOf.get(whanau.id) ?? [],
      contacts: pageContacts,
      caseNotes,
      corrections: corrections.filter((correction) => pageOriginals.has(correction.correctsNoteId)),
      hiddenGoalCount: Math.max(0, (goalCount.get(whanau.id) ?? 0) - (goalsOf.get(whanau.id)?.length ?? 0)),
    };
  });
}

/** How many goals each of these whānau has, whoever may see them. */
async function goalCountsOf(whanauIds: string[], transaction?: Transaction): Promise<{ whanauId: string; total: number | string }[]> {
  return sequelize.query<{ whanauId: string; total: number | string }>(
    'SELECT g."whanauId", COUNT(*) AS total FROM goals g WHERE g."whanauId" IN (:whanauIds) GROUP BY g."whanauId"',
    { type: QueryTypes.SELECT, replacements: { whanauIds }, transaction },
  );
}

/** A goal the actor may see (its whānau too), or 404. */
export async function findVisibleGoal(actor: Actor, id: string, transaction?: Transaction): Promise<Goal> {
  const goal = await Goal.findOne({
    where: { [Op.and]: [{ id }, visibleGoalsWhere(actor)] },
    transaction,
    ...(transaction ? { lock: transaction.LOCK.UPDATE } : {}),
  });
  if (!goal) throw notFound('Goal not found');
  await findVisibleWhanau(actor, goal.whanauId, transaction).catch(() => {
    throw notFound('Goal not found');
  });
  return goal;
}

/** A follow-up the actor may see, or 404. */
export async function findVisibleTask(actor: Actor, id: string, transaction?: Transaction): Promise<Task> {
  const task = await Task.findOne({
    where: { [Op.and]: [{ id }, seesEverything(actor) ? {} : literal(visibleTasksSql(actor, '"Task"'))] },
    transaction,
    ...(transaction ? { lock: transaction.LOCK.UPDATE } : {}),
  });
  if (!task) throw notFound('Follow-up not found');
  return task;
}

/** A membership the actor may see (its whānau visible), presented as they may see it; 404 otherwise. */
export async function findVisibleMember(actor: Actor, id: string, transaction?: Transaction): Promise<MemberRecord> {
  const member = await WhanauMember.findByPk(id, { transaction });
  if (!member) throw notFound('Member not found');
  await findVisibleWhanau(actor, member.whanauId, transaction);
  const [presented] = await presentMembers(actor, [member], transaction);
  if (!presented) throw notFound('Member not found');
  return presented;
}
