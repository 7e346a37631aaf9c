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
import { OutcomeRatingRow, scoresOf } from '../../db/models/outcome-rating';
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
  /** People served: a count from the database (distinct there, for each service and for all of them). */
  people: number;
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
  people: 0,
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
    people: done.people,
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
 * What the card reads, loaded once for the span of every period it shows (the period, a year
 * earlier, four quarters), each a range of an index or a grouping of one; each period's figures
 * are then picked out in memory.
 */
type CardData = {
  /** Each enrolment received in the span: its service, its New Zealand day, and working days to its first contact (null: none). */
  enrolments: { serviceKey: string; arrived: string; wait: number | null }[];
  /** Each follow-up due in the span up to today: its due day, whether done by then, and the services it counts for. */
  followUps: { id: string; dueOn: string; onTime: boolean; services: string[] }[];
  /** Each whānau's first contact day by service (all time), and the day its first goal of the service was written. */
  firsts: { serviceKey: string; whanauId: string; first: string; plannedOn: string | null }[];
  /** Goals of the services with a target date in the span. */
  goals: { id: string; serviceKey: string; area: string; achieved: boolean; targetDate: string }[];
  /** Each whānau's ratings up to the span's end, in order (by day, then as written). */
  ratings: Map<string, { on: string; scores: number[] }[]>;
};

const day = (value: unknown) => String(value).slice(0, 10);
const select = <T extends object>(sql: string, replacements: Record<string, unknown>) => sequelize.query<T>(sql, { replacements, type: QueryTypes.SELECT });

async function loadCardData(services: string[], span: Period, today: string): Promise<CardData> {
  const empty: CardData = { enrolments: [], followUps: [], firsts: [], goals: [], ratings: new Map() };
  if (services.length === 0) return empty;
  const until = span.to < today ? span.to : today;
  const replacements = { services, from: span.from, to: span.to, until, fromAt: nzDayStart(span.from), untilAt: nzDayStart(nextDay(span.to)) };
  const [enrolments, attended, tasks, taskServices, firsts, plans, goals, ratings] = await Promise.all([
    select<{ serviceKey: string; clientId: string | null; receivedAt: unknown }>(
      `SELECT "serviceKey", "clientId", "receivedAt" FROM enrolments WHERE "serviceKey" IN (:services) AND "receivedAt" >= :fromAt AND "receivedAt" < :untilAt`,
      replacements,
    ),
    // The days each enrolled client was at a contact of the enrolment's service (with them, or present).
    select<{ clientId: string; serviceKey: string; on: unknown }>(
      `SELECT DISTINCT a."clientId", a."serviceKey", a."on" FROM contact_attendees a
       JOIN enrolments e ON e."clientId" = a."clientId" AND e."serviceKey" = a."serviceKey"
       WHERE e."serviceKey" IN (:services) AND e."receivedAt" >= :fromAt AND e."receivedAt" < :untilAt AND a."on" >= :from`,
      replacements,
    ),
    select<{ id: string; dueOn: unknown; doneAt: unknown; goalService: string | null }>(
      `SELECT t.id, t."dueOn", t."doneAt", g."serviceKey" AS "goalService" FROM tasks t LEFT JOIN goals g ON g.id = t."goalId"
       WHERE t."dueOn" >= :from AND t."dueOn" <= :until`,
      replacements,
    ),
    // A follow-up with no goal counts for each service its whānau's linked members, or its client, are enrolled in (decision 106).
    select<{ id: string; serviceKey: string }>(
      `SELECT t.id, e."serviceKey" FROM tasks t JOIN whanau_members m ON m."whanauId" = t."whanauId" AND m."unlinkedAt" IS NULL
         JOIN enrolments e ON e."clientId" = m."clientId"
       WHERE t."goalId" IS NULL AND t."dueOn" >= :from AND t."dueOn" <= :until AND e."serviceKey" IN (:services)
       UNION
       SELECT t.id, e."serviceKey" FROM tasks t JOIN enrolments e ON e."clientId" = t."clientId"
       WHERE t."goalId" IS NULL AND t."whanauId" IS NULL AND t."dueOn" >= :from AND t."dueOn" <= :until AND e."serviceKey" IN (:services)`,
      replacements,
    ),
    select<{ serviceKey: string; whanauId: string; first: unknown }>(
      `SELECT "serviceKey", "whanauId", MIN("on") AS first FROM contacts WHERE "serviceKey" IN (:services) AND "whanauId" IS NOT NULL
       GROUP BY "serviceKey", "whanauId" HAVING MIN("on") >= :from AND MIN("on") <= :to`,
      replacements,
    ),
    select<{ serviceKey: string; whanauId: string; writtenAt: unknown }>(
      `SELECT "serviceKey", "whanauId", MIN("writtenAt") AS "writtenAt" FROM goals WHERE "serviceKey" IN (:services) GROUP BY "serviceKey", "whanauId"`,
      replacements,
    ),
    select<{ id: string; serviceKey: string; area: string; status: string; targetDate: unknown }>(
      `SELECT id, "serviceKey", area, status, "targetDate" FROM goals WHERE "serviceKey" IN (:services) AND "targetDate" >= :from AND "targetDate" <= :to`,
      replacements,
    ),
    OutcomeRatingRow.findAll({
      where: { on: { [Op.lte]: span.to } },
      attributes: ['whanauId', 'on', ...whanauOraOutcomes],
      order: [
        ['whanauId', 'ASC'],
        ['on', 'ASC'],
        ['writtenAt', 'ASC'],
      ],
      raw: true,
    }),
  ]);

  const daysOf = new Map<string, string[]>();
  for (const row of attended) {
    const key = `${row.clientId} ${row.serviceKey}`;
    const days = daysOf.get(key) ?? [];
    days.push(day(row.on));
    daysOf.set(key, days);
  }
  for (const days of daysOf.values()) days.sort();
  const servicesOf = new Map<string, string[]>();
  for (const row of taskServices) servicesOf.set(row.id, [...(servicesOf.get(row.id) ?? []), row.serviceKey]);
  const plannedOn = new Map(plans.map((row) => [`${row.serviceKey} ${row.whanauId}`, nzToday(new Date(row.writtenAt as string).getTime())]));
  const ratingsOf = new Map<string, { on: string; scores: number[] }[]>();
  for (const rating of ratings) {
    const list = ratingsOf.get(rating.whanauId) ?? [];
    list.push({ on: day(rating.on), scores: scoresOf(rating) });
    ratingsOf.set(rating.whanauId, list);
  }
  return {
    enrolments: enrolments.map((row) => {
      const arrived = nzToday(new Date(row.receivedAt as string).getTime());
      const first = row.clientId ? daysOf.get(`${row.clientId} ${row.serviceKey}`)?.find((one) => one >= arrived) : undefined;
      return { serviceKey: row.serviceKey, arrived, wait: first === undefined ? null : workingDaysBetween(arrived, first) };
    }),
    followUps: tasks.map((row) => {
      const dueOn = day(row.dueOn);
      const onTime = row.doneAt !== null && row.doneAt !== undefined && nzToday(new Date(row.doneAt as string).getTime()) <= dueOn;
      return { id: row.id, dueOn, onTime, services: row.goalService ? [row.goalService] : (servicesOf.get(row.id) ?? []) };
    }),
    firsts: firsts.map((row) => ({
      serviceKey: row.serviceKey,
      whanauId: row.whanauId,
      first: day(row.first),
      plannedOn: plannedOn.get(`${row.serviceKey} ${row.whanauId}`) ?? null,
    })),
    goals: goals.map((row) => ({
      id: row.id,
      serviceKey: row.serviceKey,
      area: row.area,
      achieved: row.status === 'achieved',
      targetDate: day(row.targetDate),
    })),
    ratings: ratingsOf,
  };
}

