import { QueryTypes } from 'sequelize';
import { serviceCatalogue } from '../../../contract/catalogue';
import {
  nextDay,
  nzDayStart,
  reportMeasures,
  reportRowKeys,
  yearEarlier,
  type Report,
  type ReportQuery,
  type ReportRow,
  type ReportTable,
  type ReportTableName,
} from '../../../contract/reports';
import { ServiceOutputRow } from '../../db/models/service-output';
import { sequelize } from '../../db/sequelize';
import type { Actor } from '../../lib/audit';
import { badRequest, forbidden } from '../../lib/errors';
import { seesEverything, visibleServices } from '../../lib/need-to-know';
import { outputsByIds } from './outputs.service';
import { allServices, exportHiddenCells, type PeriodColumn } from './reports.csv';

type Period = { from: string; to: string };
type Figures = Record<string, Record<string, number>>;

/** Enrolments count as accepted once a kaimahi has enrolled them (and when they have since completed). */
const acceptedStatuses = ['enrolled', 'completed'];

/**
 * The services a report covers: those asked for (all when none), and for `scope=mine` only the
 * caller's own. Without `scope=mine` only managers report (403).
 */
export function reportServices(actor: Actor, query: Pick<ReportQuery, 'services' | 'scope'>): string[] {
  if (query.scope !== 'mine' && !seesEverything(actor)) throw forbidden();
  const allowed = query.scope === 'mine' ? actor.services : visibleServices(actor);
  const asked = query.services?.length ? query.services : serviceCatalogue.map((service) => service.key);
  return serviceCatalogue.map((service) => service.key).filter((key) => asked.includes(key) && allowed.includes(key));
}

/**
 * An export covers one service or every service of the trust (decision 116): two exports whose
 * service sets differ by one service would give that service's small counts by difference, so the
 * sets are always the same seven, suppressed together (`exportHiddenCells`). A kaimahi who works on
 * some services exports them one at a time.
 */
export function assertWholeServiceSet(actor: Actor, query: Pick<ReportQuery, 'services' | 'scope'>): string[] {
  const services = reportServices(actor, query);
  if (services.length > 1 && services.length < serviceCatalogue.length) throw badRequest('An export covers one service or all of them', 'services');
  return services;
}

const number = (value: unknown) => Number(value ?? 0);
const hoursOf = (minutes: number) => Math.round((minutes / 60) * 100) / 100;

/**
 * One period's figures of every table, by table → row key → measure. Each query reads a range of
 * one index (migrations 022, 023, decision 104): contacts their covering index, people their
 * attendee rows, outputs their sums by day. With `timings` (the bench) the queries run one at a
 * time and each one's milliseconds are added under its name; otherwise they run together (on
 * PostgreSQL, on connections of the pool at once).
 */
