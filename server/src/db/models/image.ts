import { DataTypes, Model, type InferAttributes, type InferCreationAttributes } from 'sequelize';
import type { ImageSize } from '../../../contract/limits';
import { sequelize } from '../sequelize';

/**
 * One WebP size of an uploaded picture. Kept in the database, not on disk, so several
 * server instances behind a load balancer serve the same images.
 */
export class Image extends Model<InferAttributes<Image>, InferCreationAttributes<Image>> {
  declare ownerId: string;
  declare size: ImageSize;
  declare bytes: Buffer;
  declare width: number;
  declare height: number;
  declare etag: string;
}

Image.init(
  {
    ownerId: { type: DataTypes.UUID, primaryKey: true },
    size: { type: DataTypes.STRING(16), primaryKey: true },
    bytes: { type: DataTypes.BLOB, allowNull: false },
    width: { type: DataTypes.INTEGER, allowNull: false },
    height: { type: DataTypes.INTEGER, allowNull: false },
    etag: { type: DataTypes.STRING(64), allowNull: false },
  },
  { sequelize, tableName: 'images', timestamps: false },
);
