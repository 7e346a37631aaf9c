import { useT } from '../../../i18n/use-t';
import { Button } from '../../../components/button';
import { errorText } from './error-text';

/** A list or record that could not load: the server's reason and a retry. */
export function LoadProblem({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const t = useT();
  return (
    <div className="clients-problem" role="alert">
      <p>{t('clients.loadFailed', { reason: errorText(error) })}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        {t('clients.tryAgain')}
      </Button>
    </div>
  );
}
