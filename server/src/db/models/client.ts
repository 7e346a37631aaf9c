import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Transaction } from 'sequelize';
import { phoneSuffixTerm } from '../../../contract/client-search';
import { foldForSearch, type ConsentMethod } from '../../../contract/clients';
import { sequelize } from '../sequelize';
import { ClientSearchTerm } from './client-search-term';
import { hasLoaded, saveDerivedColumns } from './derived-columns';

/**
 * A person the trust works with. Its id is made on the device that created it. `version`
 * increments on every change and `fieldVersions` says at which version each field last changed
 * (decision 020). The folded columns and the search terms are derived here on every save, so no
 * write path can leave them stale (decision 021).
 */
export class Client extends Model<InferAttributes<Client>, InferCreationAttributes<Client>> {
  declare id: string;
  declare givenName: string;
  declare familyName: string;
  declare preferredName: string | null;
  /** YYYY-MM-DD. */
  declare dateOfBirth: string | null;
  declare phone: string | null;
  declare email: string | null;
  declare address: string | null;
  declare suburb: string | null;
  declare iwi: string | null;
  declare hapu: string | null;
  declare household: number | null;
  declare notes: string | null;
  declare consentStatementVersion: string | null;
  declare consentAt: Date | null;
  declare consentHow: ConsentMethod | null;
  declare sortName: CreationOptional<string>;
  declare givenKey: CreationOptional<string>;
  declare familyKey: CreationOptional<string>;
  declare phoneKey: CreationOptional<string | null>;
  declare emailKey: CreationOptional<string | null>;
  declare version: CreationOptional<number>;
  declare fieldVersions: CreationOptional<Record<string, number>>;
  /** Archived (decision 089): out of every caseload, read-only, seen by managers only. */
  declare archivedAt: CreationOptional<Date | null>;
  /** Erased: personal fields removed; the row stays as a tombstone with its audit trail. */
  declare erasedAt: CreationOptional<Date | null>;
  /** Merged away (decision 120): a tombstone, archived, pointing to the record it became. */
  declare mergedInto: CreationOptional<string | null>;
  declare createdBy: string | null;
  declare updatedBy: string | null;
  declare createdAt: CreationOptional<Date>;
  /** When it was written on the device (migration 027); `createdAt` is when the server received it. */
  declare writtenAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

/** Digits of a phone number, so "021 555 0101" and "0215550101" are the same number. */
export function phoneDigits(phone: string | null): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits || null;
}

/**
 * The words `?q=` matches by prefix: folded names, the email (whole, and its local part's words)
 * and the phone's digits in both national (021…) and international (6421…) form.
 */
export function searchTermsOf(client: Pick<Client, 'givenName' | 'familyName' | 'preferredName' | 'phone' | 'email'>): string[] {
  const terms = new Set<string>();
  for (const name of [client.givenName, client.familyName, client.preferredName]) {
    for (const word of foldForSearch(name ?? '').split(/[^\p{L}\p{N}]+/u)) if (word) terms.add(word);
  }
  if (client.email) {
    const email = client.email.toLowerCase();
    terms.add(email);
    for (const word of foldForSearch(email.split('@')[0] ?? '').split(/[^\p{L}\p{N}]+/u)) if (word) terms.add(word);
  }
  const digits = phoneDigits(client.phone);
  if (digits) {
    terms.add(digits);
    if (digits.startsWith('64')) terms.add(`0${digits.slice(2)}`);
    else if (digits.startsWith('0')) terms.add(`64${digits.slice(1)}`);
    // The digits reversed, so the last digits of a number are a prefix (migration 018).
    terms.add(phoneSuffixTerm(digits));
  }
  return [...terms].map((term) => term.slice(0, 254));
}

/** The phone's digits in national form (6421… becomes 021…), so one number matches however it was typed. */
export function phoneKeyOf(phone: string | null): string | null {
  const digits = phoneDigits(phone);
  return digits?.startsWith('64') ? `0${digits.slice(2)}` : digits;
}

const derivedFrom = ['givenName', 'familyName', 'phone', 'email'] as const;
const derivedColumns = ['givenKey', 'familyKey', 'sortName', 'phoneKey', 'emailKey'] as const;

