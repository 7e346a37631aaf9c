import { useState } from 'react';
import { Spinner } from '../../../components/spinner';
import { formatDate } from '../../../i18n/i18n';
import { useT } from '../../../i18n/use-t';
import { historyPageSize, useClientHistory } from '../api/get-client-history';
import { fieldLabelKey, pagerWords } from './labels';
import { LoadProblem } from './load-problem';
import { Pager } from '../../../components/pager';

/** A value as the history shows it: empty as "(empty)", an object (consent) as its parts. */
function shown(value: unknown, empty: string): string {
  if (value === null || value === undefined || value === '') return empty;
  if (typeof value === 'object')
    return Object.values(value)
      .map((part) => String(part))
      .join(', ');
  return String(value);
}

/** The record's field history for managers (issue 20): who changed which field from what to what, newest first. */
export function FieldHistory({ clientId }: { clientId: string }) {
  const t = useT();
  const [page, setPage] = useState(1);
  const history = useClientHistory(clientId, page);
  const fieldName = (field: string) => {
    const key = fieldLabelKey[field as keyof typeof fieldLabelKey];
    return key ? t(key) : field;
  };
  const empty = t('clients.history.empty');
  return (
    <section className="clients-card" aria-labelledby="history-heading">
      <h2 id="history-heading">{t('clients.history.title')}</h2>
      <p className="clients-muted">{t('clients.history.lead')}</p>
      {history.isPending ? (
        <Spinner />
      ) : history.isError ? (
        <LoadProblem error={history.error} onRetry={() => void history.refetch()} />
      ) : history.data.items.length === 0 ? (
        <p className="clients-empty">{t('clients.history.none')}</p>
      ) : (
        <>
          <ol className="audit-list" data-testid="field-history">
            {history.data.items.map((change, index) => (
              <li key={`${change.at}-${change.field}-${index}`} className="audit-list__item">
                <p className="audit-list__what">
                  <span className="audit-list__action">{fieldName(change.field)}</span>
                  {' · '}
                  {change.actorName ?? t('clients.audit.system')}
                </p>
                <p className="history-change">{t('clients.history.change', { from: shown(change.from, empty), to: shown(change.to, empty) })}</p>
                <p className="clients-muted">
                  <time dateTime={change.at}>{formatDate(change.at, { dateStyle: 'medium', timeStyle: 'short' })}</time>
                </p>
              </li>
            ))}
          </ol>
          <Pager page={page} pageSize={historyPageSize} total={history.data.total} onPage={setPage} label={t('clients.history.pages')} words={pagerWords} />
        </>
      )}
    </section>
  );
}
