import { useState } from 'react';
import type { AuditEvent } from '@contract/audit';
import { serviceTitle } from '@contract/catalogue';
import { Pager, type PagerWords } from '../../../components/pager';
import { formatDate } from '../../../i18n/i18n';
import type { MessageKey } from '../../../i18n/i18n';
import { useT } from '../../../i18n/use-t';
import { QueryState } from '../../../components/manage/query-state';
import { staffHistoryPageSize, useStaffHistory } from '../api/get-staff-history';
import './staff-history.css';

/** Newest first: the pager goes to newer and older events (also the activity page's). */
export const historyPagerWords: PagerWords = { previous: 'staff.historyNewer', next: 'staff.historyOlder', where: 'staff.historyPage' };

const actionKey: Partial<Record<AuditEvent['action'], MessageKey>> = {
  'user.create': 'staff.historyCreated',
  'user.update': 'staff.historyUpdated',
  'user.deactivate': 'staff.historyDeactivatedEvent',
};

const fieldKey: Record<string, MessageKey> = {
  name: 'staff.field.name',
  email: 'staff.field.email',
  access: 'staff.field.access',
  services: 'staff.field.services',
  password: 'staff.field.password',
  active: 'staff.field.active',
};

const serviceTitles = (keys: string | undefined) => (keys ? keys.split(',').map(serviceTitle).join(', ') : '');

/** What an event changed: the fields by name, and for services which were added and which taken away. */
function ChangedFields({ event }: { event: AuditEvent }) {
  const t = useT();
  const added = serviceTitles(event.details?.servicesAdded);
  const removed = serviceTitles(event.details?.servicesRemoved);
  // Older events name only the field; newer ones say which services moved, shown in its place.
  const namesServices = added !== '' || removed !== '';
  const fields = (event.fields ?? []).filter((field) => !(namesServices && field === 'services'));
  return (
    <>
      {fields.length > 0 ? (
        <span className="manage-list__meta">
          {t('staff.historyChanged', { fields: fields.map((field) => (fieldKey[field] ? t(fieldKey[field]) : field)).join(', ') })}
        </span>
      ) : null}
      {added ? <span className="manage-list__meta">{t('staff.historyServicesAdded', { services: added })}</span> : null}
      {removed ? <span className="manage-list__meta">{t('staff.historyServicesRemoved', { services: removed })}</span> : null}
    </>
  );
}

/** The account's history on /manage/users/{id}: who changed what (never the values), newest first. */
export function StaffHistory({ staffId }: { staffId: string }) {
  const t = useT();
  const [page, setPage] = useState(1);
  const history = useStaffHistory(staffId, page);
  const who = (event: AuditEvent) => (event.actorId === null && event.actorName === 'command line' ? t('staff.historyCommandLine') : event.actorName);
  return (
    <section className="manage-card staff-history" aria-labelledby="staff-history-heading">
      <h2 id="staff-history-heading">{t('staff.history')}</h2>
      <p className="staff-history__lead">{t('staff.historyLead')}</p>
      <QueryState query={history}>
        {({ items, total }) => {
          if (items.length === 0) return <p className="manage-empty">{t('staff.historyNone')}</p>;
          return (
            <>
              <ol className="manage-list">
                {items.map((event) => {
                  const key = actionKey[event.action];
                  return (
                    <li key={event._id} className="manage-list__item manage-list__item--wrap">
                      <div className="manage-list__text">
                        <span className="manage-list__title">
                          {key ? t(key) : t('staff.historyOther')}
                          {' · '}
                          {who(event)}
                        </span>
                        <span className="manage-list__meta">
                          <time dateTime={event.at}>{formatDate(event.at, { dateStyle: 'medium', timeStyle: 'short' })}</time>
                        </span>
                        <ChangedFields event={event} />
                      </div>
                    </li>
                  );
                })}
              </ol>
              <Pager page={page} pageSize={staffHistoryPageSize} total={total} onPage={setPage} label={t('staff.historyPages')} words={historyPagerWords} />
            </>
          );
        }}
      </QueryState>
    </section>
  );
}
