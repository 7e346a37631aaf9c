import { Op, literal, type Transaction, type WhereOptions } from 'sequelize';
import { serviceKeys } from '../../contract/enrolments';
import { limits } from '../../contract/limits';
import { Client } from '../db/models/client';
import type { Enrolment } from '../db/models/enrolment';
import { sequelize } from '../db/sequelize';
import type { Actor } from './audit';
import { notFound } from './errors';

/**
 * Need-to-know (DESIGN §4b): a kaimahi (access 1) sees the enrolments of the services they work
 * on, and the clients who have an enrolment in one of those or whom they created. Managers see
 * everything. A record the caller may not see answers 404, exactly as one that does not exist.
 */
export function seesEverything(actor: Actor): boolean {
  return actor.access >= limits.managerAccess;
}

/** The services whose enrolments the actor sees. */
export function visibleServices(actor: Actor): readonly string[] {
  return seesEverything(actor) ? serviceKeys : actor.services.filter((key) => serviceKeys.includes(key));
}

export function canSeeEnrolment(actor: Actor, enrolment: Pick<Enrolment, 'serviceKey'>): boolean {
  return visibleServices(actor).includes(enrolment.serviceKey);
}

/** A where clause on enrolments for what the actor sees. */
export function visibleEnrolmentsWhere(actor: Actor): WhereOptions<Enrolment> {
  return seesEverything(actor) ? {} : { serviceKey: { [Op.in]: [...visibleServices(actor)] } };
}

/**
 * SQL (for a clients table aliased `alias`) true when the actor may see the client. Values are
 * escaped by Sequelize; service keys come from the catalogue only.
 */
export function visibleClientsSql(actor: Actor, alias: string): string {
  if (seesEverything(actor)) return '1=1';
  const escape = (value: string) => sequelize.escape(value);
  const services = visibleServices(actor);
  const byService = services.length
    ? // Not correlated: the database reads the service's linked client ids once (index serviceKey, clientId).
      ` OR ${alias}.id IN (SELECT ve."clientId" FROM enrolments ve WHERE ve."serviceKey" IN (${services.map(escape).join(', ')}) AND ve."clientId" IS NOT NULL)`
    : '';
  return `(${alias}."createdBy" = ${escape(actor.id)}${byService})`;
}

/**
 * As `visibleClientsSql`, correlated: for each client row, one probe of the `(clientId,
 * serviceKey)` index. Cheaper when few clients are checked (the week's notes) than reading the
 * ids of every client of the actor's services first (decision 065).
 */
export function visibleClientSqlPerRow(actor: Actor, alias: string): string {
  if (seesEverything(actor)) return '1=1';
  const escape = (value: string) => sequelize.escape(value);
  const services = visibleServices(actor);
  const byService = services.length
    ? ` OR EXISTS (SELECT 1 FROM enrolments ve WHERE ve."clientId" = ${alias}.id AND ve."serviceKey" IN (${services.map(escape).join(', ')}))`
    : '';
  return `(${alias}."createdBy" = ${escape(actor.id)}${byService})`;
}

/**
 * SQL counting the clients the actor may see, from indexes only (no pass over every client).
 * UNION ALL then COUNT(DISTINCT), not UNION: with UNION, SQLite 3.52 merges the two halves in id
 * order and so reads every client and every enrolment (270 ms at 50,000); this way each half is
 * a range of its own index (decision 065).
 */
export function countVisibleClientsSql(actor: Actor): string {
  if (seesEverything(actor)) return 'SELECT COUNT(*) AS total FROM clients';
  const escape = (value: string) => sequelize.escape(value);
  const services = visibleServices(actor);
  const byService = services.length
    ? ` UNION ALL SELECT ve."clientId" AS id FROM enrolments ve WHERE ve."serviceKey" IN (${services.map(escape).join(', ')}) AND ve."clientId" IS NOT NULL`
    : '';
  return `SELECT COUNT(DISTINCT visible.id) AS total FROM (SELECT c.id FROM clients c WHERE c."createdBy" = ${escape(actor.id)}${byService}) visible`;
}

/** A where clause on the Client model for what the actor sees. */
export function visibleClientsWhere(actor: Actor): WhereOptions<Client> {
  return seesEverything(actor) ? {} : literal(visibleClientsSql(actor, '"Client"'));
}

/** One client the actor may see, or 404 `Client not found`. Locked (PostgreSQL) when in a transaction. */
export async function findVisibleClient(actor: Actor, id: string, transaction?: Transaction): Promise<Client> {
  const client = await Client.findOne({
    where: { [Op.and]: [{ id }, visibleClientsWhere(actor)] },
    transaction,
    ...(transaction ? { lock: transaction.LOCK.UPDATE } : {}),
  });
  if (!client) throw notFound('Client not found');
  return client;
}
