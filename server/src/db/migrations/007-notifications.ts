import { DataTypes, type QueryInterface } from 'sequelize';

/**
 * The queue of notices to staff (an enrolment arrived) and every attempt to send one
 * (docs/decisions/055-notification-queue.md). A notice names the enrolment and its service,
 * never the person: the email holds no personal details.
 */
export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.createTable('notifications', {
    id: { type: DataTypes.UUID, primaryKey: true },
    kind: { type: DataTypes.STRING(32), allowNull: false },
    serviceKey: { type: DataTypes.STRING(64), allowNull: false },
    enrolmentId: { type: DataTypes.UUID, allowNull: true },
    // pending → sent, or failed after the last try; skipped when nobody works on the service.
    state: { type: DataTypes.STRING(16), allowNull: false },
    attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    nextAttemptAt: { type: DataTypes.DATE, allowNull: false },
    // Which worker holds it and until when: another instance (or this one after a crash) takes it after.
    claimedBy: { type: DataTypes.STRING(64), allowNull: true },
    claimedUntil: { type: DataTypes.DATE, allowNull: true },
    lastError: { type: DataTypes.TEXT, allowNull: true },
    sentAt: { type: DataTypes.DATE, allowNull: true },
    createdAt: { type: DataTypes.DATE, allowNull: false },
    updatedAt: { type: DataTypes.DATE, allowNull: false },
  });
  await qi.addIndex('notifications', ['state', 'nextAttemptAt']);
  await qi.createTable('notification_attempts', {
    id: { type: DataTypes.UUID, primaryKey: true },
    notificationId: { type: DataTypes.UUID, allowNull: false, references: { model: 'notifications', key: 'id' }, onDelete: 'CASCADE' },
    at: { type: DataTypes.DATE, allowNull: false },
    // sent, failed or skipped
    status: { type: DataTypes.STRING(16), allowNull: false },
    recipients: { type: DataTypes.INTEGER, allowNull: false },
    error: { type: DataTypes.TEXT, allowNull: true },
  });
  await qi.addIndex('notification_attempts', ['notificationId']);
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.dropTable('notification_attempts');
  await qi.dropTable('notifications');
}
