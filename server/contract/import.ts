import { z } from 'zod';
import { CreateClientSchema, type DuplicateCandidate } from './clients';

/**
 * Import from a trust's spreadsheets (DESIGN §4f, decision 119), for managers: a `.csv` or
 * `.xlsx` file is read and previewed; nothing is written until the import is confirmed.
 */
export const importLimits = { bytesMax: 10 * 1024 * 1024, rowsMax: 20_000, problemsShownMax: 500 } as const;

/** What a file holds. This build imports clients; whānau and past enrolments are still to come. */
export const importKinds = ['clients'] as const;
export type ImportKind = (typeof importKinds)[number];

/** The fields a clients file can fill, in the order a preview shows them. */
export const importClientFields = ['givenName', 'familyName', 'preferredName', 'dateOfBirth', 'phone', 'email', 'address', 'suburb', 'iwi', 'hapu'] as const;
export type ImportClientField = (typeof importClientFields)[number];

/** One row as the app's fields: the schema of a new client without its id (so the same rules apply). */
export const ImportClientRowSchema = CreateClientSchema.pick({
  givenName: true,
  familyName: true,
  preferredName: true,
  dateOfBirth: true,
  phone: true,
  email: true,
  address: true,
  suburb: true,
  iwi: true,
  hapu: true,
});

/** `?kind=clients&name=file.csv` on the upload. */
export const UploadImportQuerySchema = z.object({
  kind: z.enum(importKinds, { error: `Kind must be one of ${importKinds.join(', ')}` }),
  name: z.string({ error: 'Name the file' }).trim().min(1, { error: 'Name the file' }).max(255, { error: 'The file name must be at most 255 characters' }),
});

/** `{mapping: {column header: field or null}}`: which of the file's columns fills which field. */
export const ImportMappingSchema = z.object({
  mapping: z.record(z.string(), z.enum(importClientFields, { error: 'That is not a field a clients file can fill' }).nullable(), {
    error: 'Mapping must be an object of column: field',
  }),
});
export type ImportMapping = Record<string, ImportClientField | null>;

/** One problem of one row, in plain words; `row` is the row's number in the file (the header is 1). */
export type ImportProblem = { row: number; field: string | null; msg: string };

/** What an import will do (a preview) or did (confirmed, undone). */
export type ImportPreview = {
  _id: string;
  kind: ImportKind;
  name: string;
  status: 'preview' | 'confirmed' | 'undone';
  columns: string[];
  mapping: ImportMapping;
  counts: { rows: number; blank: number; withProblems: number; alreadyThere: number; repeated: number; toCreate: number; created: number };
  problems: ImportProblem[];
  /** Rows that look like people already in the app (by the duplicate check's keys), or an earlier row of the file. */
  alreadyThere: { row: number; clientId: string | null; sameAsRow: number | null; reasons: DuplicateCandidate['reasons'] }[];
  createdAt: string;
  createdBy: string | null;
  confirmedAt: string | null;
  undoneAt: string | null;
};
