import type { ApiErrorItem } from '@contract/errors';
import { ApiRequestError } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';

/** Messages to show under each field of a form, by field name. */
export type FieldErrors<Field extends string> = Partial<Record<Field, string[]>>;

function addError<Field extends string>(errors: FieldErrors<Field>, field: Field, message: string): void {
  const list = errors[field] ?? [];
  if (!list.includes(message)) list.push(message);
  errors[field] = list;
}

/** Error items (the app's own check with `checkInput`, or the server's), each on its field in the chosen language. */
export function fieldErrorsFromItems<Field extends string>(items: readonly ApiErrorItem[], fields: readonly Field[]): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  for (const item of items) {
    const field = fields.find((name) => name === item.param?.split('.')[0]);
    if (field) addError(errors, field, errorMessage(item, { withField: false }));
  }
  return errors;
}

/** The server's errors that name one of this form's fields (`param`), to show on that field. */
export function fieldErrorsFromApi<Field extends string>(error: unknown, fields: readonly Field[]): FieldErrors<Field> {
  return error instanceof ApiRequestError ? fieldErrorsFromItems(error.errors, fields) : {};
}

export function hasFieldErrors<Field extends string>(errors: FieldErrors<Field>): boolean {
  return Object.values(errors).some((list) => Array.isArray(list) && list.length > 0);
}

/** Moves focus to the first field with a problem, in the order the form shows them. */
export function focusFirstInvalidField(form: HTMLFormElement | null): void {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}
