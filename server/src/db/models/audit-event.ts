import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from 'sequelize';
import type { AuditEntity, TrailAction } from '../../../contract/audit';
import { sequelize } from '../sequelize';

/**
 * One entry of the audit trail: who did what to which record, and when. Append-only: the
 * database refuses updates and deletes (migration 003), and only `lib/audit.ts` writes it.
 */
export class AuditEvent extends Model<InferAttributes<AuditEvent>, InferCreationAttributes<AuditEvent>> {
  declare seq: CreationOptional<number>;
  declare id: string;
  declare at: Date;
  declare actorId: string | null;
  declare actorName: string;
  declare action: TrailAction;
  declare entity: AuditEntity;
  declare entityId: string;
  /** The client record the event concerns, if any. */
  declare clientId: string | null;
  declare fields: string[] | null;
  declare details: Record<string, string> | null;
}

AuditEvent.init(
  {
    seq: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    id: { type: DataTypes.UUID, allowNull: false, unique: true },
    at: { type: DataTypes.DATE, allowNull: false },
    actorId: { type: DataTypes.UUID, allowNull: true },
    actorName: { type: DataTypes.STRING(200), allowNull: false },
    action: { type: DataTypes.STRING(32), allowNull: false },
    entity: { type: DataTypes.STRING(32), allowNull: false },
    entityId: { type: DataTypes.UUID, allowNull: false },
    clientId: { type: DataTypes.UUID, allowNull: true },
    fields: { type: DataTypes.JSON, allowNull: true },
    details: { type: DataTypes.JSON, allowNull: true },
  },
  { sequelize, tableName: 'audit_events', timestamps: false },
);
