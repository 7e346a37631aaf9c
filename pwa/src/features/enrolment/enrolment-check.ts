/**
 * The enrolment form's check: the contract's own schema, so the phone and the server agree on
 * every rule. Loaded when the person moves into the form (and awaited on "Enrol"), so the
 * form's page does not carry zod.
 */
import { EnrolmentSchema } from '@contract/enrolments';
import { checkInput, type ApiErrorItem } from '@contract/errors';
import { toEnrolmentDraft, type EnrolmentDraftBody, type EnrolmentFormValues } from './enrolment-form-values';

/** Stands in for the id the outbox makes, so the form can check everything else. */
const idPlaceholder = '00000000-0000-4000-8000-000000000000';

export type EnrolmentCheck = { ok: true; draft: EnrolmentDraftBody } | { ok: false; errors: ApiErrorItem[] };

/** Checks the form with the contract's schema; every problem, each on its field. */
export function checkEnrolment(values: EnrolmentFormValues, serviceKey: string, statementVersion: string): EnrolmentCheck {
  const draft = toEnrolmentDraft(values, serviceKey, statementVersion);
  const result = checkInput(EnrolmentSchema, { ...draft, _id: idPlaceholder });
  if (result.success) return { ok: true, draft };
  return { ok: false, errors: result.errors };
}
