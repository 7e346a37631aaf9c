import { formatDate } from '../../../i18n/i18n';
import { useT } from '../../../i18n/use-t';
import type { ClientDetail } from '../api/types';
import { withWaitingEnrolmentChanges, type StaffItem } from '../offline/staff-items';
import { EnrolmentStatusActions } from './enrolment-status-actions';
import { serviceTitle } from './labels';
import { StatusChip } from './status-chip';

type ClientEnrolmentsProps = {
  enrolments: ClientDetail['enrolments'];
  who: string;
  /** The kaimahi's items on this device: a status change not yet sent shows at once, marked as waiting. */
  items: readonly StaffItem[];
};

/** The client's enrolments with their status, each movable along. */
export function ClientEnrolments({ enrolments, who, items }: ClientEnrolmentsProps) {
  const t = useT();
  return (
    <section className="clients-card" aria-labelledby="client-enrolments-heading">
      <h2 id="client-enrolments-heading">{t('clients.enrolments.title')}</h2>
      {enrolments.length === 0 ? (
        <p className="clients-empty">{t('clients.enrolments.none')}</p>
      ) : (
        <ul className="client-enrolments">
          {enrolments.map((known) => {
            const { enrolment, waiting } = withWaitingEnrolmentChanges(known, items);
            return (
              <li key={enrolment._id} className="client-enrolments__item">
                <div className="enrolment-card__top">
                  <p className="client-enrolments__service">{serviceTitle(enrolment.serviceKey)}</p>
                  <StatusChip status={enrolment.status} waiting={waiting} />
                </div>
                <p className="clients-muted">{t('clients.enrolments.received', { date: formatDate(enrolment.receivedAt), reference: enrolment.reference })}</p>
                <EnrolmentStatusActions enrolment={enrolment} who={`${who}, ${serviceTitle(enrolment.serviceKey)}`} />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
