import { Op, QueryTypes } from 'sequelize';
import { serviceCatalogue } from '../../../contract/catalogue';
import {
  firstContactWorkingDays,
  lastFourQuarters,
  planWithinDays,
  whanauOraOutcomes,
  type CardFigures,
  type CardRow,
  type GoalAreaRow,
  type OutcomeChange,
  type ReportCard,
} from '../../../contract/report-card';
import { daysBetween, nextDay, nzDayStart, nzToday, yearEarlier, type ReportQuery } from '../../../contract/reports';
import { goalAreas } from '../../../contract/whanau';
import { workingDaysBetween } from '../../../contract/working-days';
import { Enrolment } from '../../db/models/enrolment';
import { OutcomeRating, scoresOf } from '../../db/models/outcome-rating';
import { Goal, Task, WhanauMember } from '../../db/models/whanau';
import { sequelize } from '../../db/sequelize';
import type { Actor } from '../../lib/audit';
import { cardHiddenCells } from './report-card.xlsx';
import { allServices, type PeriodColumn } from './reports.csv';
import { assertWholeServiceSet, reportServices } from './reports.service';

type Period = { from: string; to: string };

/** A whānau's first rating and its latest, each the seven scores in the outcomes' order. */
type RatingPair = { first: number[]; latest: number[] };

/** The middle value (the mean of the middle two for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** What one service (or the total) did in a period, each thing once by its id so a total counts it once. */
type Done = {
  waits: (number | null)[];
  followUps: Map<string, boolean>;
  whanau: Set<string>;
  people: Set<string>;
  contacts: number;
  minutes: number;
  /** Whānau whose first contact fell in the period: whether a goal followed within `planWithinDays`. */
  started: Map<string, boolean>;
  /** Whānau served with two or more ratings: their first and latest. */
  rated: Map<string, RatingPair>;
  /** Goals due in the period: their area and whether achieved. */
  goals: Map<string, { area: string; achieved: boolean }>;
};
const nothingDone = (): Done => ({
  waits: [],
  followUps: new Map(),
  whanau: new Set(),
  people: new Set(),
  contacts: 0,
  minutes: 0,
  started: new Map(),
  rated: new Map(),
  goals: new Map(),
});

/** Whether any outcome of the latest rating is higher than the first's. */
const rose = ({ first, latest }: RatingPair) => whanauOraOutcomes.some((_, index) => (latest[index] ?? 0) > (first[index] ?? 0));

function figuresOf(done: Done): CardFigures {
  const contacted = done.waits.filter((wait): wait is number => wait !== null);
  return {
    whanau: done.whanau.size,
    people: done.people.size,
    contacts: done.contacts,
    minutes: done.minutes,
    received: done.waits.length,
    contactedInTime: contacted.filter((wait) => wait <= firstContactWorkingDays).length,
    contacted: contacted.length,
    medianWorkingDays: median(contacted),
    followUpsDue: done.followUps.size,
    followUpsOnTime: [...done.followUps.values()].filter(Boolean).length,
    whanauStarted: done.started.size,
    whanauWithPlan: [...done.started.values()].filter(Boolean).length,
    whanauRated: done.rated.size,
    whanauRose: [...done.rated.values()].filter(rose).length,
    goalsDue: done.goals.size,
    goalsAchieved: [...done.goals.values()].filter((goal) => goal.achieved).length,
  };
}

/** Of the rated whānau, how many rose, stayed and fell on each outcome. */
export function outcomeChanges(rated: Iterable<RatingPair>): OutcomeChange[] {
  const changes = whanauOraOutcomes.map((key) => ({ key, rose: 0, stayed: 0, fell: 0 }));
  for (const { first, latest } of rated) {
    changes.forEach((change, index) => {
      const difference = (latest[index] ?? 0) - (first[index] ?? 0);
      if (difference > 0) change.rose += 1;
      else if (difference < 0) change.fell += 1;
      else change.stayed += 1;
    });
  }
  return changes;
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
  const [waits, followUps, served, started, goals] = await Promise.all([
    waitsOf(services, period),
    followUpsOf(services, period, today),
    servedOf(services, period),
    startedOf(services, period),
    goalsDueOf(services, period),
  ]);
  const rated = await ratedOf(served, period);
  return new Map(
    services.map((key) => [
      key,
      {
        ...(served.get(key) ?? nothingDone()),
        waits: waits.get(key) ?? [],
        followUps: followUps.get(key) ?? new Map(),
        started: started.get(key) ?? new Map(),
        rated: rated.get(key) ?? new Map(),
        goals: goals.get(key) ?? new Map(),
      },
    ]),
  );
}