/** Everything the card counts for a period, by service: the served from the database, the rest picked out of the span's data. */
async function doneIn(services: string[], period: Period, today: string, data: CardData): Promise<Served> {
  const served = await servedOf(services, period);
  const { byService } = served;
  const inPeriod = (date: string) => date >= period.from && date <= period.to;
  for (const enrolment of data.enrolments) if (inPeriod(enrolment.arrived)) byService.get(enrolment.serviceKey)?.waits.push(enrolment.wait);
  for (const followUp of data.followUps) {
    if (!inPeriod(followUp.dueOn) || followUp.dueOn > today) continue;
    for (const key of followUp.services) byService.get(key)?.followUps.set(followUp.id, followUp.onTime);
  }
  for (const first of data.firsts) {
    if (!inPeriod(first.first)) continue;
    byService.get(first.serviceKey)?.started.set(first.whanauId, first.plannedOn !== null && daysBetween(first.first, first.plannedOn) <= planWithinDays);
  }
  for (const goal of data.goals)
    if (inPeriod(goal.targetDate)) byService.get(goal.serviceKey)?.goals.set(goal.id, { area: goal.area, achieved: goal.achieved });
  // Rated: a served whānau with two or more ratings by the period's end, its first and its latest by then.
  for (const done of byService.values()) {
    for (const whanauId of done.whanau) {
      const ratings = data.ratings.get(whanauId)?.filter((rating) => rating.on <= period.to) ?? [];
      if (ratings.length >= 2) done.rated.set(whanauId, { first: ratings[0]!.scores, latest: ratings.at(-1)!.scores });
    }
  }
  return served;
}

