import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from 'sequelize';
import { sequelize } from '../sequelize';

/**
 * One changed field of a record: from what, to what, by whom (migration 017). Holds values, so it
 * is a copy of people's details: read by managers only, deleted with an erased client's record.
 */
export class FieldChange extends Model<InferAttributes<FieldChange>, InferCreationAttributes<FieldChange>> {
  declare seq: CreationOptional<number>;
  declare at: Date;
  declare actorId: string | null;
  declare actorName: string | null;
  declare entity: string;
  declare entityId: string;
  declare clientId: string | null;
  declare field: string;
  declare fromValue: unknown;
  declare toValue: unknown;
}

FieldChange.init(
  {
    seq: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    at: { type: DataTypes.DATE, allowNull: false },
    actorId: { type: DataTypes.UUID, allowNull: true },
    actorName: { type: DataTypes.STRING(200), allowNull: true },
    entity: { type: DataTypes.STRING(32), allowNull: false },
    entityId: { type: DataTypes.UUID, allowNull: false },
    clientId: { type: DataTypes.UUID, allowNull: true },
    field: { type: DataTypes.STRING(64), allowNull: false },
    fromValue: { type: DataTypes.JSON, allowNull: true },
    toValue: { type: DataTypes.JSON, allowNull: true },
  },
  { sequelize, tableName: 'field_changes', timestamps: false },
);
