import { Op, QueryTypes, literal } from 'sequelize';
import { serviceCatalogue } from '../../../contract/catalogue';
import type { Dashboard } from '../../../contract/dashboard';
import { enrolmentStatuses, type EnrolmentStatus } from '../../../contract/enrolments';
import { nzToday } from '../../../contract/nz-days';
import { Enrolment } from '../../db/models/enrolment';
import { PrivacyRequest } from '../../db/models/whanau-app';
import { sequelize } from '../../db/sequelize';
import type { Actor } from '../../lib/audit';
import {
  countVisibleClientsSql,
  seesEverything,
  visibleClientSqlPerRow,
  visibleEnrolmentsSql,
  visibleEnrolmentsWhere,
  visibleNotesSql,
  visibleServices,
} from '../../lib/need-to-know';

const dayMs = 24 * 60 * 60 * 1000;
const weeks = 12;

/**
 * The dashboard's numbers, of what the actor may see only. Each number is one indexed query:
 * a GROUP BY for service × status, one range count per week, and counts of clients and notes.
 */
export async function buildDashboard(actor: Actor, now = new Date(), timings?: Record<string, number>): Promise<Dashboard> {
  const visible = visibleEnrolmentsWhere(actor);
  const weekStarts = Array.from({ length: weeks }, (_, index) => new Date(now.getTime() - (weeks - index) * 7 * dayMs));
  const weekAgo = new Date(now.getTime() - 7 * dayMs);
  const clientsVisible = visibleClientSqlPerRow(actor, 'c');
  const timed = <T>(name: string, work: Promise<T>): Promise<T> => {
    if (!timings) return work;
    const started = performance.now();
    return work.then((result) => {
      timings[name] = (timings[name] ?? 0) + performance.now() - started;
      return result;
    });
  };
  const [grouped, weekly, clients, notes] = await Promise.all([
    timed(
      'byService',
      Enrolment.findAll({
        // COUNT(*), not COUNT(id): the (serviceKey, status, receivedAt, id) index alone answers it, no table row is read.
        attributes: ['serviceKey', 'status', [literal('COUNT(*)'), 'count']],
        where: visible,
        group: ['serviceKey', 'status'],
        raw: true,
      }) as unknown as Promise<{ serviceKey: string; status: EnrolmentStatus; count: number | string }[]>,
    ),
    timed('weekly', weeklyCounts(actor, weekStarts, now)),
    timed('clients', sequelize.query<{ total: number | string }>(countVisibleClientsSql(actor), { type: QueryTypes.SELECT })),
    timed(
      'notes',
      sequelize.query<{ total: number | string }>(
        // CROSS JOIN keeps SQLite's join order: the week's notes (few) first, then for each one
        // whether its client is visible; the other way round reads every visible client (decision 065).
        `SELECT COUNT(*) AS total FROM case_notes n CROSS JOIN clients c WHERE c.id = n."clientId" AND n."createdAt" >= :since AND ${clientsVisible} AND ${visibleNotesSql(actor, 'n')}`,
        { type: QueryTypes.SELECT, replacements: { since: weekAgo } },
      ),
    ),
  ]);
  const services = visibleServices(actor);
  const byService = serviceCatalogue
    .filter((service) => services.includes(service.key))
    .map((service) => {
      const byStatus = Object.fromEntries(enrolmentStatuses.map((status) => [status, 0])) as Record<EnrolmentStatus, number>;
      for (const row of grouped) if (row.serviceKey === service.key) byStatus[row.status] = Number(row.count);
      const total = Object.values(byStatus).reduce((sum, count) => sum + count, 0);
      return { serviceKey: service.key, serviceTitle: service.title, total, byStatus };
    });
  return {
    newEnrolments: byService.reduce((sum, service) => sum + service.byStatus.new, 0),
    receivedLast7Days: weekly.at(-1) ?? 0,
    byService,
    weekly: weekStarts.map((start, index) => ({ weekStart: start.toISOString(), count: weekly[index] ?? 0 })),
    clients: Number(clients[0]?.total ?? 0),
    notesLast7Days: Number(notes[0]?.total ?? 0),
    ...(seesEverything(actor) ? { privacyRequests: await countPrivacyRequests(now) } : {}),
    generatedAt: now.toISOString(),
  };
}

/** Open Privacy Act requests, and those past their due date on New Zealand's today. */
async function countPrivacyRequests(now: Date): Promise<{ open: number; overdue: number }> {
  const [open, overdue] = await Promise.all([
    PrivacyRequest.count({ where: { status: 'new' } }),
    PrivacyRequest.count({ where: { status: 'new', dueOn: { [Op.lt]: nzToday(now.getTime()) } } }),
  ]);
  return { open, overdue };
}

/** Enrolments received in each week, in one pass over the `receivedAt` index range of 12 weeks. */
async function weeklyCounts(actor: Actor, weekStarts: Date[], now: Date): Promise<number[]> {
  const replacements: Record<string, unknown> = { from: weekStarts[0], to: now };
  const sums = weekStarts.map((start, index) => {
    replacements[`start${index}`] = start;
    replacements[`end${index}`] = weekStarts[index + 1] ?? now;
    return `SUM(CASE WHEN "receivedAt" >= :start${index} AND "receivedAt" < :end${index} THEN 1 ELSE 0 END) AS week${index}`;
  });
  const byService = seesEverything(actor) ? '' : ` AND ${visibleEnrolmentsSql(actor)}`;
  const [row] = await sequelize.query<Record<string, number | string | null>>(
    `SELECT ${sums.join(', ')} FROM enrolments WHERE "receivedAt" >= :from AND "receivedAt" < :to${byService}`,
    { type: QueryTypes.SELECT, replacements },
  );
  return weekStarts.map((_, index) => Number(row?.[`week${index}`] ?? 0));
}
