import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Spinner } from '../spinner';
import { errorItemsOf } from '../../app/alerts/use-show-errors';
import { Button } from '../button';
import { useT } from '../../i18n/use-t';
import { errorMessage } from '../../lib/error-message';

type QueryStateProps<Data> = {
  query: UseQueryResult<Data>;
  children: (data: Data) => ReactNode;
};

/** A list or record that is loading, failed (with the server's reason and a retry), or ready. */
export function QueryState<Data>({ query, children }: QueryStateProps<Data>) {
  const t = useT();
  if (query.isPending) return <Spinner />;
  if (query.isError) {
    return (
      <div className="manage-problem" role="alert">
        <p>
          {t('manage.couldNotLoad', { reason: errorItemsOf(query.error).map((item) => errorMessage(item)).join(' ') })}
        </p>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          {t('manage.tryAgain')}
        </Button>
      </div>
    );
  }
  return <>{children(query.data)}</>;
}
