import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from 'sequelize';
import { foldForSearch } from '../../../contract/clients';
import type { ContactKind, GoalArea, GoalStatus, Relationship } from '../../../contract/whanau';
import { sequelize } from '../sequelize';
import { saveDerivedColumns } from './derived-columns';

/**
 * Whānau-centred case work (DESIGN §4c, migration 016). Every id is made on the device that
 * created the record. Records people edit keep `version` and `fieldVersions` (decision 020).
 */

/** A whānau, named as it names itself. `nameKey` is the folded name search matches (derived on every save). */
export class Whanau extends Model<InferAttributes<Whanau>, InferCreationAttributes<Whanau>> {
  declare id: string;
  declare name: string;
  declare nameKey: CreationOptional<string>;
  declare leadClientId: string | null;
  declare notes: string | null;
  /** The service the notes were written under, and who wrote them (migration 025, decision 111). */
  declare notesServiceKey: CreationOptional<string | null>;
  declare notesBy: CreationOptional<string | null>;
  declare version: CreationOptional<number>;
  declare fieldVersions: CreationOptional<Record<string, number>>;
  declare createdBy: string | null;
  declare updatedBy: string | null;
  declare createdAt: CreationOptional<Date>;
  /** When it was written on the device (migration 027); `createdAt` is when the server received it. */
  declare writtenAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

/** The folded name whānau search matches. */
export const nameKeyOf = (name: string) => foldForSearch(name).trim().slice(0, 200);

Whanau.init(
  {
    id: { type: DataTypes.UUID, primaryKey: true },
    name: { type: DataTypes.STRING(200), allowNull: false },
    nameKey: { type: DataTypes.STRING(200), allowNull: false },
    leadClientId: { type: DataTypes.UUID, allowNull: true },
    notes: { type: DataTypes.TEXT, allowNull: true },
    notesServiceKey: { type: DataTypes.STRING(64), allowNull: true },
    notesBy: { type: DataTypes.UUID, allowNull: true },
    version: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 1 },
    fieldVersions: { type: DataTypes.JSON, allowNull: false, defaultValue: {} },
    createdBy: { type: DataTypes.UUID, allowNull: true },
    updatedBy: { type: DataTypes.UUID, allowNull: true },
    createdAt: DataTypes.DATE,
    writtenAt: { type: DataTypes.DATE, allowNull: false, defaultValue: DataTypes.NOW },
    updatedAt: DataTypes.DATE,
  },
  {
    sequelize,
    tableName: 'whanau',
    hooks: {
      beforeValidate: (whanau) => {
        if (whanau.name !== undefined) whanau.nameKey = nameKeyOf(whanau.name);
      },
      // Every save, so a rename by `update` rewrites the key too (decision 110).
      beforeSave: (whanau, options) => {
        if (whanau.name === undefined) return;
        whanau.nameKey = nameKeyOf(whanau.name);
        saveDerivedColumns(options, ['nameKey']);
      },
    },
  },
);

