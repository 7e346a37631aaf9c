import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '../../../components/button';
import { ErrorSummary, useFormErrors } from '../../../components/form-errors';
import { useT } from '../../../i18n/use-t';
import { clientFieldOf, clientFormFields, type ClientFormValues } from '../client-form-values';
import { ClientFields } from './client-fields';

type ClientFormCardProps = {
  /** The heading's id (the card is labelled by it). */
  id: string;
  title: string;
  /** A line under the heading (where the record comes from). */
  lead?: ReactNode;
  initial: () => ClientFormValues;
  submitLabel: string;
  onCancel: () => void;
  /** Saves the values, sending through `send` (which shows a failure on the form), or leaves the form. */
  onSave: (values: ClientFormValues, send: (write: () => Promise<unknown>) => Promise<boolean>) => Promise<void>;
};

/** A client record's form in its card, a new one or an edit: the heading takes focus when it opens. */
export function ClientFormCard({ id, title, lead, initial, submitLabel, onCancel, onSave }: ClientFormCardProps) {
  const t = useT();
  const [values, setValues] = useState<ClientFormValues>(initial);
  const errors = useFormErrors(clientFormFields, [], { fieldOf: clientFieldOf });
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => headingRef.current?.focus(), []);

  return (
    <section className="clients-card" aria-labelledby={id}>
      <h2 id={id} ref={headingRef} tabIndex={-1}>
        {title}
      </h2>
      {lead}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void onSave(values, errors.send);
        }}
        className="client-form"
      >
        <ErrorSummary state={errors} />
        <ClientFields
          values={values}
          errorOf={errors.errorOf}
          disabled={errors.saving}
          onChange={(field, value) => setValues((current) => ({ ...current, [field]: value }))}
        />
        <div className="client-form__actions">
          <Button type="submit" disabled={errors.saving}>
            {errors.saving ? t('clients.saving') : submitLabel}
          </Button>
          <Button variant="ghost" onClick={onCancel}>
            {t('clients.cancel')}
          </Button>
        </div>
      </form>
    </section>
  );
}
