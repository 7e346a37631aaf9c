import { QueryTypes } from 'sequelize';
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
  /** Follow-ups due in the period up to today, and those of them done by their due day. */
  followUpsDue: number;
  followUpsOnTime: number;
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
  followUpsDue: 0,
  followUpsOnTime: 0,
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
    followUpsDue: done.followUpsDue,
    followUpsOnTime: done.followUpsOnTime,
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
 * The span of the card's periods cut at each period's first day and at the day after its last:
 * each period is a set of these segments, a bit each (`masks`, in the periods' order), so a table
 * is read once, grouped by segment, and each period adds up its segments.
 */
function segmentsOf(periods: Period[], span: Period): { starts: string[]; masks: number[] } {
  const cuts = new Set<string>();
  for (const { from, to } of periods) for (const cut of [from, nextDay(to)]) if (cut > span.from && cut <= span.to) cuts.add(cut);
  const starts = [span.from, ...[...cuts].sort()];
  const masks = periods.map(({ from, to }) => starts.reduce((mask, start, index) => (start >= from && start <= to ? mask | (1 << index) : mask), 0));
  return { starts, masks };
}

/**
 * Where the people query puts each (segment, service) a person was at a contact of: one bit,
 * `segment × services + service` counted within its column, in as few columns as keep each
 * under 63 bits (a signed 64-bit integer on both databases). A year's card (five segments, six
 * services) needs one.
 */
function peoplePlaces(segments: number, services: number) {
  const perColumn = Math.max(1, Math.floor(62 / services));
  const columns = Array.from({ length: Math.ceil(segments / perColumn) }, (_, column) => column);
  const placeOf = (segment: number) => ({ column: Math.floor(segment / perColumn), shift: BigInt((segment % perColumn) * services) });
  /** The bits, column by column, of the segments in `mask` for the services at these indexes. */
  const bitsOf = (mask: number, serviceIndexes: number[]) => {
    const bits = columns.map(() => 0n);
    for (let segment = 0; segment < segments; segment += 1) {
      if ((mask & (1 << segment)) === 0) continue;
      const { column, shift } = placeOf(segment);
      for (const index of serviceIndexes) bits[column]! |= 1n << (shift + BigInt(index));
    }
    return bits;
  };
  return { columns, placeOf, bitsOf };
}

/**
 * What the card reads, loaded once for the span of every period it shows (the period, a year
 * earlier, four quarters), each a range of an index or a grouping of one; each period's figures
 * are then picked out in memory (decisions 135 and 139).
 */
type CardData = {
  /** Each period's segments of the span (see `segmentsOf`). */
  masks: number[];
  /** Each enrolment received in the span: its service, its New Zealand day, and working days to its first contact (null: none). */
  enrolments: { serviceKey: string; arrived: string; wait: number | null }[];
  /** The follow-ups due in the span up to today that count for a service, by their due day's segment, whether done by then, and their services. */
  followUps: { segment: number; onTime: boolean; services: string[]; count: number }[];
  /** Each whānau whose first contact of a service (all time) is in the span: that day, and whether a goal of the service was written within `planWithinDays` of it. */
  firsts: { serviceKey: string; whanauId: string; first: string; planned: boolean }[];
  /** Goals of the services with a target date in the span. */
  goals: { id: string; serviceKey: string; area: string; achieved: boolean; targetDate: string }[];
  /** Each whānau's ratings up to the span's end, in order (by day, then as written). */
  ratings: Map<string, { on: string; scores: number[] }[]>;
  /** Contacts and their minutes by service and segment. */
  contacts: { serviceKey: string; segment: number; contacts: number; minutes: number }[];
  /** Each whānau a service's contacts were with, and the segments they were in. */
  whanau: { serviceKey: string; whanauId: string; segments: number }[];
  /** People served in each period (in the periods' order), by service, and by any of them (key null). */
  people: Map<string | null, number[]>;
};

const day = (value: unknown) => String(value).slice(0, 10);

/** Runs the queries together (on PostgreSQL, on connections of the pool at once), or with `timings` (the bench) one at a time, adding each one's milliseconds (its rows read too) under its name. */
async function runQueries<T extends readonly (readonly [string, () => Promise<unknown>])[]>(
  queries: T,
  timings?: Record<string, number>,
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K][1]>> }> {
  if (!timings) return (await Promise.all(queries.map(([, query]) => query()))) as never;
  const results: unknown[] = [];
  for (const [name, query] of queries) {
    const started = performance.now();
    results.push(await query());
    timings[name] = (timings[name] ?? 0) + performance.now() - started;
  }
  return results as never;
}

