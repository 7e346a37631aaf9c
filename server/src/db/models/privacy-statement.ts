import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from 'sequelize';
import { sequelize } from '../sequelize';

/** One published wording of the privacy statement; never changed or removed, since enrolments name it. */
export class PrivacyStatementRow extends Model<InferAttributes<PrivacyStatementRow>, InferCreationAttributes<PrivacyStatementRow>> {
  declare version: string;
  declare en: string[];
  declare mi: string[] | null;
  declare publishedAt: Date;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

PrivacyStatementRow.init(
  {
    version: { type: DataTypes.STRING(32), primaryKey: true },
    en: { type: DataTypes.JSON, allowNull: false },
    mi: { type: DataTypes.JSON, allowNull: true },
    publishedAt: { type: DataTypes.DATE, allowNull: false },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize, tableName: 'privacy_statements' },
);