/** The services' figures together: every enrolment, contact and goal, and each whānau, person and follow-up once though it counts for two services. */
function totalOf(done: Map<string, Done>): Done {
  const total = nothingDone();
  for (const one of done.values()) {
    total.waits.push(...one.waits);
    total.contacts += one.contacts;
    total.minutes += one.minutes;
    for (const id of one.whanau) total.whanau.add(id);
    for (const id of one.people) total.people.add(id);
    for (const [id, onTime] of one.followUps) total.followUps.set(id, onTime);
    // A whānau started with two services has a plan in time when either service's plan was.
    for (const [id, planned] of one.started) total.started.set(id, planned || (total.started.get(id) ?? false));
    for (const [id, pair] of one.rated) total.rated.set(id, pair);
    for (const [id, goal] of one.goals) total.goals.set(id, goal);
  }
  return total;
}

/** Whānau and people served, contacts and their minutes, by service: the report's own tables (decision 104). */
async function servedOf(services: string[], period: Period): Promise<Map<string, Done>> {
  const byService = new Map(services.map((key) => [key, nothingDone()]));
  if (services.length === 0) return byService;
  const replacements = { services, from: period.from, to: period.to };
  const inPeriod = `"serviceKey" IN (:services) AND "on" >= :from AND "on" <= :to`;
  const [contacts, people] = await Promise.all([
    sequelize.query<{ serviceKey: string; whanauId: string | null; minutes: unknown }>(
      `SELECT "serviceKey", "whanauId", minutes FROM contacts WHERE ${inPeriod}`,
      { replacements, type: QueryTypes.SELECT },
    ),
    sequelize.query<{ serviceKey: string; clientId: string }>(`SELECT DISTINCT "serviceKey", "clientId" FROM contact_attendees WHERE ${inPeriod}`, {
      replacements,
      type: QueryTypes.SELECT,
    }),
  ]);
  for (const contact of contacts) {
    const done = byService.get(contact.serviceKey);
    if (!done) continue;
    done.contacts += 1;
    done.minutes += Number(contact.minutes ?? 0);
    if (contact.whanauId) done.whanau.add(contact.whanauId);
  }
  for (const row of people) byService.get(row.serviceKey)?.people.add(row.clientId);
  return byService;
}

/**
 * Whānau whose first contact under a service fell in the period, each with whether a goal of that
 * service was written within `planWithinDays` days of that contact (or before it).
 */
async function startedOf(services: string[], period: Period): Promise<Map<string, Map<string, boolean>>> {
  const byService = new Map(services.map((key) => [key, new Map<string, boolean>()]));
  if (services.length === 0) return byService;
  const firsts = await sequelize.query<{ serviceKey: string; whanauId: string; first: string }>(
    `SELECT "serviceKey", "whanauId", MIN("on") AS first FROM contacts WHERE "serviceKey" IN (:services) AND "whanauId" IS NOT NULL
     GROUP BY "serviceKey", "whanauId" HAVING MIN("on") >= :from AND MIN("on") <= :to`,
    { replacements: { services, from: period.from, to: period.to }, type: QueryTypes.SELECT },
  );
  const whanauIds = [...new Set(firsts.map((row) => row.whanauId))];
  const goals = whanauIds.length
    ? await Goal.findAll({ where: { whanauId: whanauIds, serviceKey: services }, attributes: ['whanauId', 'serviceKey', 'writtenAt'] })
    : [];
  const firstGoal = new Map<string, string>();
  for (const goal of goals) {
    const key = `${goal.serviceKey} ${goal.whanauId}`;
    const day = nzToday(goal.writtenAt.getTime());
    if (!firstGoal.has(key) || day < firstGoal.get(key)!) firstGoal.set(key, day);
  }
  for (const row of firsts) {
    const goalDay = firstGoal.get(`${row.serviceKey} ${row.whanauId}`);
    const first = String(row.first).slice(0, 10);
    byService.get(row.serviceKey)?.set(row.whanauId, goalDay !== undefined && daysBetween(first, goalDay) <= planWithinDays);
  }
  return byService;
}

/** Goals of the services whose target date is in the period, with their area and whether achieved. */
async function goalsDueOf(services: string[], period: Period): Promise<Map<string, Map<string, { area: string; achieved: boolean }>>> {
  const byService = new Map(services.map((key) => [key, new Map<string, { area: string; achieved: boolean }>()]));
  if (services.length === 0) return byService;
  const goals = await Goal.findAll({
    where: { serviceKey: services, targetDate: { [Op.between]: [period.from, period.to] } },
    attributes: ['id', 'serviceKey', 'area', 'status'],
  });
  for (const goal of goals) byService.get(goal.serviceKey)?.set(goal.id, { area: goal.area, achieved: goal.status === 'achieved' });
  return byService;
}