async function loadCardData(services: string[], periods: Period[], span: Period, today: string, timings?: Record<string, number>): Promise<CardData> {
  const { starts, masks } = segmentsOf(periods, span);
  const empty: CardData = { masks, enrolments: [], followUps: [], firsts: [], goals: [], ratings: new Map(), contacts: [], whanau: [], people: new Map() };
  if (services.length === 0) return empty;
  const until = span.to < today ? span.to : today;
  const replacements: Record<string, unknown> = {
    services,
    from: span.from,
    to: span.to,
    until,
    fromAt: nzDayStart(span.from),
    untilAt: nzDayStart(nextDay(span.to)),
  };
  starts.forEach((start, index) => (replacements[`start${index}`] = start));
  services.forEach((key, index) => (replacements[`service${index}`] = key));
  // A value for the segment a row's day is in (a bit each, or a place in the people query's masks), and a service's bit (0 for a service not asked about).
  const bySegment = (value: (index: number) => string, day = '"on"') =>
    starts.length === 1
      ? value(0)
      : `CASE ${starts
          .slice(1)
          .map((_, index) => `WHEN ${day} < :start${index + 1} THEN ${value(index)}`)
          .join(' ')} ELSE ${value(starts.length - 1)} END`;
  const segment = bySegment((index) => String(1 << index));
  const places = peoplePlaces(starts.length, services.length);
  const placeIn = (column: number) =>
    bySegment((index) => {
      const place = places.placeOf(index);
      return place.column === column ? String(1n << place.shift) : 'NULL';
    });
  const serviceBit = (column: string) => `CASE ${column} ${services.map((_, index) => `WHEN :service${index} THEN ${1 << index}`).join(' ')} ELSE 0 END`;
  const inSpan = `"serviceKey" IN (:services) AND "on" >= :from AND "on" <= :to`;
  const postgres = sequelize.getDialect() === 'postgres';
  // The bits set in any of the rows: PostgreSQL has BIT_OR, which it can hash; SQLite adds each bit once.
  const anyOf = (bits: string) => (postgres ? `BIT_OR(${bits})` : `SUM(DISTINCT ${bits})`);
  // Each query's rows are read as soon as they come, while the database works on the next ones.
  const select = <T extends object, R>(name: string, sql: string, read: (rows: T[]) => R) =>
    [name, async () => read(await sequelize.query<T>(sql, { replacements, type: QueryTypes.SELECT }))] as const;
  // The UTC day and hour of an instant (an enrolment's arrival, a follow-up's being done). New Zealand's day starts at 11:00 UTC in summer time and
  // 12:00 in winter: an instant before 11:00 is on its UTC day there, one from 12:00 on the next, one in the hour between on either.
  const utcDay = (at: string) => (postgres ? `CAST(${at} AT TIME ZONE 'UTC' AS DATE)` : `substr(${at}, 1, 10)`);
  const utcHour = (at: string) => (postgres ? `EXTRACT(HOUR FROM ${at} AT TIME ZONE 'UTC')` : `CAST(substr(${at}, 12, 2) AS INTEGER)`);
  const dayAfter = (date: string) => (postgres ? `${date} + 1` : `date(${date}, '+1 day')`);
  const doneDay = utcDay('t."doneAt"');
  const doneHour = utcHour('t."doneAt"');
  const firstAttended = (from: string) =>
    `(SELECT MIN(a."on") FROM contact_attendees a WHERE a."clientId" = e."clientId" AND a."serviceKey" = e."serviceKey" AND a."on" >= ${from})`;
  const [enrolments, followUps, { firsts, whanau }, goals, ratings, contacts, people] = await runQueries(
    [
      // Each enrolment's first day its client was at a contact of its service (with them, or present) from its day in New Zealand, one index seek:
      // from its UTC day before 11:00 UTC, from the next from 12:00; in the hour between from both (its day is worked out here).
      select(
        'enrolments',
        `SELECT e."serviceKey", e."receivedAt",
           ${firstAttended(`CASE WHEN ${utcHour('e."receivedAt"')} >= 12 THEN ${dayAfter(utcDay('e."receivedAt"'))} ELSE ${utcDay('e."receivedAt"')} END`)} AS first,
           CASE WHEN ${utcHour('e."receivedAt"')} = 11 THEN ${firstAttended(dayAfter(utcDay('e."receivedAt"')))} END AS "firstAfter"
       FROM enrolments e WHERE e."serviceKey" IN (:services) AND e."receivedAt" >= :fromAt AND e."receivedAt" < :untilAt`,
        (rows: { serviceKey: string; receivedAt: unknown; first: unknown; firstAfter: unknown }[]) =>
          rows.map((row) => {
            const arrived = nzToday(new Date(row.receivedAt as string).getTime());
            const first = row.first === null ? null : day(row.first) >= arrived ? day(row.first) : row.firstAfter === null ? null : day(row.firstAfter);
            return { serviceKey: row.serviceKey, arrived, wait: first === null ? null : workingDaysBetween(arrived, first) };
          }),
      ),
      // A follow-up of a goal counts for the goal's service; one with no goal for each service its whānau's linked members, or its client, are enrolled in (decision 106).
      // Counted by the due day's segment, services and whether done in time: one done on its due day between 11:00 and 12:00 UTC keeps its day to be
      // worked out here (New Zealand's day starts at 11:00 UTC in summer time, 12:00 in winter), any other is decided in the query.
      select(
        'follow-ups',
        `SELECT segment, services, "onTime", CASE WHEN "onTime" IS NULL THEN "dueOn" END AS unsure, COUNT(*) AS "followUps"
         FROM (SELECT t."dueOn", ${bySegment((index) => String(1 << index), 't."dueOn"')} AS segment,
           CASE WHEN t."goalId" IS NOT NULL THEN ${serviceBit('g."serviceKey"')} WHEN t."whanauId" IS NOT NULL THEN w.services ELSE c.services END AS services,
           CASE WHEN t."doneAt" IS NULL OR ${doneDay} > t."dueOn" THEN 0 WHEN ${doneDay} < t."dueOn" OR ${doneHour} < 11 THEN 1 WHEN ${doneHour} >= 12 THEN 0 END AS "onTime"
         FROM tasks t LEFT JOIN goals g ON g.id = t."goalId"
           LEFT JOIN (SELECT m."whanauId", ${anyOf(serviceBit('e."serviceKey"'))} AS services FROM whanau_members m JOIN enrolments e ON e."clientId" = m."clientId"
             WHERE m."unlinkedAt" IS NULL AND e."serviceKey" IN (:services) GROUP BY m."whanauId") AS w ON w."whanauId" = t."whanauId"
           LEFT JOIN (SELECT e."clientId", ${anyOf(serviceBit('e."serviceKey"'))} AS services FROM enrolments e
             WHERE e."serviceKey" IN (:services) GROUP BY e."clientId") AS c ON c."clientId" = t."clientId"
         WHERE t."dueOn" >= :from AND t."dueOn" <= :until) AS due
         WHERE services <> 0
         GROUP BY segment, services, "onTime", unsure`,
        (rows: { segment: unknown; services: unknown; onTime: unknown; unsure: unknown; followUps: unknown }[]) =>
          rows.map((row) => {
            const bits = Number(row.services);
            const unsure = row.unsure === null || row.unsure === undefined ? undefined : day(row.unsure);
            const onTime = unsure === undefined ? Number(row.onTime) === 1 : nzToday(Date.parse(`${unsure}T11:00:00Z`)) <= unsure;
            return { segment: Number(row.segment), onTime, services: services.filter((_, index) => (bits & (1 << index)) !== 0), count: Number(row.followUps) };
          }),
      ),
      // Each whānau a service's contacts were with up to the span's end: its first contact of the service, the segments of the span it was served in,
      // and for a first contact in the span when its first goal of the service was written. SQLite reads `contacts_whanau_first` (service, whānau,
      // day) in its order and groups as it reads (it would rather sort a range of `contacts_report`).
      select(
        'whānau',
        `SELECT f."serviceKey", f."whanauId", f.first, f.segments,
           CASE WHEN f.first >= :from THEN (SELECT MIN(g."writtenAt") FROM goals g WHERE g."whanauId" = f."whanauId" AND g."serviceKey" = f."serviceKey") END AS "plannedAt"
         FROM (SELECT "serviceKey", "whanauId", MIN("on") AS first, ${anyOf(`CASE WHEN "on" >= :from THEN ${segment} END`)} AS segments
           FROM contacts ${postgres ? '' : 'INDEXED BY contacts_whanau_first '}WHERE "serviceKey" IN (:services) AND "whanauId" IS NOT NULL AND "on" <= :to
           GROUP BY "serviceKey", "whanauId" HAVING MAX("on") >= :from) AS f`,
        (rows: { serviceKey: string; whanauId: string; first: unknown; segments: unknown; plannedAt: unknown }[]) => ({
          firsts: rows.flatMap((row) => {
            const first = day(row.first);
            if (first < span.from) return [];
            const plannedOn = row.plannedAt === null || row.plannedAt === undefined ? undefined : nzToday(new Date(row.plannedAt as string).getTime());
            return [
              {
                serviceKey: row.serviceKey,
                whanauId: row.whanauId,
                first,
                planned: plannedOn !== undefined && daysBetween(first, plannedOn) <= planWithinDays,
              },
            ];
          }),
          whanau: rows.map((row) => ({ serviceKey: row.serviceKey, whanauId: row.whanauId, segments: Number(row.segments ?? 0) })),
        }),
      ),
      select(
        'goals',
        `SELECT id, "serviceKey", area, status, "targetDate" FROM goals WHERE "serviceKey" IN (:services) AND "targetDate" >= :from AND "targetDate" <= :to`,
        (rows: { id: string; serviceKey: string; area: string; status: string; targetDate: unknown }[]) =>
          rows.map((row) => ({ id: row.id, serviceKey: row.serviceKey, area: row.area, achieved: row.status === 'achieved', targetDate: day(row.targetDate) })),
      ),
      // The seven scores (each 1 to 5) as the digits of one number, in the outcomes' order: a seventh of the values to carry. In order of day and writing
      // only, each whānau's in that order as they are gathered below: the table read through and sorted, not a lookup of each row from `outcome_ratings_whanau`.
      select(
        'ratings',
        `SELECT "whanauId", "on", ${whanauOraOutcomes.map((key, index) => `"${key}" * ${10 ** (whanauOraOutcomes.length - 1 - index)}`).join(' + ')} AS scores
         FROM outcome_ratings WHERE "on" <= :to ORDER BY "on", "writtenAt"`,
        (rows: { whanauId: string; on: unknown; scores: unknown }[]) => {
          const ratingsOf: CardData['ratings'] = new Map();
          for (const rating of rows) {
            const list = ratingsOf.get(rating.whanauId) ?? [];
            const scores = Number(rating.scores);
            list.push({
              on: day(rating.on),
              scores: whanauOraOutcomes.map((_, index) => Math.floor(scores / 10 ** (whanauOraOutcomes.length - 1 - index)) % 10),
            });
            ratingsOf.set(rating.whanauId, list);
          }
          return ratingsOf;
        },
      ),
      // Contacts and their minutes: the report's own index range (decision 104), added up by day in the index's order, then the days by segment.
      select(
        'contacts',
        `SELECT "serviceKey", ${segment} AS segment, SUM(contacts) AS contacts, SUM(minutes) AS minutes
         FROM (SELECT "serviceKey", "on", COUNT(*) AS contacts, SUM(minutes) AS minutes FROM contacts WHERE ${inSpan} GROUP BY "serviceKey", "on") AS days
         GROUP BY "serviceKey", segment`,
        (rows: { serviceKey: string; segment: unknown; contacts: unknown; minutes: unknown }[]) =>
          rows.map((row) => ({
            serviceKey: row.serviceKey,
            segment: Number(row.segment),
            contacts: Number(row.contacts ?? 0),
            minutes: Number(row.minutes ?? 0),
          })),
      ),
      // Each person once, with the services and segments they were at a contact of as bits (see `peoplePlaces`), counted by those bits. SQLite reads
      // `contact_attendees_client` in its order and groups each person as it goes (a range of `contact_attendees_report` it would sort); a row of
      // another service adds no bit, so there it needs no test of its service.
      select(
        'people',
        `SELECT ${places.columns.map((_, column) => `CAST(m${column} AS TEXT) AS m${column}`).join(', ')}, COUNT(*) AS people
         FROM (SELECT "clientId", ${places.columns.map((_, column) => `${anyOf(`CAST(${serviceBit('"serviceKey"')} AS BIGINT) * ${placeIn(column)}`)} AS m${column}`).join(', ')}
           FROM contact_attendees ${postgres ? `WHERE "serviceKey" IN (:services) AND` : 'INDEXED BY contact_attendees_client WHERE'} "on" >= :from AND "on" <= :to
           GROUP BY "clientId") AS everyone
         GROUP BY ${places.columns.map((_, column) => `m${column}`).join(', ')}`,
        (rows: (Record<string, unknown> & { people: unknown })[]) => peopleByService(rows, services, masks, places),
      ),
    ] as const,
    timings,
  );

  return { masks, enrolments, followUps, firsts, goals, ratings, contacts, whanau, people };
}

