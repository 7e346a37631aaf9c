import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from 'sequelize';
import { sequelize } from '../sequelize';

/**
 * One merge of two client records (migration 030, decision 120): what moved to the kept record
 * and both records as they were, so it can be undone while neither has changed since.
 */
export class ClientMerge extends Model<InferAttributes<ClientMerge>, InferCreationAttributes<ClientMerge>> {
  declare id: string;
  declare keptId: string;
  declare otherId: string;
  declare actorId: string | null;
  /** { kind: ids moved to the kept record; closedMemberships: ids unlinked as doubles }. */
  declare moved: Record<string, string[]>;
  declare before: { kept: Record<string, unknown>; other: Record<string, unknown> };
  /** Both records' versions right after the merge: undo needs them unchanged. */
  declare keptVersion: number;
  declare otherVersion: number;
  declare undoneAt: CreationOptional<Date | null>;
  declare createdAt: Date;
}

ClientMerge.init(
  {
    id: { type: DataTypes.UUID, primaryKey: true },
    keptId: { type: DataTypes.UUID, allowNull: false },
    otherId: { type: DataTypes.UUID, allowNull: false },
    actorId: { type: DataTypes.UUID, allowNull: true },
    moved: { type: DataTypes.JSON, allowNull: false },
    before: { type: DataTypes.JSON, allowNull: false },
    keptVersion: { type: DataTypes.INTEGER, allowNull: false },
    otherVersion: { type: DataTypes.INTEGER, allowNull: false },
    undoneAt: { type: DataTypes.DATE, allowNull: true },
    createdAt: { type: DataTypes.DATE, allowNull: false },
  },
  { sequelize, tableName: 'client_merges', updatedAt: false },
);
