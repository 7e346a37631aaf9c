import { Op, QueryTypes } from 'sequelize';
import { firstContactWorkingDays, type HowWellFigures, type HowWellRow, type ReportCard } from '../../../contract/report-card';
import { nextDay, nzDayStart, nzToday, yearEarlier, type ReportQuery } from '../../../contract/reports';
import { workingDaysBetween } from '../../../contract/working-days';
import { Enrolment } from '../../db/models/enrolment';
import { Goal, Task, WhanauMember } from '../../db/models/whanau';
import { sequelize } from '../../db/sequelize';
import type { Actor } from '../../lib/audit';
import { reportServices } from './reports.service';

type Period = { from: string; to: string };

/** The middle value (the mean of the middle two for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** What one service (or the total) did in a period: each enrolment's wait (null: not contacted) and each follow-up due, done on time or not. */
type Done = { waits: (number | null)[]; followUps: Map<string, boolean> };
const nothingDone = (): Done => ({ waits: [], followUps: new Map() });

function figuresOf({ waits, followUps }: Done): HowWellFigures {
  const contacted = waits.filter((wait): wait is number => wait !== null);
  return {
    received: waits.length,
    contactedInTime: contacted.filter((wait) => wait <= firstContactWorkingDays).length,
    contacted: contacted.length,
    medianWorkingDays: median(contacted),
    followUpsDue: followUps.size,
    followUpsOnTime: [...followUps.values()].filter(Boolean).length,
  };
}

/**
 * The follow-ups due in the period (up to today), by service, each with whether it was done by
 * its due date (the New Zealand day it was ticked). A follow-up's service is its goal's, or else
 * each service its whānau's linked members (or its client) are enrolled in (decision 106).
 */
async function followUpsOf(services: string[], period: Period, today: string): Promise<Map<string, Map<string, boolean>>> {
  const byService = new Map<string, Map<string, boolean>>(services.map((key) => [key, new Map()]));
  const until = period.to < today ? period.to : today;
  if (services.length === 0 || until < period.from) return byService;
  const tasks = await Task.findAll({
    where: { dueOn: { [Op.between]: [period.from, until] } },
    attributes: ['id', 'whanauId', 'clientId', 'goalId', 'dueOn', 'doneAt'],
  });
  const goalIds = tasks.flatMap((task) => (task.goalId ? [task.goalId] : []));
  const goals = goalIds.length ? await Goal.findAll({ where: { id: goalIds }, attributes: ['id', 'serviceKey'] }) : [];
  const goalService = new Map(goals.map((goal) => [goal.id, goal.serviceKey]));
  const whanauIds = tasks.flatMap((task) => (!task.goalId && task.whanauId ? [task.whanauId] : []));
  const members = whanauIds.length
    ? await WhanauMember.findAll({ where: { whanauId: whanauIds, unlinkedAt: null }, attributes: ['whanauId', 'clientId'] })
    : [];
  const clientIds = [
    ...new Set([
      ...members.map((member) => member.clientId),
      ...tasks.flatMap((task) => (!task.goalId && !task.whanauId && task.clientId ? [task.clientId] : [])),
    ]),
  ];
  const enrolments = clientIds.length
    ? await Enrolment.findAll({ where: { clientId: clientIds, serviceKey: services }, attributes: ['clientId', 'serviceKey'] })
    : [];
  const servicesOfClient = new Map<string, Set<string>>();
  for (const enrolment of enrolments) {
    if (!enrolment.clientId) continue;
    servicesOfClient.set(enrolment.clientId, (servicesOfClient.get(enrolment.clientId) ?? new Set()).add(enrolment.serviceKey));
  }
  for (const task of tasks) {
    const people = task.whanauId
      ? members.filter((member) => member.whanauId === task.whanauId).map((member) => member.clientId)
      : task.clientId
        ? [task.clientId]
        : [];
    const owning = task.goalId ? [goalService.get(task.goalId)] : [...new Set(people.flatMap((id) => [...(servicesOfClient.get(id) ?? [])]))];
    const onTime = task.doneAt !== null && nzToday(task.doneAt.getTime()) <= task.dueOn;
    for (const key of owning) if (key) byService.get(key)?.set(task.id, onTime);
  }
  return byService;
}