/** People served in each period, by service and by any of them (key null), from the people query's rows: a count for each set of bits. */
function peopleByService(
  rows: (Record<string, unknown> & { people: unknown })[],
  services: string[],
  masks: number[],
  places: ReturnType<typeof peoplePlaces>,
): CardData['people'] {
  const keys: (string | null)[] = [...services, null];
  const wanted = keys.map((key) => masks.map((mask) => places.bitsOf(mask, key === null ? services.map((_, index) => index) : [services.indexOf(key)])));
  const people = new Map(keys.map((key) => [key, masks.map(() => 0)]));
  for (const row of rows) {
    const bits = places.columns.map((column) => BigInt(String(row[`m${column}`] ?? 0)));
    keys.forEach((key, at) => {
      const counts = people.get(key)!;
      wanted[at]!.forEach((inPeriod, index) => {
        if (inPeriod.some((want, column) => (want & bits[column]!) !== 0n)) counts[index]! += Number(row.people);
      });
    });
  }
  return people;
}

/** Each whānau with two or more ratings by the day: its first and its latest by then. */
function ratedBy(ratings: CardData['ratings'], to: string): Map<string, RatingPair> {
  const rated = new Map<string, RatingPair>();
  for (const [whanauId, list] of ratings) {
    const upTo = list.findLastIndex((rating) => rating.on <= to);
    if (upTo >= 1) rated.set(whanauId, { first: list[0]!.scores, latest: list[upTo]!.scores });
  }
  return rated;
}

