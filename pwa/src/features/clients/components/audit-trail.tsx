import { useState } from 'react';
import { Spinner } from '../../../components/spinner';
import { formatDate } from '../../../i18n/i18n';
import { useT } from '../../../i18n/use-t';
import { useWrittenTime } from '../../../components/written-time';
import { auditPageSize, useClientAudit } from '../api/get-client-audit';
import { LoadProblem } from './load-problem';
import { Pager } from '../../../components/pager';
import { auditActionKey, fieldLabelKey, pagerWords } from './labels';

/** The record's audit trail for managers, newest first. Read-only: nothing here edits or deletes it. */
export function AuditTrail({ clientId }: { clientId: string }) {
  const t = useT();
  const writtenTime = useWrittenTime();
  const [page, setPage] = useState(1);
  const audit = useClientAudit(clientId, page);
  const fieldName = (field: string) => {
    const key = fieldLabelKey[field as keyof typeof fieldLabelKey];
    return key ? t(key) : field;
  };
  return (
    <section className="clients-card" aria-labelledby="audit-heading">
      <h2 id="audit-heading">{t('clients.audit.title')}</h2>
      <p className="clients-muted">{t('clients.audit.lead')}</p>
      {audit.isPending ? (
        <Spinner />
      ) : audit.isError ? (
        <LoadProblem error={audit.error} onRetry={() => void audit.refetch()} />
      ) : audit.data.items.length === 0 ? (
        <p className="clients-empty">{t('clients.audit.none')}</p>
      ) : (
        <>
          <ol className="audit-list">
            {audit.data.items.map((event) => (
              <li key={event._id} className="audit-list__item">
                <p className="audit-list__what">
                  <span className="audit-list__action">{auditActionKey[event.action] ? t(auditActionKey[event.action]) : event.action}</span>
                  {' · '}
                  {event.actorName ?? t('clients.audit.system')}
                </p>
                <p className="clients-muted">
                  <time dateTime={event.at}>
                    {/* A change made on a device with no signal: when it was made, and when the server received it. */}
                    {event.details?.writtenAt
                      ? writtenTime({ createdAt: event.at, writtenAt: event.details.writtenAt })
                      : formatDate(event.at, { dateStyle: 'medium', timeStyle: 'medium' })}
                  </time>
                </p>
                {event.fields && event.fields.length > 0 && (
                  <p className="clients-muted">{t('clients.audit.fields', { fields: event.fields.map(fieldName).join(', ') })}</p>
                )}
              </li>
            ))}
          </ol>
          <Pager page={page} pageSize={auditPageSize} total={audit.data.total} onPage={setPage} label={t('clients.audit.pages')} words={pagerWords} />
        </>
      )}
    </section>
  );
}
