import { useState, type FormEvent, type ReactNode } from 'react';
import type { ApiErrorItem } from '@contract/errors';
import { useAlerts } from '../../../components/alerts/alerts-context';
import { useShowErrors } from '../../../components/alerts/use-show-errors';
import { Button } from '../../../components/button';
import { ErrorSummary, useFormErrors } from '../../../components/form-errors';
import { TextArea } from '../../../components/text-area';
import { TextField } from '../../../components/text-field';
import { useT } from '../../../i18n/use-t';

/** One text field of an item; with `rows`, a text area. */
export type ItemTextField<Field extends string> = { name: Field; label: string; hint?: string; required?: boolean; rows?: number };

/** What the form found wrong before sending: the contract's items, and messages of its own by field. */
export type ItemProblems = { errors: readonly ApiErrorItem[]; own?: Partial<Record<string, string[]>> };

/** What the form's own extra part (a photo) gets to work with. */
export type ItemFormParts<Field extends string> = {
  values: Record<Field, string>;
  set: (field: Field) => (event: { currentTarget: { value: string } }) => void;
  errorOf: (field: string) => string | undefined;
  sending: boolean;
};

type OrderedItemFormProps<Field extends string> = {
  title: string;
  fields: readonly ItemTextField<NoInfer<Field>>[];
  initialValues: Record<Field, string>;
  /** Fields besides the text ones that can carry an error (a photo), in the form's order. */
  otherFields?: readonly string[];
  /** Problems before sending (the contract's schema, the form's own rules); null when there are none. */
  problems: (values: Record<Field, string>) => ItemProblems | null;
  /** Saves; resolves with the alert that says so. */
  send: (values: Record<Field, string>) => Promise<string>;
  sending: boolean;
  labels: { save: string; saving: string };
  onDone: () => void;
  /** Shown after the text fields (a photo, its description). */
  extra?: (parts: ItemFormParts<Field>) => ReactNode;
};

/**
 * Adds or edits one entry of a hand-ordered list (a team member, a former service): its text
 * fields, errors on each field and in the summary, save and cancel.
 */
export function OrderedItemForm<Field extends string>({
  title,
  fields,
  initialValues,
  otherFields = [],
  problems,
  send,
  sending,
  labels,
  onDone,
  extra,
}: OrderedItemFormProps<Field>) {
  const t = useT();
  const { setAlert } = useAlerts();
  const showErrors = useShowErrors();
  const [values, setValues] = useState(initialValues);
  const formErrors = useFormErrors<string>([...Object.keys(initialValues), ...otherFields]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (sending) return;
    const found = problems(values);
    if (found) {
      formErrors.show(found.errors, found.own);
      return;
    }
    formErrors.clear();
    try {
      setAlert(await send(values), 'success');
      onDone();
    } catch (error) {
      showErrors(error);
      formErrors.showFailure(error);
    }
  }

  const set = (field: Field) => (event: { currentTarget: { value: string } }) => {
    // Read the value now: React clears `currentTarget` once the event is handled.
    const { value } = event.currentTarget;
    setValues((current) => ({ ...current, [field]: value }));
  };

  return (
    <form className="manage-form" noValidate onSubmit={(event) => void handleSubmit(event)} aria-label={title}>
      <ErrorSummary state={formErrors} />
      <h3 className="manage-form__title">{title}</h3>
      {fields.map(({ name, label, hint, required, rows }) => {
        const props = { label, name, hint, required, value: values[name], error: formErrors.errorOf(name), readOnly: sending, onChange: set(name) };
        return rows ? <TextArea key={name} rows={rows} {...props} /> : <TextField key={name} {...props} />;
      })}
      {extra?.({ values, set, errorOf: formErrors.errorOf, sending })}
      <div className="manage-form__actions">
        <Button type="submit" variant="primary" aria-disabled={sending}>
          {sending ? labels.saving : labels.save}
        </Button>
        <Button variant="outline" onClick={onDone} disabled={sending}>
          {t('manage.cancel')}
        </Button>
      </div>
    </form>
  );
}
