import { z } from 'zod';
import { serviceCatalogue } from './catalogue';
import { IdSchema, PageQuerySchema, requiredText } from './common';
import { issueCode, type ErrorCode } from './errors';
import {
  collectionStatement,
  contactMethods,
  earlierStatementVersions,
  publishedStatementVersions,
  statementVersionPattern,
  type ContactMethod,
} from './enrolment-form';

export { collectionStatement, contactMethods, earlierStatementVersions, publishedStatementVersions, type ContactMethod };

/** What a person reads when the statement they agreed to is not one the trust published. */
export const statementChanged = 'The privacy statement has changed since this form was opened. Please reload the page, read it and agree again';

export const enrolmentStatuses = ['new', 'contacted', 'enrolled', 'completed', 'declined'] as const;
export type EnrolmentStatus = (typeof enrolmentStatuses)[number];

/** `online`: sent by the person through the form; `staff`: entered by kaimahi. */
export const enrolmentSources = ['online', 'staff'] as const;
export type EnrolmentSource = (typeof enrolmentSources)[number];

export const enrolmentLimits = { messageMax: 2000, householdMin: 1, householdMax: 30, phoneDigitsMin: 6, phoneDigitsMax: 20 } as const;

/** The short code a person is given as their receipt, the same on every resend: `WH-1A2B-3C4D`. */
export function enrolmentReference(id: string): string {
  const hex = id.replace(/-/g, '').toUpperCase();
  return `WH-${hex.slice(0, 4)}-${hex.slice(4, 8)}`;
}

/** The keys of the trust's services, for checking a key a request names. */
export const serviceKeys: readonly string[] = serviceCatalogue.map((service) => service.key);

/** Forms send '' (and some clients null) for a field left empty: both mean "not given". */
export function blankToAbsent(value: unknown): unknown {
  if (value === null) return undefined;
  if (typeof value === 'string') return value.trim() === '' ? undefined : value.trim();
  return value;
}

export const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToAbsent, schema.optional());

