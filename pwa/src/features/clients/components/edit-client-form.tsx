import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '../../../components/button';
import { useT } from '../../../i18n/use-t';
import { ApiRequestError } from '../../../lib/api-client';
import { clientKeys } from '../api/client-keys';
import { useUpdateClient, withRecord } from '../api/update-client';
import type { ClientChanges, ClientDetail, Conflict, ConflictBody } from '../api/types';
import { changesBetween, valuesOf, type ClientFormValues } from '../client-form-values';
import { ClientFields } from './client-fields';
import { ConflictResolver } from './conflict-resolver';
import { fieldErrorsOf, formErrorsOf } from './error-text';
import { FormProblems, focusFirstProblem } from './form-problems';

type EditClientFormProps = {
  client: ClientDetail;
  onDone: (message: string) => void;
  onCancel: () => void;
  /**
   * With the device's copy unlocked, the edit goes to the outbox instead (saved here, sent when
   * there is signal); a clash then comes back later and shows on the client page.
   */
  queue?: (baseVersion: number, changes: ClientChanges) => Promise<void>;
};
type Clash = { base: ClientDetail; pending: ClientChanges; conflicts: Conflict[] };

function conflictOf(error: unknown): ConflictBody | null {
  if (!(error instanceof ApiRequestError) || error.status !== 409) return null;
  const body = error.body as Partial<ConflictBody> | undefined;
  return body && Array.isArray(body.conflicts) && body.record ? (body as ConflictBody) : null;
}

/**
 * Edits a record on the version it was opened at, sending only the changed fields. When someone
 * else changed one of them meanwhile the server answers 409: the kaimahi sees both values and
 * chooses, and the choice is sent on the new version. Nothing typed is lost without a choice.
 */
export function EditClientForm({ client, onDone, onCancel, queue }: EditClientFormProps) {
  const t = useT();
  const queryClient = useQueryClient();
  const update = useUpdateClient();
  const [base, setBase] = useState(client);
  const [values, setValues] = useState<ClientFormValues>(() => valuesOf(client));
  const [clash, setClash] = useState<Clash | null>(null);
  const [error, setError] = useState<unknown>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => headingRef.current?.focus(), []);
  useEffect(() => {
    if (error) focusFirstProblem(formRef.current);
  }, [error]);

  async function send(baseRecord: ClientDetail, changes: ClientChanges) {
    setError(null);
    if (Object.keys(changes).length === 0) {
      onDone(t('clients.edit.nothingChanged'));
      return;
    }
    try {
      if (queue) {
        await queue(baseRecord.version, changes);
        onDone(t('clients.offline.editSaved'));
        return;
      }
      await update.mutateAsync({ id: baseRecord._id, baseVersion: baseRecord.version, changes });
      onDone(t('clients.edit.saved'));
    } catch (failure) {
      const conflict = conflictOf(failure);
      if (conflict) {
        // The server's record now: shown on the page, and the base of the next attempt.
        const now = withRecord(queryClient.getQueryData<ClientDetail>(clientKeys.detail(baseRecord._id)), conflict.record) ?? {
          ...baseRecord,
          ...conflict.record,
        };
        queryClient.setQueryData(clientKeys.detail(baseRecord._id), now);
        setClash({ base: now, pending: changes, conflicts: conflict.conflicts });
        setBase(now);
      } else setError(failure);
    }
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (update.isPending) return;
    void send(base, changesBetween(base, values));
  }

  if (clash) {
    return (
      <ConflictResolver
        key={clash.base.version}
        conflicts={clash.conflicts}
        pending={clash.pending}
        saving={update.isPending}
        error={error}
        onResolve={(changes) => {
          setClash(null);
          void send(clash.base, changes);
        }}
        onDiscard={() => {
          setClash(null);
          onDone(t('clients.conflict.discarded'));
        }}
      />
    );
  }

  return (
    <section className="clients-card" aria-labelledby="edit-client-heading">
      <h2 id="edit-client-heading" ref={headingRef} tabIndex={-1}>
        {t('clients.edit.title')}
      </h2>
      <form ref={formRef} noValidate onSubmit={handleSubmit} className="client-form">
        <FormProblems messages={formErrorsOf(error)} />
        <ClientFields
          values={values}
          errors={fieldErrorsOf(error)}
          disabled={update.isPending}
          onChange={(field, value) => setValues((current) => ({ ...current, [field]: value }))}
        />
        <div className="client-form__actions">
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? t('clients.saving') : t('clients.edit.save')}
          </Button>
          <Button variant="ghost" onClick={onCancel}>
            {t('clients.cancel')}
          </Button>
        </div>
      </form>
    </section>
  );
}