/** The services' figures together: every enrolment, contact and goal, and each whānau, person and follow-up once though it counts for two services. */
function totalOf({ byService, people }: Served): Done {
  const total = { ...nothingDone(), people };
  for (const one of byService.values()) {
    total.waits.push(...one.waits);
    total.contacts += one.contacts;
    total.minutes += one.minutes;
    for (const id of one.whanau) total.whanau.add(id);
    for (const [id, onTime] of one.followUps) total.followUps.set(id, onTime);
    // A whānau started with two services has a plan in time when either service's plan was.
    for (const [id, planned] of one.started) total.started.set(id, planned || (total.started.get(id) ?? false));
    for (const [id, pair] of one.rated) total.rated.set(id, pair);
    for (const [id, goal] of one.goals) total.goals.set(id, goal);
  }
  return total;
}

/** A period's figures by service, and the people served by any of them (each once). */
type Served = { byService: Map<string, Done>; people: number };

/** Whānau and people served, contacts and their minutes, by service: the report's own index ranges (decision 104). */
async function servedOf(services: string[], period: Period): Promise<Served> {
  const byService = new Map(services.map((key) => [key, nothingDone()]));
  if (services.length === 0) return { byService, people: 0 };
  const replacements = { services, from: period.from, to: period.to };
  const inPeriod = `"serviceKey" IN (:services) AND "on" >= :from AND "on" <= :to`;
  // Distinct by a subquery: PostgreSQL hashes it, where COUNT(DISTINCT …) sorts.
  const [contacts, whanau, people, everyone] = await Promise.all([
    select<{ serviceKey: string; contacts: unknown; minutes: unknown }>(
      `SELECT "serviceKey", COUNT(*) AS contacts, SUM(minutes) AS minutes FROM contacts WHERE ${inPeriod} GROUP BY "serviceKey"`,
      replacements,
    ),
    select<{ serviceKey: string; whanauId: string }>(
      `SELECT DISTINCT "serviceKey", "whanauId" FROM contacts WHERE ${inPeriod} AND "whanauId" IS NOT NULL`,
      replacements,
    ),
    select<{ serviceKey: string; people: unknown }>(
      `SELECT "serviceKey", COUNT(*) AS people FROM (SELECT DISTINCT "serviceKey", "clientId" FROM contact_attendees WHERE ${inPeriod}) AS a GROUP BY "serviceKey"`,
      replacements,
    ),
    select<{ people: unknown }>(`SELECT COUNT(*) AS people FROM (SELECT DISTINCT "clientId" FROM contact_attendees WHERE ${inPeriod}) AS a`, replacements),
  ]);
  for (const row of contacts) {
    const done = byService.get(row.serviceKey);
    if (!done) continue;
    done.contacts = Number(row.contacts ?? 0);
    done.minutes = Number(row.minutes ?? 0);
  }
  for (const row of whanau) byService.get(row.serviceKey)?.whanau.add(row.whanauId);
  for (const row of people) {
    const done = byService.get(row.serviceKey);
    if (done) done.people = Number(row.people ?? 0);
  }
  return { byService, people: Number(everyone[0]?.people ?? 0) };
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
export async function buildReportCardOf(
  services: string[],
  query: Pick<ReportQuery, 'from' | 'to'>,
  now = new Date(),
  { withTrend = true } = {},
): Promise<ReportCard> {
  const period = { from: query.from, to: query.to };
  const lastYear = { from: yearEarlier(query.from), to: yearEarlier(query.to) };
  const today = nzToday(now.getTime());
  const quarters = withTrend ? lastFourQuarters(query.to) : [];
  const periods = [period, lastYear, ...quarters];
  const days = periods.flatMap((one) => [one.from, one.to]).sort();
  const span = { from: days[0]!, to: days.at(-1)! };
  const data = await loadCardData(services, span, today);
  const [current, before, ...trend] = (await Promise.all(periods.map((one) => doneIn(services, one, today, data)))) as [Served, Served, ...Served[]];
  const total = totalOf(current);
  const totalBefore = totalOf(before);
  const row = (key: string, values: Done, earlier: Done): CardRow => ({ key, values: figuresOf(values), lastYear: figuresOf(earlier) });
  return {
    from: period.from,
    to: period.to,
    lastYear,
    services,
    rows: [
      ...services.map((key) => row(key, current.byService.get(key) ?? nothingDone(), before.byService.get(key) ?? nothingDone())),
      row('total', total, totalBefore),
    ],
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
  for (const set of [allServices, ...every]) {
    family.set(set, await buildReportCardOf(set === allServices ? every : [set], query, now, { withTrend: set === asked }));
  }
  return { card: family.get(asked)!, hidden: cardHiddenCells(family, asked) };
}
