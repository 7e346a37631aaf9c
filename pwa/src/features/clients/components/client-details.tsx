import { formatDate, formatNumber } from '../../../i18n/i18n';
import { useT } from '../../../i18n/use-t';
import { nzTimeZone } from '../../../lib/nz-zone';
import type { Client } from '../api/types';
import { textFields } from '../client-form-values';
import { consentHowKey, fieldLabelKey } from './labels';

/** The record as read: every field, with "Not given" for the empty ones. */
export function ClientDetails({ client }: { client: Client }) {
  const t = useT();
  const shown = (field: (typeof textFields)[number]) => {
    const value = client[field];
    // Absent or null: the API gives null, but a record made just now may leave empty fields out.
    if (value === null || value === undefined || value === '') return <span className="clients-muted">{t('clients.notGiven')}</span>;
    if (field === 'dateOfBirth') return formatDate(`${String(value)}T12:00:00Z`);
    if (field === 'household') return formatNumber(Number(value));
    if (field === 'email')
      return (
        <a className="clients-break" href={`mailto:${String(value)}`}>
          {value}
        </a>
      );
    if (field === 'phone') {
      const dial = String(value).replace(/[^\d+]/g, '');
      return (
        <span className="phone-links">
          <span>{value}</span>
          <a className="phone-links__link" href={`tel:${dial}`}>
            {t('clients.links.call')}
            <span className="visually-hidden"> {value}</span>
          </a>
          <a className="phone-links__link" href={`sms:${dial}`}>
            {t('clients.links.text')}
            <span className="visually-hidden"> {value}</span>
          </a>
        </span>
      );
    }
    return value;
  };
  return (
    <dl className="client-details">
      {textFields.map((field) => (
        <div key={field} className={field === 'notes' || field === 'address' ? 'client-details__wide' : undefined}>
          <dt>{t(fieldLabelKey[field])}</dt>
          <dd>{shown(field)}</dd>
        </div>
      ))}
      <div className="client-details__wide">
        <dt>{t('clients.field.consent')}</dt>
        <dd>
          {client.consent ? (
            t('clients.consent.summary', {
              how: t(consentHowKey[client.consent.how]),
              // The New Zealand day of the moment they agreed, whatever this device's zone (decision 115).
              date: formatDate(client.consent.at, { dateStyle: 'medium', timeZone: nzTimeZone }),
              version: client.consent.statementVersion,
            })
          ) : (
            <span className="clients-muted">{t('clients.consent.none')}</span>
          )}
        </dd>
      </div>
    </dl>
  );
}
