import { z } from 'zod';
import { IdSchema, PageQuerySchema, WrittenAtSchema, optionalText, requiredText } from './common';
import { issueCode } from './errors';
import { publishedStatementVersions, statementVersionPattern } from './enrolment-form';
import {
  BaseVersionSchema,
  OperationIdSchema,
  blankToAbsent,
  dateOfBirthField,
  emailField,
  enrolmentStatuses,
  householdField,
  optional,
  phoneField,
  serviceKeys,
  type EnrolmentSource,
  type EnrolmentStatus,
} from './enrolments';
import { whanauLimits, type ClientWhanau, type ContactRecord, type NoteCorrection } from './whanau';

/**
 * Client records, case notes and their searches (DESIGN §4b). Shared by the server and the app:
 * no Node-only imports here.
 */

/**
 * Text as search compares it: lower case, with macrons and other diacritics removed
 * (NFD, then combining marks dropped), so "whanau" finds "Whānau" and "tuhoe" finds "Tūhoe".
 */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

export { publishedStatementVersions };

/** A consent that names no published privacy statement; the server adds the versions it knows. */
export const statementVersionUnknown = 'Statement version must be one of the published privacy statements';

export const consentMethods = ['online', 'in person', 'phone'] as const;
export type ConsentMethod = (typeof consentMethods)[number];

export const clientLimits = { notesMax: 2000, addressMax: 500, caseNoteMax: 10_000 } as const;

const ConsentSchema = z.object(
  {
    // One of the published wordings: kaimahi choose it, never type it. Here its form only; the
    // server checks it against every version it stored (lib/statement-versions.ts, decision 107),
    // so a version managers published after this release is taken, on a device offline too.
    statementVersion: z
      .string({ error: statementVersionUnknown })
      .max(32, { error: statementVersionUnknown, abort: true })
      .refine((version) => statementVersionPattern.test(version), { error: statementVersionUnknown, params: issueCode('invalid_value') }),
    at: z.iso
      .datetime({ offset: true, error: 'Consent time must be a date and time like 2026-11-22T04:31:07.219Z' })
      .transform((at) => new Date(at).toISOString()),
    how: z.enum(consentMethods, { error: `How consent was given must be one of: ${consentMethods.join(', ')}` }),
  },
  { error: 'Consent must be an object' },
);
/** A consent as an edit or a new record gives it: the version names a published one (the server checks which). */
export type ConsentInput = z.infer<typeof ConsentSchema>;
/** A consent as recorded: the version it was given under (an enrolment's consent is copied as it was stored). */
export type Consent = { statementVersion: string; at: string; how: ConsentMethod };

/**
 * The fields of a client record kaimahi fill in; every one but the names may be left empty.
 * `address` and `notes` may hold line breaks (stored as \n); the other texts are one line.
 */
const clientFieldSchemas = {
  givenName: requiredText('Given name'),
  familyName: requiredText('Family name'),
  preferredName: optionalText('Preferred name'),
  dateOfBirth: optional(dateOfBirthField),
  phone: optional(phoneField),
  email: optional(emailField),
  address: optionalText('Address', clientLimits.addressMax, { lines: true }),
  suburb: optionalText('Suburb'),
  iwi: optionalText('Iwi'),
  hapu: optionalText('Hapū'),
  household: optional(householdField('Household')),
  notes: optionalText('Notes', clientLimits.notesMax, { lines: true }),
  consent: optional(ConsentSchema),
};
export const clientFields = Object.keys(clientFieldSchemas) as ClientField[];
export type ClientField = keyof typeof clientFieldSchemas;

/** `POST /api/clients`: a new client record, its `_id` made on the device. */
export const CreateClientSchema = z.object({ _id: OperationIdSchema, ...clientFieldSchemas, writtenAt: WrittenAtSchema.optional() });
export type CreateClientInput = z.infer<typeof CreateClientSchema>;

/** In an edit, `null` or an empty text clears an optional field; the names cannot be cleared. */
const clearable = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === null || (typeof value === 'string' && value.trim() === '') ? null : value), schema.nullable().optional());

const clientChangeSchemas = {
  givenName: clientFieldSchemas.givenName.optional(),
  familyName: clientFieldSchemas.familyName.optional(),
  preferredName: clearable(requiredText('Preferred name')),
  dateOfBirth: clearable(dateOfBirthField),
  phone: clearable(phoneField),
  email: clearable(emailField),
  address: clearable(requiredText('Address', clientLimits.addressMax, { lines: true })),
  suburb: clearable(requiredText('Suburb')),
  iwi: clearable(requiredText('Iwi')),
  hapu: clearable(requiredText('Hapū')),
  household: clearable(householdField('Household')),
  notes: clearable(requiredText('Notes', clientLimits.notesMax, { lines: true })),
  consent: clearable(ConsentSchema),
};

