import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from 'sequelize';
import { sequelize } from '../sequelize';

/** A member of the trust's team (KAITIAKI), with an optional photo. */
export class TeamMember extends Model<InferAttributes<TeamMember>, InferCreationAttributes<TeamMember>> {
  declare id: CreationOptional<string>;
  declare name: string;
  declare role: string;
  declare bio: string;
  /** Owner id of the photo's sizes in `images`; a new id for every photo uploaded. */
  declare imageId: string | null;
  declare imageAlt: string;
  declare imageWidth: number | null;
  declare imageHeight: number | null;
  /** Place in the list, from 0 (`order` in the API). */
  declare position: number;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

TeamMember.init(
  {
    id: { type: DataTypes.UUID, defaultValue: DataTypes.UUIDV4, primaryKey: true },
    name: { type: DataTypes.STRING(200), allowNull: false },
    role: { type: DataTypes.STRING(200), allowNull: false, defaultValue: '' },
    bio: { type: DataTypes.TEXT, allowNull: false },
    imageId: { type: DataTypes.UUID, allowNull: true },
    imageAlt: { type: DataTypes.STRING(200), allowNull: false, defaultValue: '' },
    imageWidth: { type: DataTypes.INTEGER, allowNull: true },
    imageHeight: { type: DataTypes.INTEGER, allowNull: true },
    position: { type: DataTypes.INTEGER, allowNull: false },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize, tableName: 'team_members' },
);
