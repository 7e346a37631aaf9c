import { useT } from '../../../i18n/use-t';
import type { ClientChanges, ClientDetail } from '../api/types';
import { changesBetween, valuesOf } from '../client-form-values';
import { ClientFormCard } from './client-form-card';

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
  return (
    <ClientFormCard
      id="edit-client-heading"
      title={t('clients.edit.title')}
      initial={() => valuesOf(client)}
      submitLabel={t('clients.edit.save')}
      onCancel={onCancel}
      onSave={async (values, send) => {
        const changes = changesBetween(client, values);
        if (Object.keys(changes).length === 0) onDone(null);
        else await send(async () => onDone(await queue(client.version, changes)));
      }}
    />
  );
}