async function figuresOf(services: string[], period: Period, timings?: Record<string, number>): Promise<Record<ReportTableName, Figures>> {
  const empty = { enrolments: {}, served: {}, contacts: {}, goals: {}, outputs: {} } satisfies Record<ReportTableName, Figures>;
  if (services.length === 0) return empty;
  const replacements = {
    services,
    from: period.from,
    to: period.to,
    fromAt: nzDayStart(period.from),
    untilAt: nzDayStart(nextDay(period.to)),
    accepted: acceptedStatuses,
  };
  const select =
    <T extends object>(name: string, sql: string) =>
    async () => {
      const started = performance.now();
      const rows = await sequelize.query<T>(sql, { type: QueryTypes.SELECT, replacements });
      if (timings) timings[name] = (timings[name] ?? 0) + performance.now() - started;
      return rows;
    };
  const inPeriod = `"serviceKey" IN (:services) AND "on" >= :from AND "on" <= :to`;

  const queries = [
    select<{ serviceKey: string; received: unknown; accepted: unknown }>(
      'enrolments',
      `SELECT "serviceKey", COUNT(*) AS received, SUM(CASE WHEN status IN (:accepted) THEN 1 ELSE 0 END) AS accepted
       FROM enrolments WHERE "serviceKey" IN (:services) AND "receivedAt" >= :fromAt AND "receivedAt" < :untilAt GROUP BY "serviceKey"`,
    ),
    // Distinct by a subquery: PostgreSQL hashes it, where COUNT(DISTINCT …) sorts.
    select<{ whanau: unknown; people: unknown }>(
      'served',
      `SELECT (SELECT COUNT(*) FROM (SELECT DISTINCT "whanauId" FROM contacts WHERE ${inPeriod} AND "whanauId" IS NOT NULL) AS w) AS whanau,
              (SELECT COUNT(*) FROM (SELECT DISTINCT "clientId" FROM contact_attendees WHERE ${inPeriod}) AS a) AS people`,
    ),
    select<{ kind: string; contacts: unknown; minutes: unknown }>(
      'contacts',
      `SELECT kind, COUNT(*) AS contacts, SUM(minutes) AS minutes FROM contacts WHERE ${inPeriod} GROUP BY kind`,
    ),
    select<{ area: string; total: unknown }>(
      'goals set',
      `SELECT area, COUNT(*) AS total FROM goals WHERE "serviceKey" IN (:services) AND "createdAt" >= :fromAt AND "createdAt" < :untilAt GROUP BY area`,
    ),
    select<{ area: string; total: unknown }>(
      'goals achieved',
      `SELECT area, COUNT(*) AS total FROM goals WHERE "serviceKey" IN (:services) AND "achievedAt" >= :fromAt AND "achievedAt" < :untilAt GROUP BY area`,
    ),
    // Outputs by day (migration 023): a contact has one service and one day, so its days' contacts add up.
    select<{ kind: string; contacts: unknown; quantity: unknown; value: unknown }>(
      'outputs',
      `SELECT kind, SUM(contacts) AS contacts, SUM(quantity) AS quantity, SUM(value) AS value FROM contact_output_days WHERE ${inPeriod} GROUP BY kind`,
    ),
  ] as const;
  const [enrolments, served, contacts, goalsSet, goalsAchieved, outputs] = timings
    ? [await queries[0](), await queries[1](), await queries[2](), await queries[3](), await queries[4](), await queries[5]()]
    : await Promise.all([queries[0](), queries[1](), queries[2](), queries[3](), queries[4](), queries[5]()]);

  const figures: Record<ReportTableName, Figures> = empty;
  for (const row of enrolments) figures.enrolments[row.serviceKey] = { received: number(row.received), accepted: number(row.accepted) };
  figures.served.whanau = { served: number(served[0]?.whanau) };
  figures.served.people = { served: number(served[0]?.people) };
  for (const row of contacts) figures.contacts[row.kind] = { contacts: number(row.contacts), hours: hoursOf(number(row.minutes)) };
  for (const row of goalsSet) figures.goals[row.area] = { set: number(row.total), achieved: 0 };
  for (const row of goalsAchieved) figures.goals[row.area] = { set: figures.goals[row.area]?.set ?? 0, achieved: number(row.total) };
  for (const row of outputs) {
    figures.outputs[row.kind] = {
      contacts: number(row.contacts),
      quantity: Math.round(number(row.quantity) * 100) / 100,
      value: Math.round(number(row.value) * 100) / 100,
    };
  }
  // Totals: a contact's hours summed from its minutes, not from rounded hours.
  const totalMinutes = contacts.reduce((sum, row) => sum + number(row.minutes), 0);
  figures.contacts.total = { contacts: contacts.reduce((sum, row) => sum + number(row.contacts), 0), hours: hoursOf(totalMinutes) };
  return figures;
}

function tableOf(name: ReportTableName, keys: string[], now: Figures, before: Figures, guards: Record<string, string>): ReportTable {
  const measures: string[] = [...reportMeasures[name]];
  const zeros = () => Object.fromEntries(measures.map((measure) => [measure, 0]));
  const withTotal = keys.includes('total');
  const sum = (figures: Figures) => {
    const total = zeros();
    for (const key of keys) if (key !== 'total') for (const measure of measures) total[measure] = (total[measure] ?? 0) + (figures[key]?.[measure] ?? 0);
    return total;
  };
  const rows: ReportRow[] = keys.map((key) => ({
    key,
    values: key === 'total' && withTotal ? { ...sum(now), ...now.total } : { ...zeros(), ...now[key] },
    lastYear: key === 'total' && withTotal ? { ...sum(before), ...before.total } : { ...zeros(), ...before[key] },
  }));
  return { name, measures, guards, rows };
}

