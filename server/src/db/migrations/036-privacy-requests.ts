import { DataTypes, type QueryInterface } from 'sequelize';

/**
 * A whānau member's own details and privacy rights (DESIGN §4e, issue 34): changes they propose to
 * their phone, email and address (a kaimahi accepts each field or not), and their requests for a
 * copy of their information (IPP 6) or a correction (IPP 7), due in 20 working days (decision 130).
 */
export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.createTable('detail_changes', {
    id: { type: DataTypes.UUID, primaryKey: true },
    clientId: { type: DataTypes.UUID, allowNull: false },
    whanauId: { type: DataTypes.UUID, allowNull: false },
    proposed: { type: DataTypes.JSON, allowNull: false },
    decisions: { type: DataTypes.JSON, allowNull: false },
    status: { type: DataTypes.STRING(16), allowNull: false },
    answeredBy: { type: DataTypes.UUID, allowNull: true },
    answeredAt: { type: DataTypes.DATE, allowNull: true },
    createdAt: { type: DataTypes.DATE, allowNull: false },
  });
  await qi.addIndex('detail_changes', ['whanauId']);
  await qi.createTable('privacy_requests', {
    id: { type: DataTypes.UUID, primaryKey: true },
    clientId: { type: DataTypes.UUID, allowNull: false },
    kind: { type: DataTypes.STRING(16), allowNull: false },
    text: { type: DataTypes.TEXT, allowNull: false },
    receivedAt: { type: DataTypes.DATE, allowNull: false },
    dueOn: { type: DataTypes.DATEONLY, allowNull: false },
    status: { type: DataTypes.STRING(16), allowNull: false },
    outcome: { type: DataTypes.STRING(16), allowNull: true },
    answer: { type: DataTypes.TEXT, allowNull: true },
    answeredBy: { type: DataTypes.UUID, allowNull: true },
    answeredAt: { type: DataTypes.DATE, allowNull: true },
  });
  await qi.addIndex('privacy_requests', ['status', 'dueOn']);
  await qi.addIndex('privacy_requests', ['clientId']);
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.dropTable('privacy_requests');
  await qi.dropTable('detail_changes');
}
