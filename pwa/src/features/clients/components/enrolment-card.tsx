import { Link } from 'react-router-dom';
import { enrolledByLinking } from '@contract/enrolments';
import { formatDate, formatNumber } from '../../../i18n/i18n';
import { useT } from '../../../i18n/use-t';
import { staffPaths } from '../../../lib/staff-paths';
import { Button } from '../../../components/button';
import type { StaffEnrolment } from '../api/types';
import { waitingClientFrom, withWaitingEnrolmentChanges, type StaffItem } from '../offline/staff-items';
import { EnrolmentStatusActions } from './enrolment-status-actions';
import { serviceTitle } from './labels';
import { StatusChip } from './status-chip';

type EnrolmentCardProps = {
  enrolment: StaffEnrolment;
  /** The kaimahi's items on this device: a change of this enrolment or a client made from it shows at once, marked as waiting. */
  items: readonly StaffItem[];
  onCreate: () => void;
  onLink: () => void;
};

/** One enrolment in the inbox: who, which service, how to reach them, and what to do next. */
export function EnrolmentCard({ enrolment: fromServer, items, onCreate, onLink }: EnrolmentCardProps) {
  const t = useT();
  const changed = withWaitingEnrolmentChanges(fromServer, items);
  const madeHere = waitingClientFrom(fromServer._id, items);
  // A client made from it links it when it arrives, and enrols it (as the server does).
  const enrolment = madeHere && enrolledByLinking(changed.enrolment.status) ? { ...changed.enrolment, status: 'enrolled' as const } : changed.enrolment;
  const waiting = madeHere?.status ?? changed.waiting;
  const name = `${enrolment.givenName} ${enrolment.familyName}`;
  const headingId = `enrolment-${enrolment._id}`;
  return (
    <article className="enrolment-card" aria-labelledby={headingId}>
      <div className="enrolment-card__top">
        <h3 id={headingId} className="enrolment-card__name">
          {name}
        </h3>
        <StatusChip status={enrolment.status} waiting={waiting} />
      </div>
      <p className="enrolment-card__service">{serviceTitle(enrolment.serviceKey)}</p>
      <dl className="enrolment-card__facts">
        <div>
          <dt>{t('clients.inbox.received')}</dt>
          <dd>{formatDate(enrolment.receivedAt, { dateStyle: 'medium', timeStyle: 'short' })}</dd>
        </div>
        <div>
          <dt>{t('clients.inbox.reference')}</dt>
          <dd>{enrolment.reference}</dd>
        </div>
        {enrolment.phone && (
          <div>
            <dt>{t('clients.field.phone')}</dt>
            <dd>
              <a href={`tel:${enrolment.phone.replace(/[^\d+]/g, '')}`}>{enrolment.phone}</a>
            </dd>
          </div>
        )}
        {enrolment.email && (
          <div>
            <dt>{t('clients.field.email')}</dt>
            <dd className="clients-break">
              <a href={`mailto:${enrolment.email}`}>{enrolment.email}</a>
            </dd>
          </div>
        )}
        <div>
          <dt>{t('clients.inbox.prefers')}</dt>
          <dd>{t(`clients.contact.${enrolment.preferredContact}`)}</dd>
        </div>
        {enrolment.dateOfBirth && (
          <div>
            <dt>{t('clients.field.dateOfBirth')}</dt>
            <dd>{formatDate(`${enrolment.dateOfBirth}T12:00:00Z`)}</dd>
          </div>
        )}
        {enrolment.suburb && (
          <div>
            <dt>{t('clients.field.suburb')}</dt>
            <dd>{enrolment.suburb}</dd>
          </div>
        )}
        {enrolment.householdSize !== null && (
          <div>
            <dt>{t('clients.field.household')}</dt>
            <dd>{formatNumber(enrolment.householdSize)}</dd>
          </div>
        )}
      </dl>
      {enrolment.message && (
        <blockquote className="enrolment-card__message">
          <p className="visually-hidden">{t('clients.inbox.message')}</p>
          <p>{enrolment.message}</p>
        </blockquote>
      )}
      <div className="enrolment-card__actions">
        {enrolment.clientId || madeHere ? (
          <Link className="button button--outline button--sm" to={staffPaths.client(enrolment.clientId ?? madeHere?.clientId ?? '')}>
            {t('clients.inbox.openClient')}
          </Link>
        ) : (
          <>
            <Button size="sm" onClick={onCreate} aria-label={t('clients.actionFor', { action: t('clients.inbox.create'), name })}>
              {t('clients.inbox.create')}
            </Button>
            <Button size="sm" variant="outline" onClick={onLink} aria-label={t('clients.actionFor', { action: t('clients.inbox.link'), name })}>
              {t('clients.inbox.link')}
            </Button>
          </>
        )}
        {!madeHere && <EnrolmentStatusActions enrolment={enrolment} who={name} />}
      </div>
    </article>
  );
}
