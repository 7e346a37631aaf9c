import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { ErrorSummary, useFormErrors } from '../../../components/form-errors';
import { useT } from '../../../i18n/use-t';
import { useCreateClient } from '../api/create-client';
import type { ClientDetail, CreateClientInput, StaffEnrolment } from '../api/types';
import { clientFieldOf, clientFormFields, createInput, emptyValues, valuesFromEnrolment, type ClientFormValues } from '../client-form-values';
import { ClientFields } from './client-fields';

type CreateClientFormProps = {
  /** Prefills the form and links the new client to this enrolment. */
  enrolment?: StaffEnrolment;
  onCreated: (client: ClientDetail) => void;
  onCancel: () => void;
  /**
   * A new client (not from an enrolment) is saved on this device and sent by the outbox; resolves
   * with its id. From an enrolment it is made on the server, which links the two (the inbox is online).
   */
  queue?: (input: CreateClientInput) => Promise<string>;
  onQueued?: (id: string) => void;
};

/** A new client record, blank or from an enrolment. Its id is made once, so a resend makes one client. */
export function CreateClientForm({ enrolment, onCreated, onCancel, queue, onQueued }: CreateClientFormProps) {
  const t = useT();
  const createClient = useCreateClient();
  const [values, setValues] = useState<ClientFormValues>(() => (enrolment ? valuesFromEnrolment(enrolment) : emptyValues()));
  const [operationId] = useState(() => crypto.randomUUID());
  const headingRef = useRef<HTMLHeadingElement>(null);
  const errors = useFormErrors(clientFormFields, [], { fieldOf: clientFieldOf });

  useEffect(() => headingRef.current?.focus(), []);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (createClient.isPending) return;
    errors.clear();
    try {
      if (queue && !enrolment) onQueued?.(await queue(createInput(values, operationId)));
      else onCreated(await createClient.mutateAsync({ input: createInput(values, operationId, enrolment), fromEnrolment: enrolment?._id }));
    } catch (failure) {
      errors.showFailure(failure);
    }
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
          disabled={createClient.isPending}
          onChange={(field, value) => setValues((current) => ({ ...current, [field]: value }))}
        />
        <div className="client-form__actions">
          <Button type="submit" disabled={createClient.isPending}>
            {createClient.isPending ? t('clients.saving') : t('clients.create.save')}
          </Button>
          <Button variant="ghost" onClick={onCancel}>
            {t('clients.cancel')}
          </Button>
        </div>
      </form>
    </section>
  );
}