/**
 * Of each service's whānau served in the period, those with two or more ratings on or before its
 * last day: their first rating and their latest by then (by day, then as written).
 */
async function ratedOf(served: Map<string, Done>, period: Period): Promise<Map<string, Map<string, RatingPair>>> {
  const whanauIds = [...new Set([...served.values()].flatMap((done) => [...done.whanau]))];
  const ratings = whanauIds.length
    ? await OutcomeRating.findAll({
        where: { whanauId: whanauIds, on: { [Op.lte]: period.to } },
        order: [
          ['on', 'ASC'],
          ['writtenAt', 'ASC'],
        ],
      })
    : [];
  const byWhanau = new Map<string, OutcomeRating[]>();
  for (const rating of ratings) byWhanau.set(rating.whanauId, [...(byWhanau.get(rating.whanauId) ?? []), rating]);
  const pairs = new Map<string, RatingPair>();
  for (const [id, list] of byWhanau) if (list.length >= 2) pairs.set(id, { first: scoresOf(list[0]!), latest: scoresOf(list.at(-1)!) });
  return new Map([...served].map(([key, done]) => [key, new Map([...done.whanau].flatMap((id) => (pairs.has(id) ? [[id, pairs.get(id)!] as const] : [])))]));
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

/** The goals due and achieved by area (and `total`), now and a year earlier. */
function goalAreasOf(now: Done, before: Done): GoalAreaRow[] {
  const count = (done: Done, area: string) => {
    const goals = [...done.goals.values()].filter((goal) => area === 'total' || goal.area === area);
    return { due: goals.length, achieved: goals.filter((goal) => goal.achieved).length };
  };
  return [...goalAreas, 'total'].map((key) => ({ key, values: count(now, key), lastYear: count(before, key) }));
}

/** The report card of the period and services, beside the same period a year earlier, with the last four quarters' totals (managers, or `scope=mine`). */
export async function buildReportCard(actor: Actor, query: ReportQuery, now = new Date()): Promise<ReportCard> {
  return await buildReportCardOf(reportServices(actor, query), query, now);
}

/** The card of these services (already allowed to the caller). */
export async function buildReportCardOf(services: string[], query: Pick<ReportQuery, 'from' | 'to'>, now = new Date()): Promise<ReportCard> {
  const period = { from: query.from, to: query.to };
  const lastYear = { from: yearEarlier(query.from), to: yearEarlier(query.to) };
  const today = nzToday(now.getTime());
  const quarters = lastFourQuarters(query.to);
  const [current, before, ...trend] = await Promise.all([
    doneIn(services, period, today),
    doneIn(services, lastYear, today),
    ...quarters.map((quarter) => doneIn(services, quarter, today)),
  ]);
  const total = totalOf(current);
  const totalBefore = totalOf(before);
  const row = (key: string, values: Done, earlier: Done): CardRow => ({ key, values: figuresOf(values), lastYear: figuresOf(earlier) });
  return {
    from: period.from,
    to: period.to,
    lastYear,
    services,
    rows: [...services.map((key) => row(key, current.get(key) ?? nothingDone(), before.get(key) ?? nothingDone())), row('total', total, totalBefore)],
    outcomes: outcomeChanges(total.rated.values()),
    goalAreas: goalAreasOf(total, totalBefore),
    trend: quarters.map((quarter, index) => ({ ...quarter, values: figuresOf(totalOf(trend[index]!)) })),
    generatedAt: now.toISOString(),
  };
}

/**
 * The card of an export (a whole period; one service or all, decision 116) and the counts to hide:
 * the cards of every set an export can cover are suppressed together, as the CSV files are.
 */
export async function buildCardExport(actor: Actor, query: ReportQuery): Promise<{ card: ReportCard; hidden: Record<PeriodColumn, ReadonlySet<string>> }> {
  const services = assertWholeServiceSet(actor, query);
  const now = new Date();
  if (services.length === 0) return { card: await buildReportCardOf([], query, now), hidden: { values: new Set(), lastYear: new Set() } };
  const every = serviceCatalogue.map((service) => service.key);
  const asked = services.length === 1 ? services[0]! : allServices;
  const family = new Map<string, ReportCard>();
  // One at a time: seven cards, and an export is rare.
  for (const set of [allServices, ...every]) family.set(set, await buildReportCardOf(set === allServices ? every : [set], query, now));
  return { card: family.get(asked)!, hidden: cardHiddenCells(family, asked) };
}
