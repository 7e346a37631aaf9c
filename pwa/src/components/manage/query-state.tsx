import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Spinner } from '../spinner';
import { errorItemsOf } from '../alerts/use-show-errors';
import { Button } from '../button';
import { useT } from '../../i18n/use-t';
import { ApiRequestError } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';
import { NotFoundPanel } from './not-found-panel';

type QueryStateProps<Data> = {
  query: UseQueryResult<Data>;
  children: (data: Data) => ReactNode;
};

/**
 * An id the server does not know: 404, or 400 that faults only the id (a made-up id that is
 * not even a UUID). Nothing to retry: the record is not there.
 */
export function isMissingRecord(error: unknown): boolean {
  if (!(error instanceof ApiRequestError)) return false;
  if (error.status === 404) return true;
  return error.status === 400 && error.errors.length > 0 && error.errors.every((item) => item.param === 'id');
}

/**
 * A list or record that is loading, failed, or ready. A record that does not exist says so with
 * a way back; another refusal (4xx) gives the server's reason; only a failure that may pass
 * (no signal, 5xx) offers Try again.
 */
export function QueryState<Data>({ query, children }: QueryStateProps<Data>) {
  const t = useT();
  if (query.isPending) return <Spinner />;
  if (query.isError) {
    if (isMissingRecord(query.error)) return <NotFoundPanel />;
    const retryable = !(query.error instanceof ApiRequestError) || query.error.status === 0 || query.error.status >= 500 || query.error.status === 429;
    return (
      <div className="manage-problem" role="alert">
        <p>
          {t('manage.couldNotLoad', {
            reason: errorItemsOf(query.error)
              .map((item) => errorMessage(item))
              .join(' '),
          })}
        </p>
        {retryable ? (
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            {t('manage.tryAgain')}
          </Button>
        ) : null}
      </div>
    );
  }
  return <>{children(query.data)}</>;
}
