import { DataTypes, type QueryInterface } from 'sequelize';

/**
 * Duplicates and merge (issue 36, decision 120): a merged-away client stays as a tombstone
 * pointing to the record it was merged into; each merge keeps what it moved so it can be undone;
 * a pair a manager marked "not the same person" is kept (smaller id first) so it stops showing.
 */
export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  const uuid = (allowNull = false) => ({ type: DataTypes.UUID, allowNull });
  await qi.addColumn('clients', 'mergedInto', uuid(true));
  await qi.addIndex('clients', ['mergedInto']);
  await qi.createTable('client_merges', {
    id: { type: DataTypes.UUID, primaryKey: true },
    keptId: uuid(),
    otherId: uuid(),
    actorId: uuid(true),
    // { table: [ids] } moved to the kept record, the memberships closed as doubles, and both
    // records' fields and versions before and after, for undo (JSON, as fieldVersions is).
    moved: { type: DataTypes.JSON, allowNull: false },
    before: { type: DataTypes.JSON, allowNull: false },
    keptVersion: { type: DataTypes.INTEGER, allowNull: false },
    otherVersion: { type: DataTypes.INTEGER, allowNull: false },
    undoneAt: { type: DataTypes.DATE, allowNull: true },
    createdAt: { type: DataTypes.DATE, allowNull: false },
  });
  await qi.addIndex('client_merges', ['otherId']);
  await qi.addIndex('client_merges', ['keptId']);
  await qi.createTable('not_duplicates', {
    aId: { type: DataTypes.UUID, primaryKey: true },
    bId: { type: DataTypes.UUID, primaryKey: true },
    actorId: uuid(true),
    createdAt: { type: DataTypes.DATE, allowNull: false },
  });
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.dropTable('not_duplicates');
  await qi.dropTable('client_merges');
  await qi.removeColumn('clients', 'mergedInto');
}
