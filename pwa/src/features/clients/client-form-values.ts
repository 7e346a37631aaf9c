import { nzDateOf, nzToday } from '../../lib/nz-time';
import type { Client, ClientChanges, ClientFields, Conflict, ConsentHow, CreateClientInput, StaffEnrolment } from './api/types';

/** Every field of a client record the edit form shows (DESIGN §4b), in the form's order. */
export const textFields = [
  'givenName',
  'familyName',
  'preferredName',
  'dateOfBirth',
  'phone',
  'email',
  'address',
  'suburb',
  'iwi',
  'hapu',
  'household',
  'notes',
] as const;
export type TextFieldName = (typeof textFields)[number];
export const consentHows: readonly ConsentHow[] = ['online', 'in person', 'phone'];

/** What the form holds: text as typed; consent as its three parts. */
export type ClientFormValues = Record<TextFieldName, string> & { consentHow: '' | ConsentHow; consentAt: string; consentStatementVersion: string };
/** The form's fields in the order it shows them (its error summary lists problems so). */
export const clientFormFields = [
  'givenName',
  'familyName',
  'preferredName',
  'dateOfBirth',
  'iwi',
  'hapu',
  'household',
  'phone',
  'email',
  'address',
  'suburb',
  'consentHow',
  'consentAt',
  'consentStatementVersion',
  'notes',
] as const satisfies readonly (keyof ClientFormValues)[];
export type ClientFormField = (typeof clientFormFields)[number];

const consentParts: Readonly<Record<string, ClientFormField>> = { how: 'consentHow', at: 'consentAt', statementVersion: 'consentStatementVersion' };

/**
 * The form's field an error names: `param` as the request had it (`givenName`,
 * `changes.consent.at`, a queued item's `payload.consent.statementVersion`).
 */
export function clientFieldOf(param: string): ClientFormField | undefined {
  const [first, second] = param.split('.').filter((part) => part !== 'changes' && part !== 'payload');
  if (first === 'consent') return consentParts[second ?? 'how'] ?? 'consentHow';
  return clientFormFields.find((field) => field === first);
}

/** A field of the record as the server names it (and as `param` of its errors). */
export type RecordField = keyof ClientFields;

const text = (value: string | number | null | undefined): string => (value === null || value === undefined ? '' : String(value));

export function emptyValues(): ClientFormValues {
  const values = Object.fromEntries(textFields.map((field) => [field, ''])) as Record<TextFieldName, string>;
  return { ...values, consentHow: '', consentAt: '', consentStatementVersion: '' };
}

/** The form's values for a record. */
export function valuesOf(client: ClientFields): ClientFormValues {
  const values = Object.fromEntries(textFields.map((field) => [field, text(client[field])])) as Record<TextFieldName, string>;
  return {
    ...values,
    consentHow: client.consent?.how ?? '',
    consentAt: client.consent?.at ? nzDateOf(client.consent.at) : '',
    consentStatementVersion: client.consent?.statementVersion ?? '',
  };
}

/** A new client's form, prefilled from what the person sent with their enrolment (consent given online). */
export function valuesFromEnrolment(enrolment: StaffEnrolment): ClientFormValues {
  return {
    ...emptyValues(),
    givenName: enrolment.givenName,
    familyName: enrolment.familyName,
    dateOfBirth: text(enrolment.dateOfBirth),
    phone: text(enrolment.phone),
    email: text(enrolment.email),
    suburb: text(enrolment.suburb),
    iwi: text(enrolment.iwi),
    household: text(enrolment.householdSize),
    consentHow: 'online',
    // The New Zealand day they agreed: at 7:43 am on the 29th it is still the 28th in UTC.
    consentAt: nzDateOf(enrolment.consentedAt),
    consentStatementVersion: enrolment.consentStatementVersion,
  };
}

function fieldValue(values: ClientFormValues, field: TextFieldName): string | number | null {
  const value = values[field].trim();
  if (value === '') return field === 'givenName' || field === 'familyName' ? '' : null;
  if (field === 'household') return /^\d+$/.test(value) ? Number(value) : value;
  return value;
}

/**
 * The form's changes when the kaimahi chooses how consent was given: consent given in person or by
 * phone is recorded today (the New Zealand day) to the statement published now, unless the form
 * already names a day or a version. Nobody should have to know a version by heart.
 */
