import { DataTypes, type QueryInterface } from 'sequelize';

/**
 * Import from spreadsheets (issue 36, decision 119): each upload is kept with its rows (as read
 * and normalised) until confirmed, what it created (so the whole import can be undone), and the
 * column mapping last used for each kind of file.
 */
export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.createTable('imports', {
    id: { type: DataTypes.UUID, primaryKey: true },
    kind: { type: DataTypes.STRING(32), allowNull: false },
    name: { type: DataTypes.STRING(255), allowNull: false },
    status: { type: DataTypes.STRING(16), allowNull: false },
    columns: { type: DataTypes.JSON, allowNull: false },
    // [line number, cells by column] of every row that is not blank.
    rows: { type: DataTypes.JSON, allowNull: false },
    blank: { type: DataTypes.INTEGER, allowNull: false },
    mapping: { type: DataTypes.JSON, allowNull: false },
    created: { type: DataTypes.JSON, allowNull: false },
    createdBy: { type: DataTypes.UUID, allowNull: true },
    createdAt: { type: DataTypes.DATE, allowNull: false },
    confirmedAt: { type: DataTypes.DATE, allowNull: true },
    undoneAt: { type: DataTypes.DATE, allowNull: true },
  });
  await qi.createTable('import_mappings', {
    kind: { type: DataTypes.STRING(32), primaryKey: true },
    mapping: { type: DataTypes.JSON, allowNull: false },
    updatedAt: { type: DataTypes.DATE, allowNull: false },
  });
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.dropTable('import_mappings');
  await qi.dropTable('imports');
}
