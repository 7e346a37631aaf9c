import { useState } from 'react';
import { Button } from '../../../components/button';
import { useT } from '../../../i18n/use-t';
import { useExportClient, type ExportFormat } from '../api/export-client';
import { errorText } from './error-text';

/** "Export this person's data" for a privacy access request (managers), as JSON or CSV. */
export function ExportActions({ clientId }: { clientId: string }) {
  const t = useT();
  const exportClient = useExportClient();
  const [done, setDone] = useState<ExportFormat | null>(null);
  const run = (format: ExportFormat) => {
    setDone(null);
    exportClient.mutate({ id: clientId, format }, { onSuccess: () => setDone(format) });
  };
  return (
    <section className="clients-card" aria-labelledby="export-heading">
      <h2 id="export-heading">{t('clients.export.title')}</h2>
      <p className="clients-muted">{t('clients.export.lead')}</p>
      <div className="client-form__actions">
        <Button variant="outline" disabled={exportClient.isPending} onClick={() => run('json')}>
          {t('clients.export.json')}
        </Button>
        <Button variant="outline" disabled={exportClient.isPending} onClick={() => run('csv')}>
          {t('clients.export.csv')}
        </Button>
      </div>
      <p className="clients-status" role="status">
        {done ? t('clients.export.done', { format: done.toUpperCase() }) : ''}
      </p>
      {exportClient.isError && (
        <p className="clients-error" role="alert">
          {errorText(exportClient.error)}
        </p>
      )}
    </section>
  );
}