/** Today's date where the day starts earliest (UTC+14), so a baby born today in Aotearoa is never "in the future". */
function latestDateAnywhere(now = Date.now()): string {
  return new Date(now + 14 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

function dateOfBirthProblem(text: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return 'Date of birth must be a date like 1990-03-25';
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return 'Date of birth is not a real date';
  }
  if (text < '1900-01-01') return 'Date of birth cannot be before 1900';
  if (text > latestDateAnywhere()) return 'Date of birth cannot be in the future';
  return undefined;
}

function phoneProblem(text: string): string | undefined {
  if (!/^[0-9+\-() ]+$/.test(text)) return 'Phone number can only have digits, spaces and + - ( )';
  const digits = text.replace(/\D/g, '').length;
  if (digits < enrolmentLimits.phoneDigitsMin || digits > enrolmentLimits.phoneDigitsMax) {
    return `Phone number must have ${enrolmentLimits.phoneDigitsMin} to ${enrolmentLimits.phoneDigitsMax} digits`;
  }
  return undefined;
}

const textProblem = (problem: (text: string) => string | undefined, code: ErrorCode) => (text: string, ctx: z.RefinementCtx) => {
  const message = problem(text);
  if (message) ctx.addIssue({ code: 'custom', message, params: issueCode(code) });
};

/** A date of birth, YYYY-MM-DD, from 1900 to today. Shared by enrolments and client records. */
export const dateOfBirthField = z
  .string({ error: 'Date of birth must be a date like 1990-03-25' })
  .superRefine(textProblem(dateOfBirthProblem, 'invalid_date'));
/** A phone number as people write it: digits, spaces and + - ( ). */
export const phoneField = z
  .string({ error: 'Phone number must be text' })
  .max(40, { error: 'Phone number is too long' })
  .superRefine(textProblem(phoneProblem, 'invalid_phone'));
export const emailField = z
  .string({ error: 'Please give a valid email address' })
  .max(254, { error: 'Email address is too long' })
  .pipe(z.email({ error: 'Please give a valid email address' }));
/** How many people live in the household. */
export const householdField = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int({ error: `${label} must be a whole number` })
    .min(enrolmentLimits.householdMin, { error: `${label} must be at least ${enrolmentLimits.householdMin}` })
    .max(enrolmentLimits.householdMax, { error: `${label} must be at most ${enrolmentLimits.householdMax}` });

/** A value the person filled in, valid or not: used by the checks across fields. */
function isGiven(value: unknown): boolean {
  return blankToAbsent(value) !== undefined;
}

const preferenceNeeds = {
  phone: { field: 'phone', msg: 'To be contacted by phone, give a phone number' },
  text: { field: 'phone', msg: 'To be contacted by text, give a mobile phone number' },
  email: { field: 'email', msg: 'To be contacted by email, give an email address' },
} as const;

/**
 * One enrolment in a free service, as the form sends it (DESIGN §4). The same schema checks the
 * form on the phone before it is queued and the request on the server. Every problem is listed
 * at once: the checks across fields run even when a single field is wrong.
 */
export const EnrolmentSchema = z
  .object({
    // Lower case, so the same id is the same key on SQLite (text) and PostgreSQL (uuid).
    _id: z.string({ error: 'Must be a valid id' }).max(100, { error: 'Must be a valid id', abort: true }).trim().toLowerCase().pipe(IdSchema),
    serviceKey: z
      .string({ error: 'Choose a service' })
      .max(100, { error: 'Choose one of the trust’s services', abort: true })
      .trim()
      .refine((key) => serviceKeys.includes(key), { error: 'Choose one of the trust’s services', params: issueCode('invalid_value') }),
    givenName: requiredText('Given name'),
    familyName: requiredText('Family name'),
    dateOfBirth: optional(dateOfBirthField),
    phone: optional(phoneField),
    email: optional(emailField),
    suburb: optional(requiredText('Suburb')),
    iwi: optional(requiredText('Iwi')),
    householdSize: optional(householdField('Household size')),
    preferredContact: z.enum(contactMethods, { error: 'Choose how you would like us to contact you: phone, email or text' }),
    message: optional(requiredText('Message', enrolmentLimits.messageMax, { lines: true })),
    consent: z.literal(true, { error: 'Please tick the box to agree' }),
    // The form's version of the statement; the server checks it is one it published (decision 094).
    statementVersion: z
      .string({ error: statementChanged })
      .max(32, { error: statementChanged, abort: true })
      .refine((version) => statementVersionPattern.test(version), { error: statementChanged, params: issueCode('invalid_value') }),
  })
  .superRefine(
    (enrolment, ctx) => {
      // Reads the values as sent: this runs even when other fields failed, so nothing here trusts their types.
      const fields: Record<string, unknown> = enrolment;
      const given = { phone: isGiven(fields.phone), email: isGiven(fields.email) };
      if (!given.phone && !given.email) {
        ctx.addIssue({ code: 'custom', message: 'Give a phone number or an email address', path: ['phone'], params: issueCode('contact_needed') });
      }
      const preferred = fields.preferredContact;
      if (preferred === 'phone' || preferred === 'text' || preferred === 'email') {
        const needs = preferenceNeeds[preferred];
        if (!given[needs.field]) ctx.addIssue({ code: 'custom', message: needs.msg, path: ['preferredContact'], params: issueCode('contact_needed') });
      }
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value) },
  );

/** An enrolment after checking: trimmed, blanks removed. */
export type EnrolmentInput = z.infer<typeof EnrolmentSchema>;
/** What the form holds before checking. */
export type EnrolmentDraft = z.input<typeof EnrolmentSchema>;

/** The answer to `POST /api/enrolments`, the same on every resend of one enrolment. */
export type EnrolmentReceipt = { _id: string; status: 'new'; receivedAt: string; reference: string };