/** A period's figures by service, the people served by any of them (each once), and its follow-ups (each once). */
type Served = { byService: Map<string, Done>; people: number; followUpsDue: number; followUpsOnTime: number };

/** Everything the card counts for the period (the `index`th of the card's), by service, picked out of the span's data. */
function doneIn(services: string[], period: Period, index: number, data: CardData): Served {
  const byService = new Map(services.map((key) => [key, nothingDone()]));
  const served: Served = { byService, people: data.people.get(null)?.[index] ?? 0, followUpsDue: 0, followUpsOnTime: 0 };
  const mask = data.masks[index] ?? 0;
  const inPeriod = (date: string) => date >= period.from && date <= period.to;
  for (const row of data.contacts) {
    const done = byService.get(row.serviceKey);
    if (!done || (row.segment & mask) === 0) continue;
    done.contacts += row.contacts;
    done.minutes += row.minutes;
  }
  for (const row of data.whanau) if ((row.segments & mask) !== 0) byService.get(row.serviceKey)?.whanau.add(row.whanauId);
  for (const [key, done] of byService) done.people = data.people.get(key)?.[index] ?? 0;
  for (const enrolment of data.enrolments) if (inPeriod(enrolment.arrived)) byService.get(enrolment.serviceKey)?.waits.push(enrolment.wait);
  for (const followUp of data.followUps) {
    if ((followUp.segment & mask) === 0) continue;
    const onTime = followUp.onTime ? followUp.count : 0;
    served.followUpsDue += followUp.count;
    served.followUpsOnTime += onTime;
    for (const key of followUp.services) {
      const done = byService.get(key)!;
      done.followUpsDue += followUp.count;
      done.followUpsOnTime += onTime;
    }
  }
  for (const first of data.firsts) {
    if (!inPeriod(first.first)) continue;
    byService.get(first.serviceKey)?.started.set(first.whanauId, first.planned);
  }
  for (const goal of data.goals)
    if (inPeriod(goal.targetDate)) byService.get(goal.serviceKey)?.goals.set(goal.id, { area: goal.area, achieved: goal.achieved });
  // Rated: a served whānau with two or more ratings by the period's end, its first and its latest by then.
  const rated = ratedBy(data.ratings, period.to);
  for (const done of byService.values()) {
    for (const whanauId of done.whanau) {
      const pair = rated.get(whanauId);
      if (pair) done.rated.set(whanauId, pair);
    }
  }
  return served;
}

