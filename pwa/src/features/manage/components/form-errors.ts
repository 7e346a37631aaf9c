import { ApiRequestError } from '../../../lib/api-client';

/** Messages to show under each field of a form, by field name. */
export type FieldErrors<Field extends string> = Partial<Record<Field, string[]>>;

type Issue = { path: readonly PropertyKey[]; message: string };

function addError<Field extends string>(errors: FieldErrors<Field>, field: Field, message: string): void {
  const list = errors[field] ?? [];
  if (!list.includes(message)) list.push(message);
  errors[field] = list;
}

/** A zod result's issues, put on the fields they belong to (every issue, not only the first). */
export function fieldErrorsFromIssues<Field extends string>(issues: readonly Issue[], fields: readonly Field[]): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  for (const issue of issues) {
    const field = fields.find((name) => name === issue.path[0]);
    if (field) addError(errors, field, issue.message);
  }
  return errors;
}

/** The server's errors that name one of this form's fields (`param`), to show on that field. */
export function fieldErrorsFromApi<Field extends string>(error: unknown, fields: readonly Field[]): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  if (!(error instanceof ApiRequestError)) return errors;
  for (const item of error.errors) {
    const field = fields.find((name) => name === item.param);
    if (field) addError(errors, field, item.msg);
  }
  return errors;
}

export function hasFieldErrors<Field extends string>(errors: FieldErrors<Field>): boolean {
  return Object.values(errors).some((list) => Array.isArray(list) && list.length > 0);
}

/** Moves focus to the first field with a problem, in the order the form shows them. */
export function focusFirstInvalidField(form: HTMLFormElement | null): void {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}