/**
 * A report of the period and services (DESIGN §4d): counts only, with the same period a year
 * earlier beside each figure. `timings` (the bench): milliseconds by query, each run alone.
 */
export async function buildReport(actor: Actor, query: ReportQuery, now = new Date(), timings?: Record<string, number>): Promise<Report> {
  return await buildReportOf(reportServices(actor, query), query, now, timings);
}

/** The report of these services (already allowed to the caller, or an export's family of every one). */
export async function buildReportOf(
  services: string[],
  query: Pick<ReportQuery, 'from' | 'to'>,
  now = new Date(),
  timings?: Record<string, number>,
): Promise<Report> {
  const period = { from: query.from, to: query.to };
  const lastYear = { from: yearEarlier(query.from), to: yearEarlier(query.to) };
  const [current, before] = timings
    ? [await figuresOf(services, period, timings), await figuresOf(services, lastYear, timings)]
    : await Promise.all([figuresOf(services, period), figuresOf(services, lastYear)]);

  // Outputs: those the services offer, and any others recorded in either period (retired ones), in the services' order.
  const started = performance.now();
  const offered = services.length ? await ServiceOutputRow.findAll({ where: { serviceKey: services, retiredAt: null }, attributes: ['id'] }) : [];
  const ids = [...new Set([...offered.map((row) => row.id), ...Object.keys(current.outputs), ...Object.keys(before.outputs)])];
  const outputs = (await outputsByIds(ids)).sort(
    (a, b) => services.indexOf(a.serviceKey) - services.indexOf(b.serviceKey) || a.order - b.order || a.name.localeCompare(b.name),
  );
  if (timings) timings['output names'] = performance.now() - started;

  return {
    from: period.from,
    to: period.to,
    lastYear,
    services,
    tables: {
      enrolments: tableOf('enrolments', [...services, 'total'], current.enrolments, before.enrolments, { received: 'received', accepted: 'accepted' }),
      served: tableOf('served', [...reportRowKeys.served], current.served, before.served, { served: 'served' }),
      contacts: tableOf('contacts', [...reportRowKeys.contacts], current.contacts, before.contacts, { contacts: 'contacts', hours: 'contacts' }),
      goals: tableOf('goals', [...reportRowKeys.goals], current.goals, before.goals, { set: 'set', achieved: 'achieved' }),
      outputs: tableOf(
        'outputs',
        outputs.map((output) => output._id),
        current.outputs,
        before.outputs,
        { contacts: 'contacts', quantity: 'contacts', value: 'contacts' },
      ),
    },
    outputs,
    generatedAt: now.toISOString(),
  };
}

/**
 * An export's report and the cells of its table to hide (decision 116): one service or all of them,
 * suppressed together with every other set an export can cover (each service alone, and all), so
 * that no two exports, nor all of them less some, give a hidden count exactly.
 */
export async function buildExport(
  actor: Actor,
  query: ReportQuery,
  table: ReportTableName,
): Promise<{ report: Report; hidden: Record<PeriodColumn, ReadonlySet<string>> }> {
  const services = assertWholeServiceSet(actor, query);
  const every = serviceCatalogue.map((service) => service.key);
  const now = new Date();
  // None: a kaimahi asked for a service they do not work on, and gets its empty report, as on screen.
  if (services.length === 0) return { report: await buildReportOf([], query, now), hidden: { values: new Set(), lastYear: new Set() } };
  const family = new Map<string, Report>();
  // One at a time: seven reports, and an export is rare.
  for (const set of [allServices, ...every]) family.set(set, await buildReportOf(set === allServices ? every : [set], query, now));
  const asked = services.length === 1 ? services[0]! : allServices;
  const tables = new Map([...family].map(([set, one]) => [set, one.tables[table]]));
  return {
    report: family.get(asked)!,
    hidden: { values: exportHiddenCells(tables, 'values').get(asked)!, lastYear: exportHiddenCells(tables, 'lastYear').get(asked)! },
  };
}
