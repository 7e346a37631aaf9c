import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from 'sequelize';
import { sequelize } from '../sequelize';

/** The words of one public page (`about`) in English and te reo Māori, as managers last saved them. */
export class PublicText extends Model<InferAttributes<PublicText>, InferCreationAttributes<PublicText>> {
  declare name: string;
  declare en: unknown;
  declare mi: unknown;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

PublicText.init(
  {
    name: { type: DataTypes.STRING(32), primaryKey: true },
    en: { type: DataTypes.JSON, allowNull: false },
    mi: { type: DataTypes.JSON, allowNull: false },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize, tableName: 'public_texts' },
);
