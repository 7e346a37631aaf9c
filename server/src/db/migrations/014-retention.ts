import { DataTypes, type QueryInterface } from 'sequelize';

/**
 * Retention (Privacy Act IPP 9, issue 21, decision 089): a client record can be archived (out of
 * every caseload, read-only) and erased (personal fields removed, a tombstone and its audit
 * trail kept). Indexed so "not archived" is a short range read, not a pass over every client.
 */
export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.addColumn('clients', 'archivedAt', { type: DataTypes.DATE, allowNull: true });
  await qi.addColumn('clients', 'erasedAt', { type: DataTypes.DATE, allowNull: true });
  await qi.addIndex('clients', ['archivedAt']);
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.removeIndex('clients', ['archivedAt']);
  await qi.removeColumn('clients', 'erasedAt');
  await qi.removeColumn('clients', 'archivedAt');
}
