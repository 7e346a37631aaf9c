import { useEffect, useRef, useState } from 'react';
import { useQueries } from '@tanstack/react-query';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { TextField } from '../../../components/text-field';
import { formatDate } from '../../../i18n/i18n';
import { useT } from '../../../i18n/use-t';
import { clientsQuery } from '../api/list-clients';
import { useUpdateEnrolment } from '../api/update-enrolment';
import type { StaffEnrolment } from '../api/types';
import { clientName } from '../client-form-values';
import { rankMatches, searchesFor } from '../likely-matches';
import { useDebounced } from '../use-debounced';
import { errorText } from './error-text';

type LinkClientPanelProps = { enrolment: StaffEnrolment; onLinked: (clientId: string) => void; onCancel: () => void };

/** Links an enrolment to a client already on record: likely duplicates first, or search for them. */
export function LinkClientPanel({ enrolment, onLinked, onCancel }: LinkClientPanelProps) {
  const t = useT();
  const [search, setSearch] = useState('');
  const query = useDebounced(search.trim(), 300);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const update = useUpdateEnrolment();
  const terms = query ? [query] : searchesFor(enrolment);
  const results = useQueries({ queries: terms.map((q) => ({ ...clientsQuery({ q, pageSize: 10 }), placeholderData: undefined })) });
  const loading = results.some((result) => result.isPending);
  const matches = rankMatches(
    enrolment,
    results.flatMap((result) => result.data?.items ?? []),
  );
  const name = `${enrolment.givenName} ${enrolment.familyName}`;

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
      ) : matches.length === 0 ? (
        <p className="clients-muted">{t('clients.link.none')}</p>
      ) : (
        <ul className="link-matches" aria-label={t('clients.link.matches')}>
          {matches.map(({ client, reason }) => (
            <li key={client._id} className="link-matches__item">
              <div>
                <p className="link-matches__name">{clientName(client)}</p>
                <p className="clients-muted">
                  {[client.dateOfBirth ? formatDate(`${client.dateOfBirth}T12:00:00Z`) : null, client.phone, client.email, client.suburb].filter(Boolean).join(' · ')}
                </p>
                {reason && <p className="likely-chip">{t(`clients.link.likely.${reason}`)}</p>}
              </div>
              <Button size="sm" disabled={update.isPending} onClick={() => void link(client._id)} aria-label={t('clients.link.chooseFor', { name: clientName(client) })}>
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
