import { DataTypes, type QueryInterface } from 'sequelize';

/** Corrections a manager made to the app's built-in translations (one row per language and key). */
export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.createTable('translations', {
    language: { type: DataTypes.STRING(8), primaryKey: true },
    key: { type: DataTypes.STRING(128), primaryKey: true },
    text: { type: DataTypes.TEXT, allowNull: false },
    // The account that saved it; kept when the account is later deactivated (accounts are never deleted).
    updatedBy: { type: DataTypes.UUID, allowNull: true, references: { model: 'users', key: 'id' }, onDelete: 'SET NULL' },
    createdAt: { type: DataTypes.DATE, allowNull: false },
    updatedAt: { type: DataTypes.DATE, allowNull: false },
  });
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.dropTable('translations');
}