/** A client's membership of a whānau. Unlinking sets `unlinkedAt`; the client record stays. */
export class WhanauMember extends Model<InferAttributes<WhanauMember>, InferCreationAttributes<WhanauMember>> {
  declare id: string;
  declare whanauId: string;
  declare clientId: string;
  declare relationship: Relationship;
  declare relationshipText: string | null;
  declare unlinkedAt: CreationOptional<Date | null>;
  declare createdBy: string | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

WhanauMember.init(
  {
    id: { type: DataTypes.UUID, primaryKey: true },
    whanauId: { type: DataTypes.UUID, allowNull: false },
    clientId: { type: DataTypes.UUID, allowNull: false },
    relationship: { type: DataTypes.STRING(16), allowNull: false },
    relationshipText: { type: DataTypes.STRING(100), allowNull: true },
    unlinkedAt: { type: DataTypes.DATE, allowNull: true },
    createdBy: { type: DataTypes.UUID, allowNull: true },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize, tableName: 'whanau_members' },
);

/** A goal of the whānau plan, for the whānau or one member, worked under a service. */
export class Goal extends Model<InferAttributes<Goal>, InferCreationAttributes<Goal>> {
  declare id: string;
  declare whanauId: string;
  declare clientId: string | null;
  declare area: GoalArea;
  declare text: string;
  declare status: GoalStatus;
  /** YYYY-MM-DD. */
  declare targetDate: string | null;
  declare serviceKey: string;
  declare version: CreationOptional<number>;
  declare fieldVersions: CreationOptional<Record<string, number>>;
  declare createdBy: string;
  declare updatedBy: string | null;
  declare createdAt: CreationOptional<Date>;
  /** When it was written on the device (migration 027); `createdAt` is when the server received it. */
  declare writtenAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

Goal.init(
  {
    id: { type: DataTypes.UUID, primaryKey: true },
    whanauId: { type: DataTypes.UUID, allowNull: false },
    clientId: { type: DataTypes.UUID, allowNull: true },
    area: { type: DataTypes.STRING(16), allowNull: false },
    text: { type: DataTypes.TEXT, allowNull: false },
    status: { type: DataTypes.STRING(16), allowNull: false },
    targetDate: { type: DataTypes.DATEONLY, allowNull: true },
    serviceKey: { type: DataTypes.STRING(64), allowNull: false },
    version: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 1 },
    fieldVersions: { type: DataTypes.JSON, allowNull: false, defaultValue: {} },
    createdBy: { type: DataTypes.UUID, allowNull: false },
    updatedBy: { type: DataTypes.UUID, allowNull: true },
    createdAt: DataTypes.DATE,
    writtenAt: { type: DataTypes.DATE, allowNull: false, defaultValue: DataTypes.NOW },
    updatedAt: DataTypes.DATE,
  },
  { sequelize, tableName: 'goals' },
);

/** A follow-up: about a whānau or a client, maybe for a goal, due on a day, assigned to a kaimahi. */
export class Task extends Model<InferAttributes<Task>, InferCreationAttributes<Task>> {
  declare id: string;
  declare whanauId: string | null;
  declare clientId: string | null;
  declare goalId: string | null;
  declare text: string;
  /** YYYY-MM-DD. */
  declare dueOn: string;
  declare assignedTo: string;
  declare doneAt: Date | null;
  declare version: CreationOptional<number>;
  declare fieldVersions: CreationOptional<Record<string, number>>;
  declare createdBy: string;
  declare updatedBy: string | null;
  declare createdAt: CreationOptional<Date>;
  /** When it was written on the device (migration 027); `createdAt` is when the server received it. */
  declare writtenAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

Task.init(
  {
    id: { type: DataTypes.UUID, primaryKey: true },
    whanauId: { type: DataTypes.UUID, allowNull: true },
    clientId: { type: DataTypes.UUID, allowNull: true },
    goalId: { type: DataTypes.UUID, allowNull: true },
    text: { type: DataTypes.TEXT, allowNull: false },
    dueOn: { type: DataTypes.DATEONLY, allowNull: false },
    assignedTo: { type: DataTypes.UUID, allowNull: false },
    doneAt: { type: DataTypes.DATE, allowNull: true },
    version: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 1 },
    fieldVersions: { type: DataTypes.JSON, allowNull: false, defaultValue: {} },
    createdBy: { type: DataTypes.UUID, allowNull: false },
    updatedBy: { type: DataTypes.UUID, allowNull: true },
    createdAt: DataTypes.DATE,
    writtenAt: { type: DataTypes.DATE, allowNull: false, defaultValue: DataTypes.NOW },
    updatedAt: DataTypes.DATE,
  },
  { sequelize, tableName: 'tasks' },
);

/** A contact (home visit, call…) with a client or a whānau. Its summary is a case note: never edited, corrected only. */
export class Contact extends Model<InferAttributes<Contact>, InferCreationAttributes<Contact>> {
  declare id: string;
  declare clientId: string | null;
  declare whanauId: string | null;
  /** YYYY-MM-DD. */
  declare on: string;
  declare kind: ContactKind;
  declare minutes: number;
  declare serviceKey: string;
  declare presentClientIds: string[];
  declare goalIds: string[];
  declare summary: string;
  declare authorId: string;
  declare createdAt: CreationOptional<Date>;
  /** When it was written on the device (migration 027); `createdAt` is when the server received it. */
  declare writtenAt: CreationOptional<Date>;
}

Contact.init(
  {
    id: { type: DataTypes.UUID, primaryKey: true },
    clientId: { type: DataTypes.UUID, allowNull: true },
    whanauId: { type: DataTypes.UUID, allowNull: true },
    on: { type: DataTypes.DATEONLY, allowNull: false },
    kind: { type: DataTypes.STRING(16), allowNull: false },
    minutes: { type: DataTypes.INTEGER, allowNull: false },
    serviceKey: { type: DataTypes.STRING(64), allowNull: false },
    presentClientIds: { type: DataTypes.JSON, allowNull: false, defaultValue: [] },
    goalIds: { type: DataTypes.JSON, allowNull: false, defaultValue: [] },
    summary: { type: DataTypes.TEXT, allowNull: false },
    authorId: { type: DataTypes.UUID, allowNull: false },
    createdAt: DataTypes.DATE,
    writtenAt: { type: DataTypes.DATE, allowNull: false, defaultValue: DataTypes.NOW },
  },
  { sequelize, tableName: 'contacts', updatedAt: false },
);

/** One service output delivered at a contact, with the contact's service and date (reports sum these). */
export class ContactOutputRow extends Model<InferAttributes<ContactOutputRow>, InferCreationAttributes<ContactOutputRow>> {
  declare id: CreationOptional<number>;
  declare contactId: string;
  declare serviceKey: string;
  declare on: string;
  declare position: number;
  declare kind: string;
  declare quantity: number;
  declare unit: string | null;
  declare value: number | null;
}

ContactOutputRow.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    contactId: { type: DataTypes.UUID, allowNull: false },
    serviceKey: { type: DataTypes.STRING(64), allowNull: false },
    on: { type: DataTypes.DATEONLY, allowNull: false },
    position: { type: DataTypes.INTEGER, allowNull: false },
    kind: { type: DataTypes.STRING(64), allowNull: false },
    quantity: { type: DataTypes.DOUBLE, allowNull: false },
    unit: { type: DataTypes.STRING(32), allowNull: true },
    value: { type: DataTypes.DOUBLE, allowNull: true },
  },
  { sequelize, tableName: 'contact_outputs', timestamps: false },
);

