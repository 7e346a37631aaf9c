import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from 'sequelize';
import { sequelize } from '../sequelize';

/** The words of an earlier version of a blog post or feature, kept when it was edited. */
export class ContentRevision extends Model<InferAttributes<ContentRevision>, InferCreationAttributes<ContentRevision>> {
  declare id: CreationOptional<string>;
  declare kind: 'blog' | 'feature';
  declare ownerId: string;
  declare title: string;
  declare author: string | null;
  declare text: string;
  declare imageAlt: string;
  /** When an edit replaced these words. */
  declare savedAt: Date;
  /** Who saved these words, and whose edit replaced them (names; none before migration 032). */
  declare savedBy: string | null;
  declare replacedBy: string | null;
}

ContentRevision.init(
  {
    id: { type: DataTypes.UUID, defaultValue: DataTypes.UUIDV4, primaryKey: true },
    kind: { type: DataTypes.STRING(20), allowNull: false },
    ownerId: { type: DataTypes.UUID, allowNull: false },
    title: { type: DataTypes.STRING(200), allowNull: false },
    author: { type: DataTypes.STRING(200), allowNull: true },
    text: { type: DataTypes.TEXT, allowNull: false },
    imageAlt: { type: DataTypes.STRING(200), allowNull: false },
    savedAt: { type: DataTypes.DATE, allowNull: false },
    savedBy: { type: DataTypes.STRING(200), allowNull: true },
    replacedBy: { type: DataTypes.STRING(200), allowNull: true },
  },
  { sequelize, tableName: 'content_revisions', timestamps: false },
);