/** Everything the card counts for a period, by service. */
async function doneIn(services: string[], period: Period, today: string): Promise<Map<string, Done>> {
  const [waits, followUps] = await Promise.all([waitsOf(services, period), followUpsOf(services, period, today)]);
  return new Map(services.map((key) => [key, { waits: waits.get(key) ?? [], followUps: followUps.get(key) ?? new Map() }]));
}

/** The services' figures together: every enrolment, and each follow-up once though it counts for two services. */
function totalOf(done: Map<string, Done>): Done {
  const total = nothingDone();
  for (const one of done.values()) {
    total.waits.push(...one.waits);
    for (const [id, onTime] of one.followUps) total.followUps.set(id, onTime);
  }
  return total;
}

/**
 * For each enrolment received in the period: the working days from the New Zealand day it arrived
 * to the first contact with its client under its service on or after that day (a contact with the
 * client, or at which they were present: the `contact_attendees` rows), or null when there was none.
 */
async function waitsOf(services: string[], period: Period): Promise<Map<string, (number | null)[]>> {
  const byService = new Map<string, (number | null)[]>(services.map((key) => [key, []]));
  if (services.length === 0) return byService;
  const enrolments = await Enrolment.findAll({
    where: { serviceKey: services, receivedAt: { [Op.gte]: nzDayStart(period.from), [Op.lt]: nzDayStart(nextDay(period.to)) } },
    attributes: ['id', 'serviceKey', 'clientId', 'receivedAt'],
  });
  const clientIds = [...new Set(enrolments.flatMap((enrolment) => (enrolment.clientId ? [enrolment.clientId] : [])))];
  const contacts = clientIds.length
    ? await sequelize.query<{ clientId: string; serviceKey: string; on: string }>(
        `SELECT "clientId", "serviceKey", "on" FROM contact_attendees WHERE "clientId" IN (:clientIds) AND "serviceKey" IN (:services) AND "on" >= :from ORDER BY "on"`,
        { replacements: { clientIds, services, from: period.from }, type: QueryTypes.SELECT },
      )
    : [];
  const daysOf = new Map<string, string[]>();
  for (const contact of contacts) {
    const key = `${contact.clientId} ${contact.serviceKey}`;
    daysOf.set(key, [...(daysOf.get(key) ?? []), String(contact.on).slice(0, 10)]);
  }
  for (const enrolment of enrolments) {
    const arrived = nzToday(enrolment.receivedAt.getTime());
    const first = enrolment.clientId ? daysOf.get(`${enrolment.clientId} ${enrolment.serviceKey}`)?.find((day) => day >= arrived) : undefined;
    byService.get(enrolment.serviceKey)?.push(first === undefined ? null : workingDaysBetween(arrived, first));
  }
  return byService;
}

/** The report card of the period and services, beside the same period a year earlier (managers, or `scope=mine`). */
export async function buildReportCard(actor: Actor, query: ReportQuery, now = new Date()): Promise<ReportCard> {
  const services = reportServices(actor, query);
  const period = { from: query.from, to: query.to };
  const lastYear = { from: yearEarlier(query.from), to: yearEarlier(query.to) };
  const today = nzToday(now.getTime());
  const [current, before] = await Promise.all([doneIn(services, period, today), doneIn(services, lastYear, today)]);
  const row = (key: string, values: Done, earlier: Done): HowWellRow => ({ key, values: figuresOf(values), lastYear: figuresOf(earlier) });
  return {
    from: period.from,
    to: period.to,
    lastYear,
    services,
    howWell: [
      ...services.map((key) => row(key, current.get(key) ?? nothingDone(), before.get(key) ?? nothingDone())),
      row('total', totalOf(current), totalOf(before)),
    ],
    generatedAt: now.toISOString(),
  };
}
