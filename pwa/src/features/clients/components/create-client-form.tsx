import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { ErrorSummary, useFormErrors } from '../../../components/form-errors';
import { useT } from '../../../i18n/use-t';
import type { CreateClientInput, StaffEnrolment } from '../api/types';
import { clientFieldOf, clientFormFields, createInput, emptyValues, valuesFromEnrolment, type ClientFormValues } from '../client-form-values';
import { ClientFields } from './client-fields';

type CreateClientFormProps = {
  /** Prefills the form and links the new client to this enrolment (when the server has it). */
  enrolment?: StaffEnrolment;
  onCancel: () => void;
  /** Saves the new client on this device for the outbox to send, from the enrolment when given; resolves with its id. */
  queue: (input: CreateClientInput, fromEnrolment?: string) => Promise<string>;
  onQueued: (id: string) => void;
};

/**
 * A new client record, blank or from an enrolment, saved on this device and sent by the outbox,
 * with signal or without: the outbox item's id is made before anything is sent, so it arrives once.
 */
export function CreateClientForm({ enrolment, onCancel, queue, onQueued }: CreateClientFormProps) {
  const t = useT();
  // Set at once, so a second press before the next render queues nothing.
  const queued = useRef(false);
  const [values, setValues] = useState<ClientFormValues>(() => (enrolment ? valuesFromEnrolment(enrolment) : emptyValues()));
  const headingRef = useRef<HTMLHeadingElement>(null);
  const errors = useFormErrors(clientFormFields, [], { fieldOf: clientFieldOf });

  useEffect(() => headingRef.current?.focus(), []);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (queued.current) return;
    queued.current = true;
    const sent = await errors.send(async () => onQueued(await queue(createInput(values, undefined, enrolment), enrolment?._id)));
    if (!sent) queued.current = false;
  }

  return (
    <section className="clients-card" aria-labelledby="create-client-heading">
      <h2 id="create-client-heading" ref={headingRef} tabIndex={-1}>
        {t('clients.create.title')}
      </h2>
      {enrolment && (
        <p className="clients-muted">
          {t('clients.create.fromEnrolment', { name: `${enrolment.givenName} ${enrolment.familyName}`, reference: enrolment.reference })}
        </p>
      )}
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
            {errors.saving ? t('clients.saving') : t('clients.create.save')}
          </Button>
          <Button variant="ghost" onClick={onCancel}>
            {t('clients.cancel')}
          </Button>
        </div>
      </form>
    </section>
  );
}
