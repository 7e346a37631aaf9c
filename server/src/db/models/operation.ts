import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from 'sequelize';
import { sequelize } from '../sequelize';

/**
 * A write that was applied once, kept so a resend of it gets the same answer instead of doing
 * it again (see lib/idempotency.ts). Written in the same transaction as the write itself.
 */
export class Operation extends Model<InferAttributes<Operation>, InferCreationAttributes<Operation>> {
  /** The operation id the device made before sending. */
  declare id: string;
  /** What was done, e.g. `enrolment.create`. */
  declare kind: string;
  /** The staff account that sent it; null for anonymous writes such as enrolments. */
  declare actorId: string | null;
  /** sha256 (hex) of the request body as canonical JSON. */
  declare requestHash: string;
  declare responseStatus: number;
  declare responseBody: unknown;
  declare createdAt: CreationOptional<Date>;
}

Operation.init(
  {
    id: { type: DataTypes.UUID, primaryKey: true },
    kind: { type: DataTypes.STRING(64), allowNull: false },
    actorId: { type: DataTypes.UUID, allowNull: true },
    requestHash: { type: DataTypes.STRING(64), allowNull: false },
    responseStatus: { type: DataTypes.INTEGER, allowNull: false },
    responseBody: { type: DataTypes.JSON, allowNull: false },
    createdAt: DataTypes.DATE,
  },
  { sequelize, tableName: 'operations', updatedAt: false },
);