export function consentHowChosen(values: ClientFormValues, how: '' | ConsentHow, currentStatement: string): Partial<ClientFormValues> {
  if (!how) return { consentHow: how };
  return {
    consentHow: how,
    ...(!values.consentAt && { consentAt: nzToday() }),
    ...(!values.consentStatementVersion && currentStatement && { consentStatementVersion: currentStatement }),
  };
}

/**
 * The instant a consent day stands for: the record's own when its day is unchanged, now when it is
 * today in New Zealand, otherwise 00:00 UTC of that day (noon or 1 pm in New Zealand, inside it).
 */
function consentInstant(day: string, original: ClientFields['consent']): string {
  if (original && nzDateOf(original.at) === day) return original.at;
  if (day === nzToday()) return new Date().toISOString();
  return `${day}T00:00:00.000Z`;
}

function consentOf(values: ClientFormValues, original: ClientFields['consent']): ClientFields['consent'] {
  if (!values.consentHow) return null;
  const at = values.consentAt ? consentInstant(values.consentAt, original) : (original?.at ?? new Date().toISOString());
  return { statementVersion: values.consentStatementVersion || original?.statementVersion || '', at, how: values.consentHow };
}

const sameConsent = (a: ClientFields['consent'], b: ClientFields['consent']) =>
  a === b || (a !== null && b !== null && a.how === b.how && a.at === b.at && a.statementVersion === b.statementVersion);

/** Only the fields the kaimahi changed from the version they started on: what an edit sends. */
export function changesBetween(base: ClientFields, values: ClientFormValues): ClientChanges {
  const changes: Record<string, unknown> = {};
  for (const field of textFields) {
    const next = fieldValue(values, field);
    if (next !== (base[field] ?? null)) changes[field] = next;
  }
  const consent = consentOf(values, base.consent);
  if (!sameConsent(consent, base.consent)) changes.consent = consent;
  return changes as ClientChanges;
}

/**
 * The body of a new client: every field given, blanks left out, with its id made now. From an
 * enrolment, a consent on the enrolment's own day keeps the moment the person agreed.
 */
export function createInput(values: ClientFormValues, id: string = crypto.randomUUID(), enrolment?: StaffEnrolment): CreateClientInput {
  const input: Record<string, unknown> = { _id: id };
  for (const field of textFields) {
    const value = fieldValue(values, field);
    if (value !== null) input[field] = value;
  }
  const enrolled = enrolment ? { statementVersion: enrolment.consentStatementVersion, at: enrolment.consentedAt, how: 'online' as const } : null;
  const consent = consentOf(values, enrolled);
  if (consent) input.consent = consent;
  return input as CreateClientInput;
}

/** How a kaimahi settles one clashing field. */
export type Choice = { keep: 'mine' } | { keep: 'theirs' } | { keep: 'other'; value: string };

/**
 * The edit to send again after a 409: on the server's new version, the changes that did not
 * clash as they were, and for each clash what the kaimahi chose (the server's value needs no
 * change). Nothing typed is dropped unless the kaimahi chose the server's value for it.
 */
export function resolvedChanges(pending: ClientChanges, conflicts: readonly Conflict[], choices: Readonly<Record<string, Choice>>): ClientChanges {
  const changes: Record<string, unknown> = { ...pending };
  for (const conflict of conflicts) {
    const choice = choices[conflict.field] ?? { keep: 'mine' };
    if (choice.keep === 'theirs') delete changes[conflict.field];
    else if (choice.keep === 'other')
      changes[conflict.field] = conflict.field === 'household' && /^\d+$/.test(choice.value.trim()) ? Number(choice.value.trim()) : choice.value.trim() || null;
    else changes[conflict.field] = conflict.mine;
  }
  return changes as ClientChanges;
}

/** A field's value as a person reads it in the conflict view ('' for nothing). */
export function displayValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object' && 'how' in value) {
    const consent = value as { how: string; at?: string };
    return [consent.how, consent.at?.slice(0, 10)].filter(Boolean).join(', ');
  }
  return String(value);
}

/** The display name of a record: preferred name first when there is one. */
export function clientName(client: Pick<Client, 'givenName' | 'familyName' | 'preferredName'>): string {
  const given = client.preferredName?.trim() || client.givenName;
  return `${given} ${client.familyName}`.trim();
}
