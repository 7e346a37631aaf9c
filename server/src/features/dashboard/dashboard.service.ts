import { Op, QueryTypes, fn, col } from 'sequelize';
import { serviceCatalogue } from '../../../contract/catalogue';
import type { Dashboard } from '../../../contract/dashboard';
import { enrolmentStatuses, type EnrolmentStatus } from '../../../contract/enrolments';
import { Enrolment } from '../../db/models/enrolment';
import { sequelize } from '../../db/sequelize';
import type { Actor } from '../../lib/audit';
import { visibleClientsSql, visibleEnrolmentsWhere, visibleServices } from '../../lib/need-to-know';

const dayMs = 24 * 60 * 60 * 1000;
const weeks = 12;

/**
 * The dashboard's numbers, of what the actor may see only. Each number is one indexed query:
 * a GROUP BY for service × status, one range count per week, and counts of clients and notes.
 */
export async function buildDashboard(actor: Actor, now = new Date()): Promise<Dashboard> {
  const visible = visibleEnrolmentsWhere(actor);
  const weekStarts = Array.from({ length: weeks }, (_, index) => new Date(now.getTime() - (weeks - index) * 7 * dayMs));
  const weekAgo = new Date(now.getTime() - 7 * dayMs);
  const clientsVisible = visibleClientsSql(actor, 'c');
  const [grouped, weekly, clients, notes] = await Promise.all([
    Enrolment.findAll({
      attributes: ['serviceKey', 'status', [fn('COUNT', col('id')), 'count']],
      where: visible,
      group: ['serviceKey', 'status'],
      raw: true,
    }) as unknown as Promise<{ serviceKey: string; status: EnrolmentStatus; count: number | string }[]>,
    Promise.all(
      weekStarts.map((start) =>
        Enrolment.count({ where: { ...visible, receivedAt: { [Op.gte]: start, [Op.lt]: new Date(start.getTime() + 7 * dayMs) } } }),
      ),
    ),
    sequelize.query<{ total: number | string }>(`SELECT COUNT(*) AS total FROM clients c WHERE ${clientsVisible}`, { type: QueryTypes.SELECT }),
    sequelize.query<{ total: number | string }>(
      `SELECT COUNT(*) AS total FROM case_notes n JOIN clients c ON c.id = n."clientId" WHERE n."createdAt" >= :since AND ${clientsVisible}`,
      { type: QueryTypes.SELECT, replacements: { since: weekAgo } },
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
    generatedAt: now.toISOString(),
  };
}
