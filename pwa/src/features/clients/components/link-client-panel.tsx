import { useEffect, useRef, useState } from 'react';
import type { DuplicateCandidate } from '@contract/clients';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { TextField } from '../../../components/text-field';
import { formatDate } from '../../../i18n/i18n';
import { useT } from '../../../i18n/use-t';
import { useEnrolmentDuplicates } from '../api/get-duplicates';
import { useClients } from '../api/list-clients';
import type { StaffEnrolment } from '../api/types';
import { clientName } from '../client-form-values';
import { queueEnrolmentChange } from '../offline/staff-writes';
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
  const [linking, setLinking] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const likely = useEnrolmentDuplicates(enrolment._id);
  const searched = useClients({ q, pageSize: 10 }, q !== '');
  const name = `${enrolment.givenName} ${enrolment.familyName}`;
  const matches: DuplicateCandidate[] = q
    ? (searched.data?.items ?? []).map((client) => ({ client, reasons: likely.data?.find((candidate) => candidate.client._id === client._id)?.reasons ?? [] }))
    : (likely.data ?? []);
  const loading = q ? searched.isPending : likely.isPending;
  const loadFailure = q ? searched.error : likely.error;

  useEffect(() => headingRef.current?.focus(), []);

  /** Saved on this device and sent by the outbox; the client's page shows the enrolment once the server has linked it. */
  async function link(clientId: string) {
    setLinking(true);
    setFailure(null);
    try {
      await queueEnrolmentChange(enrolment, { clientId });
      onLinked(clientId);
    } catch (error) {
      setFailure(error);
      setLinking(false);
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
      ) : loadFailure ? (
        <p className="clients-error" role="alert">
          {errorText(loadFailure)}
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
                disabled={linking}
                onClick={() => void link(client._id)}
                aria-label={t('clients.actionFor', { action: t('clients.link.choose'), name: clientName(client) })}
              >
                {t('clients.link.choose')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {failure !== null && (
        <p className="clients-error" role="alert">
          {errorText(failure)}
        </p>
      )}
      <Button variant="ghost" onClick={onCancel}>
        {t('clients.cancel')}
      </Button>
    </section>
  );
}
