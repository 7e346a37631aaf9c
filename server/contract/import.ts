import { z } from 'zod';
import { CreateClientSchema, type DuplicateCandidate } from './clients';

/**
 * Import from a trust's spreadsheets (DESIGN §4f, decision 119), for managers: a `.csv` or
 * `.xlsx` file is read and previewed; nothing is written until the import is confirmed.
 */
export const importLimits = { bytesMax: 10 * 1024 * 1024, rowsMax: 20_000, problemsShownMax: 500 } as const;

/** What a file holds: clients; whānau and their members (a row per member); enrolments of past years (a row per enrolment). */
export const importKinds = ['clients', 'whanau', 'enrolments'] as const;
export type ImportKind = (typeof importKinds)[number];

/** The fields a clients file can fill, in the order a preview shows them: a person's. */
export const importClientFields = ['givenName', 'familyName', 'preferredName', 'dateOfBirth', 'phone', 'email', 'address', 'suburb', 'iwi', 'hapu'] as const;
export type ImportClientField = (typeof importClientFields)[number];

/** The fields each kind of file can fill: the person's, and the whānau (with the member's relationship) or the enrolment. */
export const importFieldsOf = {
  clients: importClientFields,
  whanau: ['whanauName', 'relationship', ...importClientFields],
  enrolments: ['service', 'enrolledOn', 'status', ...importClientFields],
} as const satisfies Record<ImportKind, readonly string[]>;
export type ImportField = (typeof importFieldsOf)[ImportKind][number];
const everyImportField = [...new Set(Object.values(importFieldsOf).flat())] as [ImportField, ...ImportField[]];

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
  mapping: z.record(z.string(), z.enum(everyImportField, { error: 'That is not a field a file can fill' }).nullable(), {
    error: 'Mapping must be an object of column: field',
  }),
});
export type ImportMapping = Record<string, ImportField | null>;

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
  /**
   * `toCreate`: people to create. `toAdd`: memberships (a whānau file) or enrolments (an enrolments
   * file) to add, for people new or already there; `whanauToCreate`: whānau named that are not in
   * the app yet. A row is already there when there is nothing left to add for it.
   */
  counts: {
    rows: number;
    blank: number;
    withProblems: number;
    alreadyThere: number;
    repeated: number;
    toCreate: number;
    toAdd: number;
    whanauToCreate: number;
    created: number;
  };
  problems: ImportProblem[];
  /** Rows that look like people already in the app (by the duplicate check's keys), or an earlier row of the file. */
  alreadyThere: { row: number; clientId: string | null; sameAsRow: number | null; reasons: DuplicateCandidate['reasons'] }[];
  createdAt: string;
  createdBy: string | null;
  confirmedAt: string | null;
  undoneAt: string | null;
};