/**
 * Sets the derived columns from the fields people edit; false when the row is not loaded whole
 * (a bulk `Client.update` validates a partial row: the records it changes must be saved one by one).
 */
export function deriveClientKeys(client: Client): boolean {
  if (client.givenName === undefined || client.familyName === undefined) return false;
  if (!client.isNewRecord && !hasLoaded(client.dataValues, derivedFrom)) return false;
  Object.assign(client, deriveClientKeysOf(client));
  return true;
}

/** The derived columns of a client's fields (also used by migration 024). */
export function deriveClientKeysOf(client: Pick<Client, (typeof derivedFrom)[number]>) {
  const givenKey = foldForSearch(client.givenName).trim();
  const familyKey = foldForSearch(client.familyName).trim();
  return {
    givenKey,
    familyKey,
    sortName: `${familyKey} ${givenKey}`.slice(0, 420),
    phoneKey: phoneKeyOf(client.phone),
    emailKey: client.email ? client.email.toLowerCase() : null,
  };
}

async function replaceSearchTerms(client: Client, transaction: Transaction | null | undefined): Promise<void> {
  await ClientSearchTerm.destroy({ where: { clientId: client.id }, transaction });
  await ClientSearchTerm.bulkCreate(
    searchTermsOf(client).map((term) => ({ term, clientId: client.id })),
    { transaction },
  );
}

Client.init(
  {
    id: { type: DataTypes.UUID, primaryKey: true },
    givenName: { type: DataTypes.STRING(200), allowNull: false },
    familyName: { type: DataTypes.STRING(200), allowNull: false },
    preferredName: { type: DataTypes.STRING(200), allowNull: true },
    dateOfBirth: { type: DataTypes.DATEONLY, allowNull: true },
    phone: { type: DataTypes.STRING(40), allowNull: true },
    email: { type: DataTypes.STRING(254), allowNull: true },
    address: { type: DataTypes.STRING(500), allowNull: true },
    suburb: { type: DataTypes.STRING(200), allowNull: true },
    iwi: { type: DataTypes.STRING(200), allowNull: true },
    hapu: { type: DataTypes.STRING(200), allowNull: true },
    household: { type: DataTypes.INTEGER, allowNull: true },
    notes: { type: DataTypes.TEXT, allowNull: true },
    consentStatementVersion: { type: DataTypes.STRING(32), allowNull: true },
    consentAt: { type: DataTypes.DATE, allowNull: true },
    consentHow: { type: DataTypes.STRING(16), allowNull: true },
    sortName: { type: DataTypes.STRING(420), allowNull: false },
    givenKey: { type: DataTypes.STRING(200), allowNull: false },
    familyKey: { type: DataTypes.STRING(200), allowNull: false },
    phoneKey: { type: DataTypes.STRING(40), allowNull: true },
    emailKey: { type: DataTypes.STRING(254), allowNull: true },
    version: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 1 },
    fieldVersions: { type: DataTypes.JSON, allowNull: false, defaultValue: {} },
    createdBy: { type: DataTypes.UUID, allowNull: true },
    updatedBy: { type: DataTypes.UUID, allowNull: true },
    createdAt: DataTypes.DATE,
    writtenAt: { type: DataTypes.DATE, allowNull: false, defaultValue: DataTypes.NOW },
    updatedAt: DataTypes.DATE,
    archivedAt: { type: DataTypes.DATE, allowNull: true },
    erasedAt: { type: DataTypes.DATE, allowNull: true },
    mergedInto: { type: DataTypes.UUID, allowNull: true },
  },
  {
    sequelize,
    tableName: 'clients',
    hooks: {
      // Before validation so a new row has its required keys; before every save so an edit,
      // an archive and an erasure write them too, whichever keys the save was given.
      beforeValidate: (client) => {
        deriveClientKeys(client);
      },
      beforeSave: (client, options) => {
        if (deriveClientKeys(client)) saveDerivedColumns(options, derivedColumns);
      },
      afterCreate: (client, options) => replaceSearchTerms(client, options.transaction),
      afterUpdate: async (client, options) => {
        if (hasLoaded(client.dataValues, [...derivedFrom, 'preferredName'])) await replaceSearchTerms(client, options.transaction);
      },
    },
  },
);
