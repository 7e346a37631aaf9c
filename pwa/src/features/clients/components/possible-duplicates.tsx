import { Link } from 'react-router-dom';
import { formatDate } from '../../../i18n/i18n';
import { useT } from '../../../i18n/use-t';
import { staffPaths } from '../../../lib/staff-paths';
import { useDuplicates } from '../api/get-duplicates';
import { clientName } from '../client-form-values';
import { reasonKey } from './duplicate-reasons';

/** Other records that are likely the same person; shown only when there are some. */
export function PossibleDuplicates({ clientId }: { clientId: string }) {
  const t = useT();
  const duplicates = useDuplicates(clientId);
  if (!duplicates.data || duplicates.data.length === 0) return null;
  return (
    <section className="clients-card clients-card--notice" aria-labelledby="duplicates-heading">
      <h2 id="duplicates-heading">{t('clients.duplicates.title')}</h2>
      <p className="clients-muted">{t('clients.duplicates.lead')}</p>
      <ul className="duplicate-list">
        {duplicates.data.map(({ client, reasons }) => (
          <li key={client._id}>
            <Link to={staffPaths.client(client._id)}>{clientName(client)}</Link>{' '}
            <span className="clients-muted">
              {[client.dateOfBirth ? formatDate(`${client.dateOfBirth}T12:00:00Z`) : null, client.phone, client.email].filter(Boolean).join(' · ')}
            </span>
            <span className="likely-chip">{reasons.map((reason) => t(reasonKey[reason])).join(' · ')}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
