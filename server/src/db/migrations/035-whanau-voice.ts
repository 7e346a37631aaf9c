import { DataTypes, type QueryInterface } from 'sequelize';

/**
 * The whānau's voice (DESIGN §4e, issue 34): comments on shared goals (never edited, like case
 * notes) and goals the whānau suggests. Its "How are we going?" ratings are migration 037's
 * `outcome_ratings`, a column per outcome, which the report card reads.
 */
export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.createTable('whanau_comments', {
    id: { type: DataTypes.UUID, primaryKey: true },
    whanauId: { type: DataTypes.UUID, allowNull: false },
    goalId: { type: DataTypes.UUID, allowNull: false },
    clientId: { type: DataTypes.UUID, allowNull: false },
    topic: { type: DataTypes.STRING(16), allowNull: false },
    text: { type: DataTypes.TEXT, allowNull: false },
    createdAt: { type: DataTypes.DATE, allowNull: false },
    writtenAt: { type: DataTypes.DATE, allowNull: false },
  });
  await qi.addIndex('whanau_comments', ['whanauId']);
  await qi.createTable('goal_suggestions', {
    id: { type: DataTypes.UUID, primaryKey: true },
    whanauId: { type: DataTypes.UUID, allowNull: false },
    clientId: { type: DataTypes.UUID, allowNull: false },
    text: { type: DataTypes.TEXT, allowNull: false },
    area: { type: DataTypes.STRING(16), allowNull: true },
    status: { type: DataTypes.STRING(16), allowNull: false },
    goalId: { type: DataTypes.UUID, allowNull: true },
    reply: { type: DataTypes.TEXT, allowNull: true },
    answeredBy: { type: DataTypes.UUID, allowNull: true },
    answeredAt: { type: DataTypes.DATE, allowNull: true },
    createdAt: { type: DataTypes.DATE, allowNull: false },
    writtenAt: { type: DataTypes.DATE, allowNull: false },
  });
  await qi.addIndex('goal_suggestions', ['whanauId']);
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.dropTable('goal_suggestions');
  await qi.dropTable('whanau_comments');
}
