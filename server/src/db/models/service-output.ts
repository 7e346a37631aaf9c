import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from 'sequelize';
import { sequelize } from '../sequelize';

/** An output a service delivers (DESIGN §4d), defined by a manager; a contact output's `kind` is its id. */
export class ServiceOutputRow extends Model<InferAttributes<ServiceOutputRow>, InferCreationAttributes<ServiceOutputRow>> {
  declare id: string;
  declare serviceKey: string;
  declare name: string;
  declare nameMi: string;
  declare unit: string | null;
  declare hasValue: boolean;
  declare position: number;
  declare retiredAt: Date | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

ServiceOutputRow.init(
  {
    id: { type: DataTypes.UUID, primaryKey: true },
    serviceKey: { type: DataTypes.STRING(64), allowNull: false },
    name: { type: DataTypes.STRING(100), allowNull: false },
    nameMi: { type: DataTypes.STRING(100), allowNull: false },
    unit: { type: DataTypes.STRING(32), allowNull: true },
    hasValue: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    position: { type: DataTypes.INTEGER, allowNull: false },
    retiredAt: { type: DataTypes.DATE, allowNull: true },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize, tableName: 'service_outputs' },
);

/** What a home counter adds to its base figure: an output's recorded total since a date. */
export class ImpactCounterRow extends Model<InferAttributes<ImpactCounterRow>, InferCreationAttributes<ImpactCounterRow>> {
  declare key: string;
  declare outputId: string | null;
  declare measure: 'quantity' | 'value';
  declare since: string | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

ImpactCounterRow.init(
  {
    key: { type: DataTypes.STRING(64), primaryKey: true },
    outputId: { type: DataTypes.UUID, allowNull: true },
    measure: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'quantity' },
    since: { type: DataTypes.DATEONLY, allowNull: true },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize, tableName: 'impact_counters' },
);