/** The changed fields of an edit: unknown fields are ignored; at least one known field must be there. */
const ClientChangesSchema = z
  .object(clientChangeSchemas, { error: 'Changes must be an object' })
  .refine((changes) => Object.values(changes).some((value) => value !== undefined), { error: 'Change at least one field' });

/** `PATCH /api/clients/{id}`: the changed fields only, and the version the edit started from. */
export const UpdateClientSchema = z.object({
  _id: OperationIdSchema,
  baseVersion: BaseVersionSchema,
  changes: ClientChangesSchema,
});
export type UpdateClientInput = z.infer<typeof UpdateClientSchema>;
export type ClientChanges = UpdateClientInput['changes'];

/** A case note's text: multi-line. */
const caseNoteText = requiredText('Note', clientLimits.caseNoteMax, { lines: true });

/** `POST /api/clients/{id}/notes`: the client is in the path. */
export const CreateNoteSchema = z.object({ _id: OperationIdSchema, text: caseNoteText, writtenAt: WrittenAtSchema.optional() });
export type CreateNoteInput = z.infer<typeof CreateNoteSchema>;

/*
 * The payloads of this feature's kinds in `POST /api/sync` (contract/sync.ts, decision 075).
 * A create is named by its operation id: its `entityId` must equal its `_id`.
 */

/** The enrolment a new client is made from (`POST /api/clients?fromEnrolment=`, or in a `client.create` payload): the two are linked. */
const fromEnrolmentField = optional(
  z
    .string({ error: 'Must be a valid id' })
    .trim()
    .toLowerCase()
    .pipe(z.uuid({ error: 'Must be a valid id' })),
);

/**
 * `client.create`: `entityId` = `_id` = the new client's id; the payload is the client's fields (as
 * `POST /api/clients`, without `_id`), and `fromEnrolment` when it is made from an enrolment.
 */
export const ClientCreatePayloadSchema = z.object({ ...clientFieldSchemas, fromEnrolment: fromEnrolmentField }, { error: 'Payload must be an object' });
export type ClientCreatePayload = z.infer<typeof ClientCreatePayloadSchema>;

/** `client.update`: `entityId` is the client, `baseVersion` is required; the payload is the changed fields. */
export const ClientUpdatePayloadSchema = ClientChangesSchema;
export type ClientUpdatePayload = z.infer<typeof ClientUpdatePayloadSchema>;

/** `note.create`: `entityId` = `_id` = the new note's id; the payload names the client: `{clientId, text}`. */
/** `note.share`: `entityId` is the note, shared by its writer with everyone working with the person; the payload names its client. */
export const NoteSharePayloadSchema = z.object(
  { clientId: z.string({ error: 'Give the client the note is about' }).trim().toLowerCase().pipe(IdSchema) },
  { error: 'Payload must be an object' },
);
export type NoteSharePayload = z.infer<typeof NoteSharePayloadSchema>;

export const NoteCreatePayloadSchema = z.object(
  {
    clientId: z.string({ error: 'Give the client the note is about' }).trim().toLowerCase().pipe(IdSchema),
    text: caseNoteText,
  },
  { error: 'Payload must be an object' },
);
export type NoteCreatePayload = z.infer<typeof NoteCreatePayloadSchema>;

export const ListClientsQuerySchema = PageQuerySchema.extend({
  q: optional(requiredText('Search', 200)),
  service: optional(z.string({ error: 'Service must be a service key' }).refine((key) => serviceKeys.includes(key), { error: 'No service has that key' })),
  status: optional(z.enum(enrolmentStatuses, { error: `Status must be one of: ${enrolmentStatuses.join(', ')}` })),
});
export type ListClientsQuery = z.infer<typeof ListClientsQuerySchema>;

export const FromEnrolmentQuerySchema = z.object({ fromEnrolment: fromEnrolmentField });

export const EnrolmentDuplicatesQuerySchema = z.object({
  enrolment: z
    .string({ error: 'Give the enrolment to match' })
    .trim()
    .toLowerCase()
    .pipe(z.uuid({ error: 'Must be a valid id' })),
});

export const ExportQuerySchema = z.object({
  format: z.preprocess(blankToAbsent, z.enum(['json', 'csv'], { error: 'Format must be json or csv' }).default('json')),
});

/** A client record as the API shows it. Fields left empty are null. */
export type ClientRecord = {
  _id: string;
  givenName: string;
  familyName: string;
  preferredName: string | null;
  dateOfBirth: string | null;
  phone: string | null;
  email: string | null;
  address: string | null;
  suburb: string | null;
  iwi: string | null;
  hapu: string | null;
  household: number | null;
  notes: string | null;
  consent: Consent | null;
  /** Starts at 1 and increments on each change of a field. */
  version: number;
  createdAt: string;
  /** When it was written on the device (DESIGN §6); `createdAt` is when the server received it. Absent in a device copy made before. */
  writtenAt?: string;
  createdBy: string | null;
  updatedAt: string;
  updatedBy: string | null;
  /** Names of the staff accounts above, for showing. */
  createdByName: string | null;
  updatedByName: string | null;
  /** Only on a record merged away (decision 120): the record it was merged into. */
  mergedInto?: string;
};

