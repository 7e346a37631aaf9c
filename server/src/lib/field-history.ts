import type { Transaction } from 'sequelize';
import type { Page, PageQuery } from '../../contract/common';
import type { FieldChange as FieldChangeBody } from '../../contract/whanau';
import { FieldChange } from '../db/models/field-change';
import type { Actor } from './audit';

/**
 * Field history (issue 20): each edit of a client, whānau, goal or follow-up records, per changed
 * field, its value before and after, in the edit's transaction. The audit trail names fields only
 * (decision 022); this holds values, so only managers read it and an erasure deletes a client's.
 */
export type HistoryEntity = 'client' | 'whanau' | 'goal' | 'task';

export async function recordFieldChanges(
  actor: Actor,
  record: { entity: HistoryEntity; entityId: string; clientId?: string | null },
  changes: { field: string; from: unknown; to: unknown }[],
  transaction: Transaction,
): Promise<void> {
  if (changes.length === 0) return;
  const at = new Date();
  await FieldChange.bulkCreate(
    changes.map((change) => ({
      at,
      actorId: actor.id,
      actorName: actor.name,
      entity: record.entity,
      entityId: record.entityId,
      clientId: record.clientId ?? null,
      field: change.field,
      fromValue: change.from ?? null,
      toValue: change.to ?? null,
    })),
    { transaction },
  );
}

/** One record's field history, newest first. */
export async function listFieldHistory(entity: HistoryEntity, entityId: string, page: PageQuery): Promise<Page<FieldChangeBody>> {
  const { rows, count } = await FieldChange.findAndCountAll({
    where: { entity, entityId },
    order: [['seq', 'DESC']],
    limit: page.pageSize,
    offset: (page.page - 1) * page.pageSize,
  });
  return {
    items: rows.map((row) => ({
      at: row.at.toISOString(),
      actorId: row.actorId,
      actorName: row.actorName,
      field: row.field,
      from: row.fromValue ?? null,
      to: row.toValue ?? null,
    })),
    total: count,
    page: page.page,
    pageSize: page.pageSize,
  };
}
