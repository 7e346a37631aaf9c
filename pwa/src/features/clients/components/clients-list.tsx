import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { enrolmentStatuses, type EnrolmentStatus } from '@contract/enrolments';
import { SelectField } from '../../../components/select-field';
import { Spinner } from '../../../components/spinner';
import { TextField } from '../../../components/text-field';
import { formatDate, formatNumber } from '../../../i18n/i18n';
import { useT } from '../../../i18n/use-t';
import { staffPaths } from '../../../lib/staff-paths';
import { useOnline } from '../../../lib/use-online';
import { useClients } from '../api/list-clients';
import type { Client } from '../api/types';
import { clientName } from '../client-form-values';
import { isCaseloadLoaded, searchCaseload } from '../offline/caseload-copy';
import { useCaseloadRevision } from '../offline/use-caseload';
import { newClientRecord, type StaffItem } from '../offline/staff-items';
import { useDebounced } from '../use-debounced';
import { LoadProblem } from './load-problem';
import { Pager } from '../../../components/pager';
import { pagerWords, services, statusKey } from './labels';

const pageSize = 20;
const isStatus = (value: string | null): value is EnrolmentStatus => enrolmentStatuses.includes(value as EnrolmentStatus);
const birthDate = (value: string | null) => (value ? formatDate(`${value}T12:00:00Z`) : '');

/** New clients saved on this device and not yet on the server, shaped like records for the list. */
function waitingNewClients(items: readonly StaffItem[]): Client[] {
  return items.flatMap((item) =>
    item.change?.kind === 'client.create' && item.status !== 'synced' ? [newClientRecord(item.entityId, item.createdAt, item.change.fields)] : [],
  );
}

/**
 * The clients the kaimahi may see: search as you type (the server matches names, phone and
 * email ignoring case and macrons), filters by service and enrolment status, a page at a time.
 * The query lives in the address, so Back and a shared link bring the same list. With no signal
 * and an unlocked copy on this device, the same search runs on the copy, in memory.
 */
export function ClientsList({ userId, items }: { userId: string | null; items: readonly StaffItem[] }) {
  const t = useT();
  const online = useOnline();
  useCaseloadRevision();
  const fromDevice = !online && userId !== null && isCaseloadLoaded(userId);
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('q') ?? '');
  const q = useDebounced(search.trim(), 300);
  const service = params.get('service') ?? '';
  const statusParam = params.get('status');
  const status = isStatus(statusParam) ? statusParam : '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const clients = useClients({ q: q || undefined, service: service || undefined, status: status || undefined, page, pageSize }, !fromDevice);
  // Searched as the person types (no pause needed: the copy is in memory).
  const local = fromDevice
    ? [...waitingNewClients(items), ...searchCaseload({ q: search.trim() || undefined, service: service || undefined, status: status || undefined })]
    : null;
  const data = local ? { items: local.slice((page - 1) * pageSize, page * pageSize), total: local.length } : clients.data;

  const update = useCallback(
    (changes: Record<string, string>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(changes)) {
            if (value) next.set(name, value);
            else next.delete(name);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  // A new search starts at its first page.
  useEffect(() => {
    // Read from the address as it is now (not this render's), so Back still restores an older search.
    setParams(
      (current) => {
        if ((current.get('q') ?? '') === q) return current;
        const next = new URLSearchParams(current);
        if (q) next.set('q', q);
        else next.delete('q');
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  }, [q, setParams]);

  return (
    <section aria-labelledby="clients-heading" className="clients-section">
      <h2 id="clients-heading" className="visually-hidden">
        {t('clients.tab.clients')}
      </h2>
      <div role="search" className="clients-filters clients-filters--search">
        <TextField
          label={t('clients.search')}
          hint={t('clients.searchHint')}
          name="q"
          type="search"
          autoComplete="off"
          value={search}
          className="clients-filters__search"
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        <SelectField
          label={t('clients.filter.service')}
          name="service"
          value={service}
          onChange={(event) => update({ service: event.currentTarget.value, page: '' })}
        >
          <option value="">{t('clients.filter.anyService')}</option>
          {services.map((entry) => (
            <option key={entry.key} value={entry.key}>
              {entry.title}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('clients.filter.status')}
          name="status"
          value={status}
          onChange={(event) => update({ status: event.currentTarget.value, page: '' })}
        >
          <option value="">{t('clients.filter.anyStatus')}</option>
          {enrolmentStatuses.map((value) => (
            <option key={value} value={value}>
              {t(statusKey[value])}
            </option>
          ))}
        </SelectField>
      </div>
      {local && <p className="clients-card clients-card--notice">{t('clients.offline.list', { count: local.length, shown: formatNumber(local.length) })}</p>}
      {!data && clients.isPending ? (
        <Spinner />
      ) : !data ? (
        <LoadProblem error={clients.error} onRetry={() => void clients.refetch()} />
      ) : (
        <>
          <p className="clients-count" aria-live="polite">
            {t('clients.results', { count: data.total, shown: formatNumber(data.total) })}
          </p>
          {data.items.length === 0 ? (
            <p className="clients-empty">{t('clients.none')}</p>
          ) : (
            <>
              <ul className="client-cards">
                {data.items.map((client) => (
                  <li key={client._id} className="client-card">
                    <Link to={staffPaths.client(client._id)} className="client-card__name">
                      {clientName(client)}
                    </Link>
                    <p className="clients-muted">{[birthDate(client.dateOfBirth), client.suburb].filter(Boolean).join(' · ')}</p>
                    <p className="clients-muted clients-break">{[client.phone, client.email].filter(Boolean).join(' · ')}</p>
                  </li>
                ))}
              </ul>
              <div className="client-table-wrap">
                <table className="client-table">
                  <caption className="visually-hidden">{t('clients.tab.clients')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('clients.col.name')}</th>
                      <th scope="col">{t('clients.field.dateOfBirth')}</th>
                      <th scope="col">{t('clients.field.phone')}</th>
                      <th scope="col">{t('clients.field.email')}</th>
                      <th scope="col">{t('clients.field.suburb')}</th>
                      <th scope="col">{t('clients.col.updated')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.items.map((client) => (
                      <tr key={client._id}>
                        <th scope="row">
                          <Link to={staffPaths.client(client._id)}>{clientName(client)}</Link>
                        </th>
                        <td>{birthDate(client.dateOfBirth)}</td>
                        <td>{client.phone}</td>
                        <td className="clients-break">{client.email}</td>
                        <td>{client.suburb}</td>
                        <td>{formatDate(client.updatedAt)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )}
          <Pager
            page={page}
            pageSize={pageSize}
            total={data.total}
            onPage={(next) => update({ page: next > 1 ? String(next) : '' })}
            label={t('clients.pages')}
            words={pagerWords}
          />
        </>
      )}
    </section>
  );
}
