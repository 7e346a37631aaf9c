import { DataTypes, type QueryInterface } from 'sequelize';

/**
 * Every public text is content (issue 22, decision 093): managers edit the service pages, the
 * About page and the privacy statement in English and te reo Māori.
 *
 * - `services.mi`: a service page's Māori words (any may be missing); `services.textsEditedAt`:
 *   when a manager last saved its words. Null means the catalogue's words are still the page's,
 *   and the seed keeps them in step with the catalogue at each start; once set, they are the
 *   managers'.
 * - `public_texts`: one row per page of texts (`about`), English and Māori as JSON.
 * - `privacy_statements`: every published wording of the privacy statement, kept for good (each
 *   enrolment names the version its person agreed to); the newest is the current one.
 *
 * The first versions are written by the seed at start (server/src/db/seed.ts), from the contract.
 */
export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.addColumn('services', 'mi', { type: DataTypes.JSON, allowNull: true });
  await qi.addColumn('services', 'textsEditedAt', { type: DataTypes.DATE, allowNull: true });
  await qi.createTable('public_texts', {
    name: { type: DataTypes.STRING(32), primaryKey: true },
    en: { type: DataTypes.JSON, allowNull: false },
    mi: { type: DataTypes.JSON, allowNull: false },
    createdAt: { type: DataTypes.DATE, allowNull: false },
    updatedAt: { type: DataTypes.DATE, allowNull: false },
  });
  await qi.createTable('privacy_statements', {
    version: { type: DataTypes.STRING(32), primaryKey: true },
    en: { type: DataTypes.JSON, allowNull: false },
    mi: { type: DataTypes.JSON, allowNull: true },
    publishedAt: { type: DataTypes.DATE, allowNull: false },
    createdAt: { type: DataTypes.DATE, allowNull: false },
    updatedAt: { type: DataTypes.DATE, allowNull: false },
  });
  await qi.addIndex('privacy_statements', ['publishedAt']);
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.dropTable('privacy_statements');
  await qi.dropTable('public_texts');
  await qi.removeColumn('services', 'textsEditedAt');
  await qi.removeColumn('services', 'mi');
}
