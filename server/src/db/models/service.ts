import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from 'sequelize';
import type { ServiceSection, ServiceStatus, ServiceTextsMi } from '../../../contract/services';
import { sequelize } from '../sequelize';

/**
 * One of the trust's services. Its page's words start as the catalogue's and become the managers'
 * once one saves them (`textsEditedAt`); its status is set by managers.
 */
export class Service extends Model<InferAttributes<Service>, InferCreationAttributes<Service>> {
  declare key: string;
  declare position: number;
  declare bg: string;
  declare title: string;
  declare status: ServiceStatus;
  declare statusText: string;
  declare url: string;
  declare enrol: string;
  declare subtitle: string;
  declare actionText: string;
  declare formLabel: string;
  declare icon: string;
  declare descriptionTitle: string;
  declare referralText: string;
  declare description: string[];
  declare sections: ServiceSection[];
  declare extras: string[];
  declare mi: CreationOptional<ServiceTextsMi | null>;
  declare textsEditedAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

const text = (length = 200) => ({ type: DataTypes.STRING(length), allowNull: false });

Service.init(
  {
    key: { type: DataTypes.STRING(64), primaryKey: true },
    position: { type: DataTypes.INTEGER, allowNull: false },
    bg: text(),
    title: text(),
    status: text(16),
    statusText: text(),
    url: { ...text(), unique: true },
    enrol: text(),
    subtitle: text(),
    actionText: text(),
    formLabel: text(),
    icon: text(64),
    descriptionTitle: text(),
    referralText: { type: DataTypes.TEXT, allowNull: false },
    description: { type: DataTypes.JSON, allowNull: false },
    sections: { type: DataTypes.JSON, allowNull: false },
    extras: { type: DataTypes.JSON, allowNull: false },
    mi: { type: DataTypes.JSON, allowNull: true },
    textsEditedAt: { type: DataTypes.DATE, allowNull: true },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize, tableName: 'services' },
);
