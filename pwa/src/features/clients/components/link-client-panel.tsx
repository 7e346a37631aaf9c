import { useEffect, useRef, useState } from 'react';
import type { DuplicateCandidate } from '@contract/clients';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { TextField } from '../../../components/text-field';
import { formatDate } from '../../../i18n/i18n';
import { useT } from '../../../i18n/use-t';
import { useEnrolmentDuplicates } from '../api/get-duplicates';
import { useClients } from '../api/list-clients';
import { useUpdateEnrolment } from '../api/update-enrolment';
import type { StaffEnrolment } from '../api/types';
import { clientName } from '../client-form-values';
import { useDebounced } from '../use-debounced';
import { reasonKey } from './duplicate-reasons';
import { errorText } from './error-text';

type LinkClientPanelProps = { enrolment: StaffEnrolment; onLinked: (clientId: string) => void; onCancel: () => void };

/**
 * Links an enrolment to a client already on record: the likely duplicates the server finds
 * (same date of birth and a similar name, or the same phone or email) first, or a search.
 */
export function LinkClientPanel({ enrolment, onLinked, onCancel }: LinkClientPanelProps) {
  const t = useT();
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 300);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const update = useUpdateEnrolment();
  const likely = useEnrolmentDuplicates(enrolment._id);
  const searched = useClients({ q, pageSize: 10 }, q !== '');
  const name = `${enrolment.givenName} ${enrolment.familyName}`;
  const matches: DuplicateCandidate[] = q
    ? (searched.data?.items ?? []).map((client) => ({ client, reasons: likely.data?.find((candidate) => candidate.client._id === client._id)?.reasons ?? [] }))
    : (likely.data ?? []);
  const loading = q ? searched.isPending : likely.isPending;
  const failure = q ? searched.error : likely.error;

  useEffect(() => headingRef.current?.focus(), []);

  async function link(clientId: string) {
    try {
      await update.mutateAsync({ enrolment, changes: { clientId } });
      onLinked(clientId);
    } catch {
      // Shown below.
    }
  }

  return (
    <section className="clients-card" aria-labelledby="link-client-heading">
      <h2 id="link-client-heading" ref={headingRef} tabIndex={-1}>
        {t('clients.link.title', { name })}
      </h2>
      <TextField
        label={t('clients.link.search')}
        hint={t('clients.searchHint')}
        name="link-search"
        type="search"
        autoComplete="off"
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      {loading ? (
        <Spinner />
      ) : failure ? (
        <p className="clients-error" role="alert">
          {errorText(failure)}
        </p>
      ) : matches.length === 0 ? (
        <p className="clients-muted">{t('clients.link.none')}</p>
      ) : (
        <ul className="link-matches" aria-label={q ? t('clients.link.results') : t('clients.link.matches')}>
          {matches.map(({ client, reasons }) => (
            <li key={client._id} className="link-matches__item">
              <div>
                <p className="link-matches__name">{clientName(client)}</p>
                <p className="clients-muted">
                  {[client.dateOfBirth ? formatDate(`${client.dateOfBirth}T12:00:00Z`) : null, client.phone, client.email, client.suburb]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
                {reasons.map((reason) => (
                  <p key={reason} className="likely-chip">
                    {t(reasonKey[reason])}
                  </p>
                ))}
              </div>
              <Button
                size="sm"
                disabled={update.isPending}
                onClick={() => void link(client._id)}
                aria-label={t('clients.actionFor', { action: t('clients.link.choose'), name: clientName(client) })}
              >
                {t('clients.link.choose')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {update.isError && (
        <p className="clients-error" role="alert">
          {errorText(update.error)}
        </p>
      )}
      <Button variant="ghost" onClick={onCancel}>
        {t('clients.cancel')}
      </Button>
    </section>
  );
}
