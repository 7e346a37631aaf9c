import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from 'sequelize';
import { sequelize } from '../sequelize';

/** A slide of the home page's features carousel. */
export class Feature extends Model<InferAttributes<Feature>, InferCreationAttributes<Feature>> {
  declare id: CreationOptional<string>;
  declare title: string;
  declare text: string;
  declare imageAlt: string;
  /** The name of the manager who last saved its words (none before migration 032). */
  declare editedBy: CreationOptional<string | null>;
  declare imageWidth: number;
  declare imageHeight: number;
  /** Null for a draft; visitors see the record from this time on. */
  declare publishAt: Date | null;
  /** The owner id of the picture's sizes when not the record's own id (migration 015). */
  declare imageId: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

Feature.init(
  {
    id: { type: DataTypes.UUID, defaultValue: DataTypes.UUIDV4, primaryKey: true },
    title: { type: DataTypes.STRING(200), allowNull: false },
    text: { type: DataTypes.TEXT, allowNull: false },
    imageAlt: { type: DataTypes.STRING(200), allowNull: false },
    editedBy: { type: DataTypes.STRING(200), allowNull: true },
    imageWidth: { type: DataTypes.INTEGER, allowNull: false },
    imageHeight: { type: DataTypes.INTEGER, allowNull: false },
    publishAt: { type: DataTypes.DATE, allowNull: true },
    imageId: { type: DataTypes.UUID, allowNull: true },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize, tableName: 'features' },
);
