import { DataTypes, type QueryInterface } from 'sequelize';

/**
 * Records a kaimahi makes keep when they were written on the device (`writtenAt`, issue 31,
 * decision 114) beside `createdAt`, when the server received them: a note written offline at
 * 7:54 and synced at 19:58 says 7:54. Every record made before this was written when received.
 * The column stays nullable in the database (a NOT NULL change rebuilds a SQLite table and its
 * triggers); the models always set it.
 */
const tables = ['clients', 'case_notes', 'whanau', 'goals', 'tasks', 'contacts', 'note_corrections'] as const;

export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  for (const table of tables) {
    await qi.addColumn(table, 'writtenAt', { type: DataTypes.DATE, allowNull: true });
    await qi.sequelize.query(`UPDATE ${table} SET "writtenAt" = "createdAt"`);
  }
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  // DROP COLUMN in place (SQLite 3.35+, PostgreSQL): removeColumn rebuilds a SQLite table and loses its triggers (migration 023's on contacts).
  for (const table of tables) await qi.sequelize.query(`ALTER TABLE ${table} DROP COLUMN "writtenAt"`);
}
