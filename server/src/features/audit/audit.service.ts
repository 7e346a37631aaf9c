import { Op, type WhereOptions } from 'sequelize';
import { bulkReadActions, type ExportTrailQuery, type ListTrailQuery, type TrailAction, type TrailPage } from '../../../contract/audit';
import { nextDay, nzDayStart } from '../../../contract/nz-days';
import { AuditEvent } from '../../db/models/audit-event';
import { sequelize } from '../../db/sequelize';
import { presentAuditEvent, recordAudit, type Actor } from '../../lib/audit';
import { csvText } from '../../lib/csv';

/** The first moment of a period's start: a day starts at New Zealand midnight. */
const startOf = (from: string) => (from.length === 10 ? nzDayStart(from) : new Date(from));
/** Just past a period's end: a day ends at the next New Zealand midnight; a time is included. */
const endOf = (to: string) => (to.length === 10 ? nzDayStart(nextDay(to)) : new Date(Date.parse(to) + 1));

function trailWhere(query: { actor?: string; action?: TrailAction; from?: string; to?: string }): WhereOptions<AuditEvent> {
  const at = {
    ...(query.from ? { [Op.gte]: startOf(query.from) } : {}),
    ...(query.to ? { [Op.lt]: endOf(query.to) } : {}),
  };
  return {
    ...(query.actor ? { actorId: query.actor } : {}),
    ...(query.action ? { action: query.action } : {}),
    ...(query.from || query.to ? { at } : {}),
  };
}

/**
 * `GET /api/audit`: every event of the trail, newest first, filtered. With `routine=hide` (the
 * app's default) list searches and caseload downloads are left out and counted instead, so views
 * and changes of records stand out; naming one of them as the action shows it all the same.
 */
export async function listTrail(query: ListTrailQuery): Promise<TrailPage> {
  const where = trailWhere(query);
  const hidesRoutine = query.routine === 'hide' && !query.action;
  const { rows, count } = await AuditEvent.findAndCountAll({
    where: hidesRoutine ? { ...where, action: { [Op.notIn]: [...bulkReadActions] } } : where,
    order: [['seq', 'DESC']],
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  const routineHidden = hidesRoutine ? await AuditEvent.count({ where: { ...where, action: { [Op.in]: [...bulkReadActions] } } }) : 0;
  return { items: rows.map(presentAuditEvent), total: count, page: query.page, pageSize: query.pageSize, routineHidden };
}

const csvColumns = ['at', 'actorId', 'actorName', 'action', 'entity', 'entityId', 'fields', 'details'] as const;

/**
 * `GET /api/audit/export`: a period of the trail, oldest first, as CSV for the privacy officer.
 * The export is itself an event, written first so it is in the file it makes.
 */
export function exportTrail(actor: Actor, query: ExportTrailQuery): Promise<string> {
  return sequelize.transaction(async (transaction) => {
    await recordAudit(
      actor,
      { action: 'export', entity: 'audit', entityId: actor.id, details: { format: 'csv', from: query.from, to: query.to } },
      transaction,
    );
    const events = await AuditEvent.findAll({ where: trailWhere(query), order: [['seq', 'ASC']], transaction });
    const rows = events.map((event) => {
      const body = presentAuditEvent(event);
      return csvColumns.map((column) => body[column]);
    });
    return csvText([['id', ...csvColumns], ...rows.map((row, index) => [events[index]?.id, ...row])]);
  });
}
