import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from 'sequelize';
import type { ImportKind, ImportMapping } from '../../../contract/import';
import { sequelize } from '../../db/sequelize';

/** One uploaded file (migration 031, decision 119): its rows until confirmed, and what it created. */
export class Import extends Model<InferAttributes<Import>, InferCreationAttributes<Import>> {
  declare id: string;
  declare kind: ImportKind;
  declare name: string;
  declare status: 'preview' | 'confirmed' | 'undone';
  declare columns: string[];
  /** The rows as read, until the import is confirmed (then emptied: what it made is in `created`). */
  declare rows: [number, string[]][];
  declare rowCount: number;
  declare blank: number;
  declare mapping: ImportMapping;
  /** The ids of what the import created (before whānau and enrolment files, a list of clients' ids). */
  declare created: ImportCreated | string[];
  declare createdBy: string | null;
  declare createdAt: Date;
  declare confirmedAt: CreationOptional<Date | null>;
  declare undoneAt: CreationOptional<Date | null>;
}

Import.init(
  {
    id: { type: DataTypes.UUID, primaryKey: true },
    kind: { type: DataTypes.STRING(32), allowNull: false },
    name: { type: DataTypes.STRING(255), allowNull: false },
    status: { type: DataTypes.STRING(16), allowNull: false },
    columns: { type: DataTypes.JSON, allowNull: false },
    rows: { type: DataTypes.JSON, allowNull: false },
    rowCount: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    blank: { type: DataTypes.INTEGER, allowNull: false },
    mapping: { type: DataTypes.JSON, allowNull: false },
    created: { type: DataTypes.JSON, allowNull: false },
    createdBy: { type: DataTypes.UUID, allowNull: true },
    createdAt: { type: DataTypes.DATE, allowNull: false },
    confirmedAt: { type: DataTypes.DATE, allowNull: true },
    undoneAt: { type: DataTypes.DATE, allowNull: true },
  },
  { sequelize, tableName: 'imports', updatedAt: false },
);

/** What an import created, by table. */
export type ImportCreated = { clients: string[]; whanau: string[]; members: string[]; enrolments: string[] };

/** What the import created, read from either form it was kept in. */
export function createdOf(file: Pick<Import, 'created'>): ImportCreated {
  return Array.isArray(file.created) ? { clients: file.created, whanau: [], members: [], enrolments: [] } : file.created;
}

/** The mapping last confirmed for a kind of file, offered for the next one. */
export class ImportMappingMemory extends Model<InferAttributes<ImportMappingMemory>, InferCreationAttributes<ImportMappingMemory>> {
  declare kind: ImportKind;
  declare mapping: ImportMapping;
  declare updatedAt: CreationOptional<Date>;
}

ImportMappingMemory.init(
  {
    kind: { type: DataTypes.STRING(32), primaryKey: true },
    mapping: { type: DataTypes.JSON, allowNull: false },
    updatedAt: DataTypes.DATE,
  },
  { sequelize, tableName: 'import_mappings', createdAt: false },
);
