import { DataTypes, type QueryInterface } from 'sequelize';

/** The one row of the trust's own details. Its id is fixed: audit events of a settings change name it. */
export const siteRowId = '517e5e77-0000-4000-8000-000000000001';

/**
 * The trust's own details (one row, every field empty on a fresh install), its team (KAITIAKI)
 * and the services it ran before: content managers edit, not code (issue 11).
 */
export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  const timestamps = {
    createdAt: { type: DataTypes.DATE, allowNull: false },
    updatedAt: { type: DataTypes.DATE, allowNull: false },
  };
  const setting = (length: number) => ({ type: DataTypes.STRING(length), allowNull: true });
  await qi.createTable('site_settings', {
    id: { type: DataTypes.UUID, primaryKey: true },
    name: setting(200),
    phone: setting(40),
    email: setting(254),
    address: setting(500),
    postalAddress: setting(500),
    charityNumber: setting(40),
    donateUrl: setting(2000),
    socialUrl: setting(2000),
    privacyOfficer: setting(200),
    hours: setting(1000),
    ...timestamps,
  });
  const now = new Date();
  await qi.bulkInsert('site_settings', [{ id: siteRowId, createdAt: now, updatedAt: now }]);

  await qi.createTable('team_members', {
    id: { type: DataTypes.UUID, primaryKey: true },
    name: { type: DataTypes.STRING(200), allowNull: false },
    role: { type: DataTypes.STRING(200), allowNull: false, defaultValue: '' },
    bio: { type: DataTypes.TEXT, allowNull: false },
    // The owner id of the photo's sizes in `images`: a new one for each photo, so a replaced
    // photo gets a new address and browsers may keep each one for good.
    imageId: { type: DataTypes.UUID, allowNull: true },
    imageAlt: { type: DataTypes.STRING(200), allowNull: false, defaultValue: '' },
    imageWidth: { type: DataTypes.INTEGER, allowNull: true },
    imageHeight: { type: DataTypes.INTEGER, allowNull: true },
    position: { type: DataTypes.INTEGER, allowNull: false },
    ...timestamps,
  });
  await qi.addIndex('team_members', ['position']);

  await qi.createTable('former_services', {
    id: { type: DataTypes.UUID, primaryKey: true },
    title: { type: DataTypes.STRING(200), allowNull: false },
    years: { type: DataTypes.STRING(60), allowNull: false, defaultValue: '' },
    text: { type: DataTypes.TEXT, allowNull: false },
    position: { type: DataTypes.INTEGER, allowNull: false },
    ...timestamps,
  });
  await qi.addIndex('former_services', ['position']);
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  for (const table of ['former_services', 'team_members', 'site_settings']) await qi.dropTable(table);
}
