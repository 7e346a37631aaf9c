import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from 'sequelize';
import { foldForSearch } from '../../../contract/clients';
import type { ContactMethod, EnrolmentSource, EnrolmentStatus } from '../../../contract/enrolments';
import { sequelize } from '../sequelize';
import { hasLoaded, saveDerivedColumns } from './derived-columns';

/**
 * One person's enrolment in a service. Its id is made on the device that sent it, so a resend
 * can never make a second row. `clientId` links it to a client record once kaimahi match one.
 */
export class Enrolment extends Model<InferAttributes<Enrolment>, InferCreationAttributes<Enrolment>> {
  declare id: string;
  declare serviceKey: string;
  declare clientId: CreationOptional<string | null>;
  declare givenName: string;
  declare familyName: string;
  /** YYYY-MM-DD: a date without a time zone. */
  declare dateOfBirth: string | null;
  declare phone: string | null;
  declare email: string | null;
  declare suburb: string | null;
  declare iwi: string | null;
  declare householdSize: number | null;
  declare preferredContact: ContactMethod;
  declare message: string | null;
  /** The collection statement the person agreed to, and when the trust received that agreement. */
  declare consentStatementVersion: string;
  declare consentedAt: Date;
  declare status: CreationOptional<EnrolmentStatus>;
  declare source: CreationOptional<EnrolmentSource>;
  declare receivedAt: Date;
  /** Increments on each change by kaimahi; `fieldVersions` says at which version each field last changed. */
  declare version: CreationOptional<number>;
  declare fieldVersions: CreationOptional<Record<string, number> | null>;
  /** Folded names, phone digits and email, for the inbox's `?q=`. */
  declare searchText: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

/** Folded names, phone digits and email: what the inbox's `?q=` matches (also written by the enrolment writer). */
export function enrolmentSearchText(enrolment: { givenName: string; familyName: string; phone?: string | null; email?: string | null }): string {
  return [
    foldForSearch(enrolment.givenName),
    foldForSearch(enrolment.familyName),
    (enrolment.phone ?? '').replace(/\D/g, ''),
    (enrolment.email ?? '').toLowerCase(),
  ].join(' ');
}

const searchedColumns = ['givenName', 'familyName', 'phone', 'email'];

const optionalText = (length = 200) => ({ type: DataTypes.STRING(length), allowNull: true });

Enrolment.init(
  {
    id: { type: DataTypes.UUID, primaryKey: true },
    serviceKey: { type: DataTypes.STRING(64), allowNull: false },
    clientId: { type: DataTypes.UUID, allowNull: true },
    givenName: { type: DataTypes.STRING(200), allowNull: false },
    familyName: { type: DataTypes.STRING(200), allowNull: false },
    dateOfBirth: { type: DataTypes.DATEONLY, allowNull: true },
    phone: optionalText(40),
    email: optionalText(254),
    suburb: optionalText(),
    iwi: optionalText(),
    householdSize: { type: DataTypes.INTEGER, allowNull: true },
    preferredContact: { type: DataTypes.STRING(16), allowNull: false },
    message: { type: DataTypes.TEXT, allowNull: true },
    consentStatementVersion: { type: DataTypes.STRING(32), allowNull: false },
    consentedAt: { type: DataTypes.DATE, allowNull: false },
    status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'new' },
    source: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'online' },
    receivedAt: { type: DataTypes.DATE, allowNull: false },
    version: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 1 },
    fieldVersions: { type: DataTypes.JSON, allowNull: true },
    searchText: { type: DataTypes.STRING(1000), allowNull: true },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  {
    sequelize,
    tableName: 'enrolments',
    hooks: {
      // On validation (a new row) and on every save, so an edit or an erasure rewrites it too (decision 110).
      beforeValidate: (enrolment) => {
        if (enrolment.isNewRecord || hasLoaded(enrolment.dataValues, searchedColumns)) enrolment.searchText = enrolmentSearchText(enrolment);
      },
      beforeSave: (enrolment, options) => {
        if (!enrolment.isNewRecord && !hasLoaded(enrolment.dataValues, searchedColumns)) return;
        enrolment.searchText = enrolmentSearchText(enrolment);
        saveDerivedColumns(options, ['searchText']);
      },
    },
  },
);
