import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/button';
import { PageHeader } from '../../../components/page-header';
import { Spinner } from '../../../components/spinner';
import { formatDate, formatNumber } from '../../../i18n/i18n';
import { useT } from '../../../i18n/use-t';
import { ApiRequestError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { useClient } from '../api/get-client';
import { clientName } from '../client-form-values';
import { AuditTrail } from './audit-trail';
import { CaseNotes } from './case-notes';
import { ClientDetails } from './client-details';
import { ClientEnrolments } from './client-enrolments';
import { EditClientForm } from './edit-client-form';
import { ExportActions } from './export-actions';
import { LoadProblem } from './load-problem';
import { PossibleDuplicates } from './possible-duplicates';
import './clients.css';

/** /client/{id}: the record, its enrolments and case notes; for managers also its audit trail and export. */
export function ClientPage({ id, isManager }: { id: string; isManager: boolean }) {
  const t = useT();
  const client = useClient(id);
  const [editing, setEditing] = useState(false);
  const [message, setMessage] = useState('');
  const name = client.data ? clientName(client.data) : undefined;
  usePageTitle(name ?? t('clients.record.title'));

  useEffect(() => {
    if (!editing && message) document.getElementById('details-heading')?.focus();
  }, [editing, message]);

  if (client.isPending) {
    return (
      <>
        <PageHeader eyebrow={t('clients.staff')} title={t('clients.record.title')} />
        <div className="container page-body">
          <Spinner />
        </div>
      </>
    );
  }
  if (client.isError) {
    const missing = client.error instanceof ApiRequestError && client.error.status === 404;
    return (
      <>
        <PageHeader eyebrow={t('clients.staff')} title={t('clients.record.title')} />
        <div className="container page-body">
          {missing ? <p className="clients-empty">{t('clients.record.notFound')}</p> : <LoadProblem error={client.error} onRetry={() => void client.refetch()} />}
          <p>
            <Link to={paths.clients}>{t('clients.record.back')}</Link>
          </p>
        </div>
      </>
    );
  }

  const record = client.data;
  return (
    <>
      <PageHeader
        eyebrow={t('clients.record.title')}
        title={name}
        lead={t('clients.record.version', { version: formatNumber(record.version), date: formatDate(record.updatedAt, { dateStyle: 'medium', timeStyle: 'short' }) })}
      />
      <div className="container page-body client-page">
        <p className="client-page__back">
          <Link to={paths.clients}>{t('clients.record.back')}</Link>
        </p>
        <div className="client-page__grid">
          <div className="client-page__main">
            {editing ? (
              <EditClientForm
                client={record}
                onDone={(text) => {
                  setMessage(text);
                  setEditing(false);
                }}
                onCancel={() => setEditing(false)}
              />
            ) : (
              <section className="clients-card" aria-labelledby="details-heading">
                <div className="clients-card__head">
                  <h2 id="details-heading" tabIndex={-1}>
                    {t('clients.record.details')}
                  </h2>
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => {
                      setMessage('');
                      setEditing(true);
                    }}
                  >
                    {t('clients.edit.open')}
                  </Button>
                </div>
                <p className="clients-status" role="status">
                  {message}
                </p>
                <ClientDetails client={record} />
              </section>
            )}
            <CaseNotes clientId={record._id} notes={record.caseNotes} />
          </div>
          <div className="client-page__side">
            <ClientEnrolments enrolments={record.enrolments} who={name ?? ''} />
            <PossibleDuplicates clientId={record._id} />
            {isManager && <ExportActions clientId={record._id} />}
            {isManager && <AuditTrail clientId={record._id} />}
          </div>
        </div>
      </div>
    </>
  );
}
