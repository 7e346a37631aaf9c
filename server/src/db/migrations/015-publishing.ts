import { DataTypes, type QueryInterface } from 'sequelize';

/**
 * Editing, drafts, scheduling and revisions of blog posts and features (issue 22, decision 090).
 *
 * - `publishAt`: null for a draft; otherwise visitors see the record from that time on (a time
 *   still to come is a scheduled one). Rows that exist were published when they were made.
 * - `imageId`: the owner id of the picture's sizes in `images` when the picture was replaced (or
 *   the record was not public when made): a new id for each picture, so each picture has its own
 *   address and may be kept for good. Null: the sizes are stored under the record's own id.
 * - `content_revisions`: the words of the last versions of each record, kept at each edit.
 */
export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  for (const table of ['blog_posts', 'features']) {
    await qi.addColumn(table, 'publishAt', { type: DataTypes.DATE, allowNull: true });
    await qi.addColumn(table, 'imageId', { type: DataTypes.UUID, allowNull: true });
    await qi.sequelize.query(`UPDATE "${table}" SET "publishAt" = "createdAt"`);
    await qi.addIndex(table, ['publishAt']);
  }
  await qi.createTable('content_revisions', {
    id: { type: DataTypes.UUID, primaryKey: true },
    kind: { type: DataTypes.STRING(20), allowNull: false },
    ownerId: { type: DataTypes.UUID, allowNull: false },
    title: { type: DataTypes.STRING(200), allowNull: false },
    author: { type: DataTypes.STRING(200), allowNull: true },
    text: { type: DataTypes.TEXT, allowNull: false },
    imageAlt: { type: DataTypes.STRING(200), allowNull: false },
    savedAt: { type: DataTypes.DATE, allowNull: false },
  });
  await qi.addIndex('content_revisions', ['kind', 'ownerId', 'savedAt']);
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.dropTable('content_revisions');
  for (const table of ['blog_posts', 'features']) {
    await qi.removeIndex(table, ['publishAt']);
    await qi.removeColumn(table, 'imageId');
    await qi.removeColumn(table, 'publishAt');
  }
}
