import { useRef } from 'react';
import { useT } from '../../../i18n/use-t';
import type { CreateClientInput, StaffEnrolment } from '../api/types';
import { createInput, emptyValues, valuesFromEnrolment } from '../client-form-values';
import { ClientFormCard } from './client-form-card';

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
  return (
    <ClientFormCard
      id="create-client-heading"
      title={t('clients.create.title')}
      lead={
        enrolment && (
          <p className="clients-muted">
            {t('clients.create.fromEnrolment', { name: `${enrolment.givenName} ${enrolment.familyName}`, reference: enrolment.reference })}
          </p>
        )
      }
      initial={() => (enrolment ? valuesFromEnrolment(enrolment) : emptyValues())}
      submitLabel={t('clients.create.save')}
      onCancel={onCancel}
      onSave={async (values, send) => {
        if (queued.current) return;
        queued.current = true;
        if (!(await send(async () => onQueued(await queue(createInput(values, undefined, enrolment), enrolment?._id))))) queued.current = false;
      }}
    />
  );
}
