import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from 'sequelize';
import { sequelize } from '../sequelize';

/** The trust's own details: one row (made by migration 006), null where nothing is set yet. */
export class SiteSettings extends Model<InferAttributes<SiteSettings>, InferCreationAttributes<SiteSettings>> {
  declare id: string;
  declare name: string | null;
  declare phone: string | null;
  declare email: string | null;
  declare address: string | null;
  declare postalAddress: string | null;
  declare charityNumber: string | null;
  declare donateUrl: string | null;
  declare socialUrl: string | null;
  declare privacyOfficer: string | null;
  declare hours: string | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

const setting = (length: number) => ({ type: DataTypes.STRING(length), allowNull: true });

SiteSettings.init(
  {
    id: { type: DataTypes.UUID, primaryKey: true },
    name: setting(200),
    phone: setting(40),
    email: setting(254),
    address: setting(500),
    postalAddress: setting(500),
    charityNumber: setting(40),
    donateUrl: setting(2000),
    socialUrl: setting(2000),
    privacyOfficer: setting(200),
    hours: setting(1000),
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize, tableName: 'site_settings' },
);
