import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from 'sequelize';
import { sequelize } from '../sequelize';

/** A blog post; `text` is Markdown, rendered by the app with raw HTML off. */
export class BlogPost extends Model<InferAttributes<BlogPost>, InferCreationAttributes<BlogPost>> {
  declare id: CreationOptional<string>;
  declare title: string;
  declare author: string;
  declare text: string;
  declare imageAlt: string;
  declare imageWidth: number;
  declare imageHeight: number;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

BlogPost.init(
  {
    id: { type: DataTypes.UUID, defaultValue: DataTypes.UUIDV4, primaryKey: true },
    title: { type: DataTypes.STRING(200), allowNull: false },
    author: { type: DataTypes.STRING(200), allowNull: false },
    text: { type: DataTypes.TEXT, allowNull: false },
    imageAlt: { type: DataTypes.STRING(200), allowNull: false },
    imageWidth: { type: DataTypes.INTEGER, allowNull: false },
    imageHeight: { type: DataTypes.INTEGER, allowNull: false },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize, tableName: 'blog_posts' },
);
