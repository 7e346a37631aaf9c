import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Spinner } from '../../../components/spinner';
import { errorItemsOf } from '../../alerts/use-show-errors';
import { Button } from '../../../components/button';

type QueryStateProps<Data> = {
  query: UseQueryResult<Data>;
  /** What is loading, for the error message: "blog posts", "log files". */
  what: string;
  children: (data: Data) => ReactNode;
};

/** A list or record that is loading, failed (with the server's reason and a retry), or ready. */
export function QueryState<Data>({ query, what, children }: QueryStateProps<Data>) {
  if (query.isPending) return <Spinner />;
  if (query.isError) {
    return (
      <div className="manage-problem" role="alert">
        <p>
          Could not load the {what}: {errorItemsOf(query.error).map((item) => item.msg).join(' ')}
        </p>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return <>{children(query.data)}</>;
}
