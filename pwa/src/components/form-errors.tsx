import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiErrorItem } from '@contract/errors';
import { ApiRequestError } from '../lib/api-client';
import { errorMessage, fieldLabel } from '../lib/error-message';
import { translate } from '../i18n/i18n';
import './fields.css';

/*
 * The one way a form shows its problems (issue 22): each error item on its field by `param`, a
 * summary above the form that takes focus and links to each field, and every sentence through
 * the language layer by its `code` (`errorMessage`), so a te reo reader never gets the server's
 * English. The items come from the contract's schema in the browser (`checkInput`) or from the
 * server's answer: the same shape, the same codes.
 */

/** Messages to show under each field of a form, by field name. */
export type FieldErrors<Field extends string> = Partial<Record<Field, string[]>>;

/** One problem as the summary lists it: its sentence and, when it has one, the field to go to. */
type SummaryItem = { message: string; field?: string };

/** The error items a failure carries: the server's list, or one item for a failure that is not an API answer. */
export function errorItemsOf(error: unknown): ApiErrorItem[] {
  if (error instanceof ApiRequestError) return error.errors;
  return [{ msg: translate('error.unexpected'), code: 'server_error' }];
}

/**
 * Field errors and a summary for a form with these fields (in the form's order). `show` takes
 * error items and messages the form found itself (a picture too large), `showFailure` a failed
 * request; the summary then takes focus. `clear` before sending.
 */
export function useFormErrors<Field extends string>(
  fields: readonly Field[],
  initial: readonly ApiErrorItem[] = [],
  { fieldOf = firstPartOf }: FormErrorsOptions<Field> = {},
) {
  // Errors a form opens with (an item the server refused, back to fix) show at once, unfocused.
  const [state, setState] = useState(() => arrangeFormErrors(fields, initial, {}, fieldOf));
  const [focusRequest, setFocusRequest] = useState(0);
  const summaryRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (focusRequest > 0) summaryRef.current?.focus();
  }, [focusRequest]);

  const show = useCallback(
    (items: readonly ApiErrorItem[], own: Readonly<Partial<Record<string, string[]>>> = {}) => {
      const arranged = arrangeFormErrors(fields, items, own, fieldOf);
      setState(arranged);
      if (arranged.summary.length > 0) setFocusRequest((count) => count + 1);
    },
    [fields, fieldOf],
  );

  /** A failed request: the server's error items, or one item for a failure that is not an answer. */
  const showFailure = useCallback((error: unknown) => show(errorItemsOf(error)), [show]);

  const clear = useCallback(() => setState({ errors: {}, summary: [] }), []);

  const [saving, setSaving] = useState(false);
  const sending = useRef(false);
  /**
   * Sends the form's write: clears its errors, marks it `saving` (a second press meanwhile does
   * nothing), and shows a failure on the form. True when the write went.
   */
  const send = useCallback(
    async (write: () => Promise<unknown>): Promise<boolean> => {
      if (sending.current) return false;
      sending.current = true;
      clear();
      setSaving(true);
      try {
        await write();
        return true;
      } catch (error) {
        showFailure(error);
        return false;
      } finally {
        sending.current = false;
        setSaving(false);
      }
    },
    [clear, showFailure],
  );

  /** The message(s) to pass to a field's `error`. */
  const errorOf = (field: Field): string | undefined => state.errors[field]?.join(' ');

  return { errors: state.errors, errorOf, show, showFailure, clear, send, saving, summary: state.summary, summaryRef };
}

export type FormErrorsOptions<Field extends string> = {
  /**
   * The form's field an item's `param` names, where the form's fields are not the request's
   * (`changes.consent.at` → `consentAt`); stable (a module's function). By default the param's
   * first part, when it is one of the fields.
   */
  fieldOf?: (param: string, fields: readonly Field[]) => Field | undefined;
};

export function firstPartOf<Field extends string>(param: string, fields: readonly Field[]): Field | undefined {
  return fields.find((name) => name === param.split('.')[0]);
}

/**
 * Each item's sentence on its field (and in the summary), then the form's own messages; the
 * summary in the form's order, problems of no field first.
 */
export function arrangeFormErrors<Field extends string>(
  fields: readonly Field[],
  items: readonly ApiErrorItem[],
  own: Readonly<Partial<Record<string, string[]>>>,
  fieldOf: NonNullable<FormErrorsOptions<Field>['fieldOf']>,
) {
  const errors: FieldErrors<Field> = {};
  const summary: SummaryItem[] = [];
  const add = (field: Field | undefined, message: string) => {
    if (field) {
      const list = errors[field] ?? [];
      if (!list.includes(message)) list.push(message);
      errors[field] = list;
    }
    if (!summary.some((item) => item.message === message && item.field === field)) summary.push({ message, field });
  };
  for (const item of items) {
    const field = item.param ? fieldOf(item.param, fields) : undefined;
    add(field, errorMessage(item, { withField: !field }));
  }
  for (const field of fields) for (const message of own[field] ?? []) add(field, message);
  const place = (item: SummaryItem) => (item.field === undefined ? -1 : fields.indexOf(item.field as Field));
  summary.sort((a, b) => place(a) - place(b));
  return { errors, summary };
}

type FormErrorsState = Pick<ReturnType<typeof useFormErrors<string>>, 'summary' | 'summaryRef'>;

/**
 * The list of problems above a form: focused when shown, each item a link to its field. Placed
 * inside the `<form>`, so a link finds its field by name there.
 */
export function ErrorSummary({ state, title }: { state: FormErrorsState; title?: string }) {
  const { summary, summaryRef } = state;
  if (summary.length === 0) return null;
  return (
    <div ref={summaryRef} className="error-summary" role="alert" tabIndex={-1}>
      <p className="error-summary__title">{title ?? translate('error.summary', { count: summary.length })}</p>
      <ul className="error-summary__list">
        {summary.map((item) => (
          <li key={`${item.field ?? ''}:${item.message}`}>
            {item.field ? (
              <a
                href={`#${item.field}`}
                onClick={(event) => {
                  event.preventDefault();
                  event.currentTarget.closest('form')?.querySelector<HTMLElement>(`[name="${item.field}"]`)?.focus();
                }}
              >
                {fieldSentence(item.field, item.message)}
              </a>
            ) : (
              item.message
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** "Title: Please fill this in." in the summary, where the field is not beside the message. */
function fieldSentence(field: string, message: string): string {
  const label = fieldLabel(field);
  return label ? translate('error.onField', { field: label, message }) : message;
}