/** An enrolment of the client, as the client page lists it. */
export type ClientEnrolment = {
  _id: string;
  reference: string;
  serviceKey: string;
  serviceTitle: string;
  status: EnrolmentStatus;
  source: EnrolmentSource;
  receivedAt: string;
  version: number;
};

/**
 * `serviceKey`: the service it was written under; `shared`: its writer showed it to every kaimahi
 * who may see the client (decision 086). The server always sends both; they are optional because
 * a device's copy made before that rule has neither.
 */
export type CaseNote = {
  _id: string;
  clientId: string;
  text: string;
  authorId: string;
  authorName: string;
  serviceKey?: string | null;
  shared?: boolean;
  createdAt: string;
  /** When it was written on the device (DESIGN §6); `createdAt` is when the server received it. Absent in a device copy made before. */
  writtenAt?: string;
};

/**
 * `GET /api/clients/{id}` (and the 201 of `POST /api/clients`). `caseNotes` are the kaimahi's
 * notes, newest first; `notes` (in the record) is the client's short standing note.
 */
export type ClientDetail = ClientRecord & {
  enrolments: ClientEnrolment[];
  caseNotes: CaseNote[];
  /** The whānau the client belongs to, their contacts, and the corrections of their notes and contacts (DESIGN §4c). Absent in a device copy made before them. */
  whanau?: ClientWhanau[];
  contacts?: ContactRecord[];
  corrections?: NoteCorrection[];
};

export type FieldConflict = { field: string; mine: unknown; theirs: unknown };
/** The 409 of an edit that clashes: nothing was written; `record` is the server's record now. */
export type EditConflictBody<R> = { errors: { msg: string }[]; conflicts: FieldConflict[]; record: R };

/** A record that may be the same person, and why. */
export type DuplicateCandidate = {
  client: ClientRecord;
  reasons: ('dateOfBirthAndName' | 'phone' | 'email')[];
};

/**
 * `GET /api/clients/caseload?since=CURSOR`: the kaimahi's caseload for the encrypted copy on
 * their device (DESIGN §6). Without `since`, all of it; with the `cursor` of the last answer,
 * only the clients whose record, notes or enrolments changed since.
 */
export const CaseloadQuerySchema = z.object({
  since: optional(z.iso.datetime({ offset: true, error: 'Since must be the cursor of an earlier answer' }).transform((since) => new Date(since).toISOString())),
});
export type CaseloadQuery = z.infer<typeof CaseloadQuerySchema>;

/**
 * `clients`: the whole page of each client that changed; `ids`: every client in the caseload now
 * (a client missing from it left the caseload and is removed from the device); `cursor`: what to
 * send as `since` next time.
 */
export type CaseloadChanges = { clients: ClientDetail[]; ids: string[]; cursor: string };

/**
 * A person with no contact for the retention period (decision 089), as `GET /api/clients/retention`
 * lists them: `lastContactAt` is the latest change of the record, a case note or an enrolment.
 */
export type RetentionCandidate = { _id: string; givenName: string; familyName: string; lastContactAt: string };

/** The 200 of `POST /api/clients/{id}/archive` and `/erase`: `erasedAt` is null for an archive. */
export type RetentionOutcome = { _id: string; archivedAt: string; erasedAt: string | null };

/** A whānau the person belongs to, whose own texts may name them: reviewed before an erasure (issue 32). */
export type ErasureWhanau = { _id: string; name: string; notes: string | null };

/** `GET /api/clients/{id}/erasure-review` (managers): what names the person outside their own records. */
export type ErasureReview = { whanau: ErasureWhanau[] };

/**
 * The optional body of `POST /api/clients/{id}/erase`: the manager's new texts for whānau of the
 * person (rewritten to leave them out; `notes: null` clears the notes). Only whānau the person
 * belongs to; each one changed is an audited `update` of that whānau (decision 110).
 */
export const EraseClientSchema = z.object(
  {
    whanau: z
      .array(
        z.object({
          _id: IdSchema,
          name: requiredText('Whānau name', whanauLimits.nameMax),
          notes: requiredText('Notes', whanauLimits.notesMax, { lines: true }).nullable(),
        }),
        { error: 'Whānau must be a list' },
      )
      .max(50, { error: 'At most 50 whānau' })
      .default([]),
  },
  { error: 'Body must be an object' },
);
export type EraseClientInput = z.infer<typeof EraseClientSchema>;