/** A correction of a case note or a contact's summary: a new note with a reason; the original stays as it was. */
export class NoteCorrection extends Model<InferAttributes<NoteCorrection>, InferCreationAttributes<NoteCorrection>> {
  declare id: string;
  declare correctsNoteId: string;
  /** The client of the original (a note's, or a contact's with a client). */
  declare clientId: string | null;
  /** The whānau of the original (a contact's). */
  declare whanauId: string | null;
  declare text: string;
  declare reason: string;
  declare authorId: string;
  declare createdAt: CreationOptional<Date>;
  /** When it was written on the device (migration 027); `createdAt` is when the server received it. */
  declare writtenAt: CreationOptional<Date>;
}

NoteCorrection.init(
  {
    id: { type: DataTypes.UUID, primaryKey: true },
    correctsNoteId: { type: DataTypes.UUID, allowNull: false },
    clientId: { type: DataTypes.UUID, allowNull: true },
    whanauId: { type: DataTypes.UUID, allowNull: true },
    text: { type: DataTypes.TEXT, allowNull: false },
    reason: { type: DataTypes.STRING(500), allowNull: false },
    authorId: { type: DataTypes.UUID, allowNull: false },
    createdAt: DataTypes.DATE,
    writtenAt: { type: DataTypes.DATE, allowNull: false, defaultValue: DataTypes.NOW },
  },
  { sequelize, tableName: 'note_corrections', updatedAt: false },
);
