import { DataTypes, type QueryInterface } from 'sequelize';

/**
 * The whānau's own app (DESIGN §4e, issue 34, decision 129): one-time invites (the secret part of
 * the code kept only as a keyed hash), the phones linked with them, and what kaimahi share with
 * a whānau (decision 130).
 */
export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.createTable('whanau_invites', {
    id: { type: DataTypes.UUID, primaryKey: true },
    whanauId: { type: DataTypes.UUID, allowNull: false },
    clientId: { type: DataTypes.UUID, allowNull: false },
    // The first characters of the code, not secret: they find the invite, so wrong tries count against it.
    lookup: { type: DataTypes.STRING(8), allowNull: false, unique: true },
    codeHash: { type: DataTypes.STRING(64), allowNull: false },
    wrongTries: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    createdBy: { type: DataTypes.UUID, allowNull: false },
    createdAt: { type: DataTypes.DATE, allowNull: false },
    expiresAt: { type: DataTypes.DATE, allowNull: false },
    usedAt: { type: DataTypes.DATE, allowNull: true },
  });
  await qi.createTable('whanau_devices', {
    id: { type: DataTypes.UUID, primaryKey: true },
    whanauId: { type: DataTypes.UUID, allowNull: false },
    clientId: { type: DataTypes.UUID, allowNull: false },
    inviteId: { type: DataTypes.UUID, allowNull: false },
    tokenVersion: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 1 },
    linkedAt: { type: DataTypes.DATE, allowNull: false },
    lastSeenAt: { type: DataTypes.DATE, allowNull: false },
    revokedAt: { type: DataTypes.DATE, allowNull: true },
    revokedBy: { type: DataTypes.UUID, allowNull: true },
    revokedWhy: { type: DataTypes.STRING(16), allowNull: true },
  });
  await qi.addIndex('whanau_devices', ['whanauId']);
  await qi.createTable('whanau_shares', {
    id: { type: DataTypes.UUID, primaryKey: true },
    whanauId: { type: DataTypes.UUID, allowNull: false },
    // goal or task (a follow-up or a planned visit).
    itemKind: { type: DataTypes.STRING(16), allowNull: false },
    itemId: { type: DataTypes.UUID, allowNull: false },
    sharedBy: { type: DataTypes.UUID, allowNull: false },
    sharedAt: { type: DataTypes.DATE, allowNull: false },
  });
  await qi.addIndex('whanau_shares', ['itemKind', 'itemId'], { unique: true });
  await qi.addIndex('whanau_shares', ['whanauId']);
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.dropTable('whanau_shares');
  await qi.dropTable('whanau_devices');
  await qi.dropTable('whanau_invites');
}
