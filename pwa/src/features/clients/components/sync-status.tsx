import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDate, formatNumber } from '../../../i18n/i18n';
import { useT } from '../../../i18n/use-t';
import { errorMessage } from '../../../lib/error-message';
import { getLocalDb } from '../../../lib/local-db';
import { staffPaths } from '../../../lib/staff-paths';
import { clientName } from '../client-form-values';
import { caseloadClient, caseloadRefreshedAt, caseloadSize } from '../offline/caseload-copy';
import { unsent, type StaffItem } from '../offline/staff-items';
import { useCaseloadRevision } from '../offline/use-caseload';
import { fieldLabelKey, statusKey } from './labels';

const when = (time: number) => formatDate(new Date(time).toISOString(), { dateStyle: 'medium', timeStyle: 'short' });

function useLastSyncAt(): number | null {
  const [value, setValue] = useState<number | null>(null);
  useEffect(() => {
    const subscription = liveQuery(async () => (await getLocalDb().settings.get('lastSyncAt'))?.value ?? null).subscribe({
      next: setValue,
      error: () => undefined,
    });
    return () => subscription.unsubscribe();
  }, []);
  return value;
}

type SyncStatusProps = {
  /** The items to show: this client's on the client page, all of them on /clients. */
  items: readonly StaffItem[];
  /** On /clients, each item names its client and links to it. */
  linkToClients?: boolean;
  refreshing?: boolean;
  onSendNow?: () => void;
};

/**
 * What this device holds and what waits: the encrypted copy's size and freshness, the count of
 * changes waiting, when the server last answered, and each change with its state ("Saved on this
 * device" → "Sending…" → "Synced") or the server's own words when it stopped.
 */
export function SyncStatus({ items, linkToClients = false, refreshing = false, onSendNow }: SyncStatusProps) {
  const t = useT();
  useCaseloadRevision();
  const lastSyncAt = useLastSyncAt();
  // Sent items stay listed a little while as "Synced", then leave the list.
  const recent = Date.now() - 15 * 60_000;
  const shown = items.filter((item) => item.status !== 'synced' || (item.sentAt ?? 0) > recent);
  const waiting = unsent(shown);
  const refreshedAt = caseloadRefreshedAt();
  const size = caseloadSize();
  const labelOf = (field: string) => (field in fieldLabelKey ? t(fieldLabelKey[field as keyof typeof fieldLabelKey]) : field);

  /** Who it is about (the copy on this device, or the new client's own fields) and what it does. */
  function describe(item: StaffItem): string {
    const kept = caseloadClient(item.subjectId);
    const name = kept
      ? clientName(kept)
      : item.change?.kind === 'client.create'
        ? clientName({ ...item.change.fields, preferredName: item.change.fields.preferredName ?? null })
        : '';
    const fields = item.fields.map(labelOf).join(', ');
    switch (item.kind) {
      case 'client.create':
        return t('clients.sync.kind.create', { name });
      case 'client.update':
        return name ? t('clients.sync.kind.updateOf', { name, fields }) : t('clients.sync.kind.update', { fields });
      case 'note.create':
        return name ? t('clients.sync.kind.noteFor', { name }) : t('clients.sync.kind.note');
      case 'note.share':
        return name ? t('clients.sync.kind.noteSharedFor', { name }) : t('clients.sync.kind.noteShared');
      case 'note.correct':
        return t('clients.sync.kind.correction');
      case 'enrolment.update':
        return item.change?.kind === 'enrolment.update' && item.change.changes.status
          ? t('clients.sync.kind.enrolmentTo', { status: t(statusKey[item.change.changes.status]) })
          : t('clients.sync.kind.enrolment');
      default:
        // Another feature's work (a follow-up, a whānau): kept and sent the same way, named by its kind.
        return item.title ? t(item.title) : item.label;
    }
  }

  return (
    <section className="clients-card sync-panel" aria-labelledby="sync-heading">
      <h2 id="sync-heading">{t('clients.sync.title')}</h2>
      {linkToClients && size > 0 && <p className="clients-muted">{t('clients.sync.copy', { count: size, shown: formatNumber(size) })}</p>}
      <p className="clients-muted" aria-live="polite">
        {refreshing
          ? t('clients.sync.refreshing')
          : refreshedAt
            ? t('clients.sync.refreshedAt', { time: when(refreshedAt) })
            : t('clients.sync.neverRefreshed')}
      </p>
      <p className="sync-panel__count" data-testid="waiting-count" aria-live="polite">
        {waiting.length ? t('clients.sync.waiting', { count: waiting.length, shown: formatNumber(waiting.length) }) : t('clients.sync.nothingWaiting')}
      </p>
      {lastSyncAt !== null && <p className="clients-muted">{t('clients.sync.lastSync', { time: when(lastSyncAt) })}</p>}
      {shown.length > 0 && (
        <ul className="sync-items" aria-label={t('clients.sync.items')}>
          {shown.map((item) => (
            <li key={item._id} className={`sync-item sync-item--${item.status}`} data-testid="sync-item">
              <span className="sync-item__what">
                {linkToClients && item.kind !== 'enrolment.update' && (item.kind === 'client.create' || caseloadClient(item.subjectId)) ? (
                  <Link to={staffPaths.client(item.subjectId)}>{describe(item)}</Link>
                ) : (
                  describe(item)
                )}
              </span>
              <span className="sync-item__state">{t(`clients.sync.state.${item.status}`)}</span>
              {(item.status === 'rejected' || item.status === 'stuck' || item.status === 'needs_auth') && item.errors.length > 0 && (
                <span className="sync-item__error">{t('clients.sync.serverSaid', { message: item.errors.map((error) => errorMessage(error)).join(' ') })}</span>
              )}
            </li>
          ))}
        </ul>
      )}
      {onSendNow && waiting.length > 0 && (
        <button type="button" className="button button--outline button--sm" onClick={onSendNow}>
          {t('clients.sync.sendNow')}
        </button>
      )}
    </section>
  );
}
