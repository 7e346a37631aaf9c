import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from 'sequelize';
import { sequelize } from '../sequelize';

export type NotificationState = 'pending' | 'sent' | 'failed' | 'skipped';

/** A notice to staff waiting to be emailed, or its outcome (migration 007). */
export class Notification extends Model<InferAttributes<Notification>, InferCreationAttributes<Notification>> {
  declare id: string;
  declare kind: 'enrolment.new';
  declare serviceKey: string;
  declare enrolmentId: string | null;
  declare state: NotificationState;
  declare attempts: CreationOptional<number>;
  declare nextAttemptAt: Date;
  declare claimedBy: CreationOptional<string | null>;
  declare claimedUntil: CreationOptional<Date | null>;
  declare lastError: CreationOptional<string | null>;
  declare sentAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

Notification.init(
  {
    id: { type: DataTypes.UUID, primaryKey: true },
    kind: { type: DataTypes.STRING(32), allowNull: false },
    serviceKey: { type: DataTypes.STRING(64), allowNull: false },
    enrolmentId: { type: DataTypes.UUID, allowNull: true },
    state: { type: DataTypes.STRING(16), allowNull: false },
    attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    nextAttemptAt: { type: DataTypes.DATE, allowNull: false },
    claimedBy: { type: DataTypes.STRING(64), allowNull: true },
    claimedUntil: { type: DataTypes.DATE, allowNull: true },
    lastError: { type: DataTypes.TEXT, allowNull: true },
    sentAt: { type: DataTypes.DATE, allowNull: true },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize, tableName: 'notifications' },
);

/** One try at sending a notice: when, how it went, to how many, and the mail server's error. */
export class NotificationAttempt extends Model<InferAttributes<NotificationAttempt>, InferCreationAttributes<NotificationAttempt>> {
  declare id: string;
  declare notificationId: string;
  declare at: Date;
  declare status: 'sent' | 'failed' | 'skipped';
  declare recipients: number;
  declare error: string | null;
}

NotificationAttempt.init(
  {
    id: { type: DataTypes.UUID, primaryKey: true },
    notificationId: { type: DataTypes.UUID, allowNull: false },
    at: { type: DataTypes.DATE, allowNull: false },
    status: { type: DataTypes.STRING(16), allowNull: false },
    recipients: { type: DataTypes.INTEGER, allowNull: false },
    error: { type: DataTypes.TEXT, allowNull: true },
  },
  { sequelize, tableName: 'notification_attempts', timestamps: false },
);
