import type { Actor } from './audit';
import { notArchivedSql, seesEverything, visibleClientsSql } from './need-to-know';

/**
 * Which clients are in a person's caseload (decision 045), for the client and whānau copies on
 * the device. A kaimahi's is every client they may see; a manager, who may see everyone, keeps the
 * clients they created, those with an enrolment in their own services, and those they opened or
 * changed (their audit events), not the whole register. SQL for a clients table aliased `c`.
 */
export function caseloadClientsSql(actor: Actor): { sql: string; replacements: Record<string, unknown> } {
  if (!seesEverything(actor)) return { sql: visibleClientsSql(actor, 'c'), replacements: {} };
  const replacements: Record<string, unknown> = { me: actor.id, myServices: actor.services.length ? actor.services : [''] };
  return {
    sql: `${notArchivedSql('c')} AND (c."createdBy" = :me
      OR c.id IN (SELECT e."clientId" FROM enrolments e WHERE e."serviceKey" IN (:myServices) AND e."clientId" IS NOT NULL)
      OR c.id IN (SELECT a."clientId" FROM audit_events a WHERE a."actorId" = :me AND a."clientId" IS NOT NULL))`,
    replacements,
  };
}
