import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { ErrorSummary, useFormErrors } from '../../../components/form-errors';
import { useT } from '../../../i18n/use-t';
import type { ClientChanges, ClientDetail } from '../api/types';
import { changesBetween, clientFieldOf, clientFormFields, valuesOf, type ClientFormValues } from '../client-form-values';
import { ClientFields } from './client-fields';

type EditClientFormProps = {
  client: ClientDetail;
  /** Called once the edit is saved on this device (with its item's id), or with null when nothing changed. */
  onDone: (itemId: string | null) => void;
  onCancel: () => void;
  /** Saves the edit on this device; the outbox sends it now or when there is signal. */
  queue: (baseVersion: number, changes: ClientChanges) => Promise<string>;
};

/**
 * Edits a record on the version it was opened at, keeping only the changed fields. The edit is
 * saved on this device first and sent by the outbox; if someone else changed one of the same
 * fields meanwhile, the clash comes back and the client page shows both values to choose from.
 */
export function EditClientForm({ client, onDone, onCancel, queue }: EditClientFormProps) {
  const t = useT();
  const [values, setValues] = useState<ClientFormValues>(() => valuesOf(client));
  const errors = useFormErrors(clientFormFields, [], { fieldOf: clientFieldOf });
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => headingRef.current?.focus(), []);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const changes = changesBetween(client, values);
    if (Object.keys(changes).length === 0) {
      onDone(null);
      return;
    }
    await errors.send(async () => onDone(await queue(client.version, changes)));
  }

  return (
    <section className="clients-card" aria-labelledby="edit-client-heading">
      <h2 id="edit-client-heading" ref={headingRef} tabIndex={-1}>
        {t('clients.edit.title')}
      </h2>
      <form noValidate onSubmit={(event) => void handleSubmit(event)} className="client-form">
        <ErrorSummary state={errors} />
        <ClientFields
          values={values}
          errorOf={errors.errorOf}
          disabled={errors.saving}
          onChange={(field, value) => setValues((current) => ({ ...current, [field]: value }))}
        />
        <div className="client-form__actions">
          <Button type="submit" disabled={errors.saving}>
            {errors.saving ? t('clients.saving') : t('clients.edit.save')}
          </Button>
          <Button variant="ghost" onClick={onCancel}>
            {t('clients.cancel')}
          </Button>
        </div>
      </form>
    </section>
  );
}
