/**
 * The enrolment form's values, and how they become the contract's enrolment (and back, to fix
 * an item the server refused). Checked with the contract's own schema (enrolment-check.ts, loaded
 * when the person sends), so the phone and the server agree on every rule.
 */
import { contactMethods, type ContactMethod } from '@contract/enrolment-form';
import type { EnrolmentInput } from '@contract/enrolments';

/** What the inputs hold: text as typed, the radio's choice ('' until chosen) and the consent box. */
export type EnrolmentFormValues = {
  givenName: string;
  familyName: string;
  dateOfBirth: string;
  phone: string;
  email: string;
  suburb: string;
  iwi: string;
  householdSize: string;
  preferredContact: ContactMethod | '';
  message: string;
  consent: boolean;
};
export type EnrolmentField = keyof EnrolmentFormValues;

/** The fields in the order the form shows them: the first one with a problem gets the focus. */
export const enrolmentFieldOrder = [
  'givenName',
  'familyName',
  'dateOfBirth',
  'phone',
  'email',
  'suburb',
  'iwi',
  'householdSize',
  'preferredContact',
  'message',
  'consent',
] as const satisfies readonly EnrolmentField[];

/** A new form: nothing filled in, consent not ticked. */
export const emptyEnrolmentValues: EnrolmentFormValues = {
  givenName: '',
  familyName: '',
  dateOfBirth: '',
  phone: '',
  email: '',
  suburb: '',
  iwi: '',
  householdSize: '',
  preferredContact: '',
  message: '',
  consent: false,
};

/** The enrolment as it will be queued (the outbox adds the `_id`). */
export type EnrolmentDraftBody = Record<string, unknown> & { serviceKey: string };

/** `statementVersion`: the version of the privacy statement the form showed, the one the person agrees to. */
export function toEnrolmentDraft(values: EnrolmentFormValues, serviceKey: string, statementVersion: string): EnrolmentDraftBody {
  const household = values.householdSize.trim();
  return {
    serviceKey,
    givenName: values.givenName,
    familyName: values.familyName,
    dateOfBirth: values.dateOfBirth,
    phone: values.phone,
    email: values.email,
    suburb: values.suburb,
    iwi: values.iwi,
    // Not a number stays not a number, so the schema names the problem.
    householdSize: household === '' ? undefined : Number(household),
    preferredContact: values.preferredContact || undefined,
    message: values.message,
    consent: values.consent,
    statementVersion,
  };
}

/**
 * A refused enrolment back in the form, to fix and resend. Consent stays ticked only when the
 * person agreed to the statement shown now (`currentVersion`); a newer statement has to be read
 * and agreed again.
 */
export function valuesFromEnrolment(enrolment: EnrolmentInput, currentVersion: string): EnrolmentFormValues {
  const preferred = contactMethods.find((method) => method === enrolment.preferredContact) ?? '';
  return {
    givenName: enrolment.givenName,
    familyName: enrolment.familyName,
    dateOfBirth: enrolment.dateOfBirth ?? '',
    phone: enrolment.phone ?? '',
    email: enrolment.email ?? '',
    suburb: enrolment.suburb ?? '',
    iwi: enrolment.iwi ?? '',
    householdSize: enrolment.householdSize === undefined ? '' : String(enrolment.householdSize),
    preferredContact: preferred,
    message: enrolment.message ?? '',
    consent: enrolment.statementVersion === currentVersion && enrolment.consent === true,
  };
}
