import { DataTypes, type QueryInterface } from 'sequelize';

/**
 * An import keeps how many rows it read, so its rows (people's details as the file had them) can
 * go once it is confirmed, and a preview not confirmed within a day goes whole (issue 36).
 */
export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.addColumn('imports', 'rowCount', { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 });
  await qi.sequelize.query('UPDATE imports SET "rowCount" = json_array_length(rows)');
  await qi.sequelize.query(`UPDATE imports SET rows = '[]' WHERE status <> 'preview'`);
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.removeColumn('imports', 'rowCount');
}
