import { Op, QueryTypes } from 'sequelize';
import { firstContactWorkingDays, type HowWellFigures, type HowWellRow, type ReportCard } from '../../../contract/report-card';
import { nextDay, nzDayStart, nzToday, yearEarlier, type ReportQuery } from '../../../contract/reports';
import { workingDaysBetween } from '../../../contract/working-days';
import { Enrolment } from '../../db/models/enrolment';
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

function figuresOf(waits: readonly (number | null)[]): HowWellFigures {
  const contacted = waits.filter((wait): wait is number => wait !== null);
  return {
    received: waits.length,
    contactedInTime: contacted.filter((wait) => wait <= firstContactWorkingDays).length,
    contacted: contacted.length,
    medianWorkingDays: median(contacted),
  };
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
  const [current, before] = await Promise.all([waitsOf(services, period), waitsOf(services, lastYear)]);
  const row = (key: string, waits: (number | null)[], earlier: (number | null)[]): HowWellRow => ({
    key,
    values: figuresOf(waits),
    lastYear: figuresOf(earlier),
  });
  const all = (map: Map<string, (number | null)[]>) => [...map.values()].flat();
  return {
    from: period.from,
    to: period.to,
    lastYear,
    services,
    howWell: [...services.map((key) => row(key, current.get(key) ?? [], before.get(key) ?? [])), row('total', all(current), all(before))],
    generatedAt: now.toISOString(),
  };
}
