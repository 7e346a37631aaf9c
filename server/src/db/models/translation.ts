import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from 'sequelize';
import { sequelize } from '../sequelize';

/** A manager's correction of one built-in translation. */
export class Translation extends Model<InferAttributes<Translation>, InferCreationAttributes<Translation>> {
  declare language: string;
  declare key: string;
  declare text: string;
  declare updatedBy: string | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

Translation.init(
  {
    language: { type: DataTypes.STRING(8), primaryKey: true },
    key: { type: DataTypes.STRING(128), primaryKey: true },
    text: { type: DataTypes.TEXT, allowNull: false },
    updatedBy: { type: DataTypes.UUID, allowNull: true },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize, tableName: 'translations' },
);
