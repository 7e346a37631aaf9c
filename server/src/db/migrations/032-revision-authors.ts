import { DataTypes, type QueryInterface } from 'sequelize';

/**
 * Who saved each version of a post or feature (issue 31): `editedBy` on the record is the name of
 * the manager who last saved its words; a kept revision carries it as `savedBy`, and `replacedBy`
 * names whoever's edit (or restore) replaced it. Versions kept before this have neither: the
 * screen says the saver is not recorded.
 */
export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  for (const table of ['blog_posts', 'features']) await qi.addColumn(table, 'editedBy', { type: DataTypes.STRING(200), allowNull: true });
  await qi.addColumn('content_revisions', 'savedBy', { type: DataTypes.STRING(200), allowNull: true });
  await qi.addColumn('content_revisions', 'replacedBy', { type: DataTypes.STRING(200), allowNull: true });
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.removeColumn('content_revisions', 'replacedBy');
  await qi.removeColumn('content_revisions', 'savedBy');
  for (const table of ['blog_posts', 'features']) await qi.removeColumn(table, 'editedBy');
}