export const ListEnrolmentsQuerySchema = PageQuerySchema.extend({
  service: optional(z.string({ error: 'Service must be a service key' }).refine((key) => serviceKeys.includes(key), { error: 'No service has that key' })),
  status: optional(z.enum(enrolmentStatuses, { error: `Status must be one of: ${enrolmentStatuses.join(', ')}` })),
  q: optional(requiredText('Search', 200)),
});
export type ListEnrolmentsQuery = z.infer<typeof ListEnrolmentsQuerySchema>;

/** An enrolment as kaimahi see it in the list. Fields the person left empty are null. */
export type EnrolmentListItem = {
  _id: string;
  reference: string;
  serviceKey: string;
  serviceTitle: string;
  givenName: string;
  familyName: string;
  dateOfBirth: string | null;
  phone: string | null;
  email: string | null;
  suburb: string | null;
  iwi: string | null;
  householdSize: number | null;
  preferredContact: ContactMethod;
  message: string | null;
  status: EnrolmentStatus;
  source: EnrolmentSource;
  consentStatementVersion: string;
  consentedAt: string;
  receivedAt: string;
  /** The client record it is linked to, once kaimahi link one. */
  clientId: string | null;
  /** Increments on each change; an edit sends the version it started from. */
  version: number;
};

/**
 * Where an enrolment may go next: along new → contacted → enrolled → completed (steps may be
 * skipped), or to declined from any step before completed. Completed and declined are final.
 */
export const enrolmentNextStatuses: Record<EnrolmentStatus, readonly EnrolmentStatus[]> = {
  new: ['contacted', 'enrolled', 'completed', 'declined'],
  contacted: ['enrolled', 'completed', 'declined'],
  enrolled: ['completed', 'declined'],
  completed: [],
  declined: [],
};

/**
 * Whether linking a client to an enrolment enrols it (issue 31: the funder report counts it
 * accepted): only from new or contacted, never back from completed or declined.
 */
export function enrolledByLinking(status: EnrolmentStatus): boolean {
  return status === 'new' || status === 'contacted';
}

/** A device-made operation id, lower-cased so it is the same key on SQLite and PostgreSQL. */
export const OperationIdSchema = z.string({ error: 'Must be a valid id' }).trim().toLowerCase().pipe(IdSchema);
/** The version an edit started from. */
export const BaseVersionSchema = z
  .number({ error: 'Base version must be a number' })
  .int({ error: 'Base version must be a whole number' })
  .min(1, { error: 'Base version starts at 1' });

/**
 * What an edit of an enrolment may change: its status and the client it is linked to. The
 * `changes` of `PATCH /api/enrolments/{id}`, and the payload of the sync kind `enrolment.update`.
 */
export const EnrolmentChangesSchema = z
  .object(
    {
      status: z.enum(enrolmentStatuses, { error: `Status must be one of: ${enrolmentStatuses.join(', ')}` }).optional(),
      clientId: z.string({ error: 'Must be a valid id' }).trim().toLowerCase().pipe(IdSchema).optional(),
    },
    { error: 'Changes must be an object' },
  )
  .refine((changes) => changes.status !== undefined || changes.clientId !== undefined, { error: 'Give a status or a client to link' });

/** `enrolment.update` in `POST /api/sync`: `entityId` is the enrolment, `baseVersion` is required, the payload is the changes. */
export const EnrolmentUpdatePayloadSchema = EnrolmentChangesSchema;
export type EnrolmentUpdatePayload = z.infer<typeof EnrolmentUpdatePayloadSchema>;

/** `PATCH /api/enrolments/{id}`: move an enrolment along, or link it to a client record. */
export const UpdateEnrolmentSchema = z.object({
  _id: OperationIdSchema,
  baseVersion: BaseVersionSchema,
  changes: EnrolmentChangesSchema,
});
export type UpdateEnrolmentInput = z.infer<typeof UpdateEnrolmentSchema>;