/** The services' figures together: every enrolment, contact and goal, and each whānau, person and follow-up once though it counts for two services. */
function totalOf({ byService, people, followUpsDue, followUpsOnTime }: Served): Done {
  const total = { ...nothingDone(), people, followUpsDue, followUpsOnTime };
  for (const one of byService.values()) {
    total.waits.push(...one.waits);
    total.contacts += one.contacts;
    total.minutes += one.minutes;
    for (const id of one.whanau) total.whanau.add(id);
    // A whānau started with two services has a plan in time when either service's plan was.
    for (const [id, planned] of one.started) total.started.set(id, planned || (total.started.get(id) ?? false));
    for (const [id, pair] of one.rated) total.rated.set(id, pair);
    for (const [id, goal] of one.goals) total.goals.set(id, goal);
  }
  return total;
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
  { withTrend = true, timings }: { withTrend?: boolean; timings?: Record<string, number> } = {},
): Promise<ReportCard> {
  const period = { from: query.from, to: query.to };
  const lastYear = { from: yearEarlier(query.from), to: yearEarlier(query.to) };
  const today = nzToday(now.getTime());
  const quarters = withTrend ? lastFourQuarters(query.to) : [];
  const periods = [period, lastYear, ...quarters];
  const days = periods.flatMap((one) => [one.from, one.to]).sort();
  const span = { from: days[0]!, to: days.at(-1)! };
  const data = await loadCardData(services, periods, span, today, timings);
  const [current, before, ...trend] = periods.map((one, index) => doneIn(services, one, index, data)) as [Served, Served, ...Served[]];
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
