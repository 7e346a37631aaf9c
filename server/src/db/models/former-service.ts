import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from 'sequelize';
import { sequelize } from '../sequelize';

/** A service the trust ran before, for the FORMER SERVICES page. */
export class FormerService extends Model<InferAttributes<FormerService>, InferCreationAttributes<FormerService>> {
  declare id: CreationOptional<string>;
  declare title: string;
  declare years: string;
  declare text: string;
  /** Place in the list, from 0 (`order` in the API). */
  declare position: number;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

FormerService.init(
  {
    id: { type: DataTypes.UUID, defaultValue: DataTypes.UUIDV4, primaryKey: true },
    title: { type: DataTypes.STRING(200), allowNull: false },
    years: { type: DataTypes.STRING(60), allowNull: false, defaultValue: '' },
    text: { type: DataTypes.TEXT, allowNull: false },
    position: { type: DataTypes.INTEGER, allowNull: false },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize, tableName: 'former_services' },
);
