import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { enrolmentStatuses, type EnrolmentStatus } from '@contract/enrolments';
import { SelectField } from '../../../components/select-field';
import { Spinner } from '../../../components/spinner';
import { useT } from '../../../i18n/use-t';
import { formatNumber } from '../../../i18n/i18n';
import { staffPaths } from '../../../lib/staff-paths';
import { useEnrolments } from '../api/list-enrolments';
import type { StaffEnrolment } from '../api/types';
import type { StaffItem } from '../offline/staff-items';
import { queueNewClient } from '../offline/staff-writes';
import { CreateClientForm } from './create-client-form';
import { EnrolmentCard } from './enrolment-card';
import { LinkClientPanel } from './link-client-panel';
import { LoadProblem } from './load-problem';
import { Pager } from '../../../components/pager';
import { pagerWords, services, statusKey } from './labels';

const pageSize = 20;
type Mode = { kind: 'list' } | { kind: 'create' | 'link'; enrolment: StaffEnrolment };

/**
 * Enrolments of the kaimahi's services, newest first: new ones by default. What the kaimahi did
 * here and the outbox has not sent yet (`items`) shows on its card at once. With no signal the
 * list stays as last loaded.
 */
export function EnrolmentsInbox({ items }: { items: readonly StaffItem[] }) {
  const t = useT();
  const navigate = useNavigate();
  const [status, setStatus] = useState<EnrolmentStatus | ''>('new');
  const [service, setService] = useState('');
  const [page, setPage] = useState(1);
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const enrolments = useEnrolments({ status: status || undefined, service: service || undefined, page, pageSize });

  if (mode.kind === 'create') {
    return (
      <CreateClientForm
        enrolment={mode.enrolment}
        queue={queueNewClient}
        // The client route reads `fromEnrolment` to offer starting or joining a whānau (issue 20).
        onQueued={(clientId) => void navigate(staffPaths.client(clientId), { state: { fromEnrolment: true } })}
        onCancel={() => setMode({ kind: 'list' })}
      />
    );
  }
  if (mode.kind === 'link') {
    return (
      <LinkClientPanel
        enrolment={mode.enrolment}
        onLinked={(clientId) => void navigate(staffPaths.client(clientId))}
        onCancel={() => setMode({ kind: 'list' })}
      />
    );
  }

  return (
    <section aria-labelledby="inbox-heading" className="clients-section">
      <h2 id="inbox-heading" className="visually-hidden">
        {t('clients.tab.inbox')}
      </h2>
      <div className="clients-filters">
        <SelectField
          label={t('clients.filter.status')}
          name="inbox-status"
          value={status}
          onChange={(event) => {
            setStatus(event.currentTarget.value as EnrolmentStatus | '');
            setPage(1);
          }}
        >
          <option value="">{t('clients.filter.anyStatus')}</option>
          {enrolmentStatuses.map((value) => (
            <option key={value} value={value}>
              {t(statusKey[value])}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('clients.filter.service')}
          name="inbox-service"
          value={service}
          onChange={(event) => {
            setService(event.currentTarget.value);
            setPage(1);
          }}
        >
          <option value="">{t('clients.filter.anyService')}</option>
          {services.map((entry) => (
            <option key={entry.key} value={entry.key}>
              {entry.title}
            </option>
          ))}
        </SelectField>
      </div>
      {enrolments.isPending ? (
        <Spinner />
      ) : !enrolments.data ? (
        <LoadProblem error={enrolments.error} onRetry={() => void enrolments.refetch()} />
      ) : (
        <>
          <p className="clients-count" aria-live="polite">
            {t('clients.inbox.count', { count: enrolments.data.total, shown: formatNumber(enrolments.data.total) })}
          </p>
          {enrolments.data.items.length === 0 ? (
            <p className="clients-empty">{t('clients.inbox.empty')}</p>
          ) : (
            <ul className="enrolment-list">
              {enrolments.data.items.map((enrolment) => (
                <li key={enrolment._id}>
                  <EnrolmentCard
                    enrolment={enrolment}
                    items={items}
                    onCreate={() => setMode({ kind: 'create', enrolment })}
                    onLink={() => setMode({ kind: 'link', enrolment })}
                  />
                </li>
              ))}
            </ul>
          )}
          <Pager page={page} pageSize={pageSize} total={enrolments.data.total} onPage={setPage} label={t('clients.inbox.pages')} words={pagerWords} />
        </>
      )}
    </section>
  );
}
