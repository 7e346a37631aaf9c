import { siteFields, type Site, type SiteField, type UpdateSiteInput } from '../../../contract/site';
import { siteRowId } from '../../db/migrations/006-site';
import { SiteSettings } from '../../db/models/site-settings';
import { sequelize } from '../../db/sequelize';
import { recordAudit, type Actor } from '../../lib/audit';

export function presentSite(row: SiteSettings | null): Site {
  return Object.fromEntries(siteFields.map((field) => [field, row?.[field] ?? null])) as Site;
}

/** The trust's details; every field null until a manager sets it. */
export async function readSite(): Promise<Site> {
  return presentSite(await SiteSettings.findByPk(siteRowId));
}

/**
 * Saves the fields sent and writes one audit event naming those that really changed (never
 * their values), in one transaction. A save that changes nothing writes nothing.
 */
export async function updateSite(actor: Actor, changes: UpdateSiteInput): Promise<{ site: Site; changed: SiteField[] }> {
  return sequelize.transaction(async (transaction) => {
    // Migration 006 makes the row; made again here only if someone removed it by hand.
    const row =
      (await SiteSettings.findByPk(siteRowId, { transaction, lock: transaction.LOCK.UPDATE })) ??
      (await SiteSettings.create({ id: siteRowId }, { transaction }));
    const changed = siteFields.filter((field) => changes[field] !== undefined && changes[field] !== row[field]);
    if (changed.length > 0) {
      await row.update(Object.fromEntries(changed.map((field) => [field, changes[field]])), { transaction });
      await recordAudit(actor, { action: 'update', entity: 'site', entityId: siteRowId, fields: changed }, transaction);
    }
    return { site: presentSite(row), changed };
  });
}
