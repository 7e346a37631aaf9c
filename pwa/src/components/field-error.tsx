import type { ApiErrorItem } from '@contract/errors';

/** The first message the server (or the form's schema) gave for one field, if any. */
export function errorFor(errors: readonly ApiErrorItem[] | undefined, param: string): string | undefined {
  return errors?.find((error) => error.param === param)?.msg;
}

/** A field's error message, linked to its input by `id` (use it in `aria-describedby`). */
export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p className="field__error" id={id}>
      {message}
    </p>
  );
}
