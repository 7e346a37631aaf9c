import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from 'sequelize';
import { sequelize } from '../sequelize';

/** A kaimahi's note on a client. Its id is made on the device, so a resend never makes a second note. */
export class CaseNote extends Model<InferAttributes<CaseNote>, InferCreationAttributes<CaseNote>> {
  declare id: string;
  declare clientId: string;
  declare authorId: string;
  declare text: string;
  /** The service it was written under (decision 086); null only for notes older than that rule on a client with no enrolment. */
  declare serviceKey: string | null;
  /** Shared by its writer with every kaimahi who may see the client. */
  declare shared: CreationOptional<boolean>;
  declare createdAt: CreationOptional<Date>;
  /** When it was written on the device (migration 027); `createdAt` is when the server received it. */
  declare writtenAt: CreationOptional<Date>;
}

CaseNote.init(
  {
    id: { type: DataTypes.UUID, primaryKey: true },
    clientId: { type: DataTypes.UUID, allowNull: false },
    authorId: { type: DataTypes.UUID, allowNull: false },
    text: { type: DataTypes.TEXT, allowNull: false },
    serviceKey: { type: DataTypes.STRING(64), allowNull: true },
    shared: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    createdAt: DataTypes.DATE,
    writtenAt: { type: DataTypes.DATE, allowNull: false, defaultValue: DataTypes.NOW },
  },
  { sequelize, tableName: 'case_notes', updatedAt: false },
);
