import { DataTypes, type QueryInterface } from 'sequelize';
import { whanauOraOutcomes } from '../../../contract/report-card';

/**
 * "How are we going?" (DESIGN §4e, issues 34 and 35): a whānau's ratings of the seven Whānau Ora
 * outcomes, 1 to 5, answered by a linked member (`clientId`) or recorded by a kaimahi with the
 * whānau (`recordedBy`). One column per outcome, so the report card reads a whānau's first and
 * latest from one index (`whanauId`, `on`). Also the indexes the card's other date ranges read.
 */
export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.createTable('outcome_ratings', {
    id: { type: DataTypes.UUID, primaryKey: true },
    whanauId: { type: DataTypes.UUID, allowNull: false },
    clientId: { type: DataTypes.UUID, allowNull: true },
    recordedBy: { type: DataTypes.UUID, allowNull: true },
    on: { type: DataTypes.DATEONLY, allowNull: false },
    ...Object.fromEntries(whanauOraOutcomes.map((key) => [key, { type: DataTypes.SMALLINT, allowNull: false }])),
    comment: { type: DataTypes.TEXT, allowNull: true },
    createdAt: { type: DataTypes.DATE, allowNull: false },
    writtenAt: { type: DataTypes.DATE, allowNull: false },
    updatedAt: { type: DataTypes.DATE, allowNull: false },
  });
  await qi.addIndex('outcome_ratings', ['whanauId', 'on'], { name: 'outcome_ratings_whanau' });
  // The card's other reads by date: follow-ups due in a period, and goals with a target date in one.
  await qi.addIndex('tasks', ['dueOn'], { name: 'tasks_due' });
  await qi.addIndex('goals', ['serviceKey', 'targetDate'], { name: 'goals_target' });
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.removeIndex('goals', 'goals_target');
  await qi.removeIndex('tasks', 'tasks_due');
  await qi.dropTable('outcome_ratings');
}
