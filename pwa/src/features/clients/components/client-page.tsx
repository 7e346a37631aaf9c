import { useEffect, useState, type ReactNode } from 'react';
import { useReadAgainWhenOnline } from '../../../lib/use-online';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/button';
import { PageHeader } from '../../../components/page-header';
import { Spinner } from '../../../components/spinner';
import { formatDate, formatNumber } from '../../../i18n/i18n';
import { useT } from '../../../i18n/use-t';
import { ApiRequestError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { getStaffCipher } from '../../../lib/staff-cipher';
import { useClient } from '../api/get-client';
import type { ClientDetail } from '../api/types';
import { clientName } from '../client-form-values';
import { caseloadClient, keepClient } from '../offline/caseload-copy';
import { newClientRecord, useStaffItems, withWaitingEdits } from '../offline/staff-items';
import { discardItem, queueCorrection, queueEdit, queueNote, queueNoteShare, queueResolution, sendNow } from '../offline/staff-writes';
import { useCaseloadRevision, useVaultState } from '../offline/use-caseload';
import { ClashPanel } from './clash-panel';
import { AuditTrail } from './audit-trail';
import { CaseNotes } from './case-notes';
import { ClientContacts } from './client-contacts';
import { ClientDetails } from './client-details';
import { FieldHistory } from './field-history';
import { ClientEnrolments } from './client-enrolments';
import { EditClientForm } from './edit-client-form';
import { ExportActions } from './export-actions';
import { LoadProblem } from './load-problem';
import { PossibleDuplicates } from './possible-duplicates';
import { SyncStatus } from './sync-status';
import './clients.css';

/** The newer of the server's answer and the device's copy (the copy may have been refreshed since). */
function newer(a: ClientDetail | undefined, b: ClientDetail | undefined): ClientDetail | undefined {
  if (!a || !b) return a ?? b;
  return b.version > a.version || b.caseNotes.length > a.caseNotes.length ? b : a;
}

type ClientPageProps = {
  id: string;
  userId: string | null;
  isManager: boolean;
  /** What the route adds from other features (the client's follow-ups), given the client's id and name. */
  more?: (client: { _id: string; name: string }) => ReactNode;
};

/**
 * /client/{id}: the record (call, text and email links), its enrolments, contacts and case notes
 * with their corrections; for managers also its field history, audit trail and export.
 */
export function ClientPage({ id, userId, isManager, more }: ClientPageProps) {
  const t = useT();
  const client = useClient(id);
  const [editing, setEditing] = useState(false);
  /** The edit just saved (its item's id), followed until the server has it; or 'unchanged'. */
  const [saved, setSaved] = useState<string | null>(null);
  useCaseloadRevision();
  const vault = useVaultState(userId);
  const allItems = useStaffItems(userId);
  const items = allItems.filter((item) => item.subjectId === id);
  const waitingCreate = items.find((item) => item.change?.kind === 'client.create' && item.status !== 'synced');
  const fromServer = client.data;
  const newFields = waitingCreate?.change?.kind === 'client.create' ? waitingCreate.change.fields : undefined;
  const fromDevice =
    caseloadClient(id) ?? (waitingCreate && newFields ? newClientRecord(waitingCreate.entityId, waitingCreate.createdAt, newFields) : undefined);
  // A clash carries the server's record as it is now: newer than anything else on the device.
  const clash = items.find((item) => item.status === 'conflict' && item.conflict);
  const clashRecord = clash?.conflict?.record;
  const known = newer(fromServer, fromDevice);
  const base = known && clashRecord && clashRecord.version > known.version ? { ...known, ...clashRecord } : known;
  // Signal back after the record was read from the device: read it from the server again.
  useReadAgainWhenOnline(client);
  const onDevice = base !== undefined && fromServer === undefined;
  const name = base ? clientName(withWaitingEdits(base, items)) : undefined;
  usePageTitle(name ?? t('clients.record.title'));

  // A client opened with signal joins the copy on this device (DESIGN §6: "clients they opened").
  useEffect(() => {
    const cipher = getStaffCipher();
    if (fromServer && cipher && cipher.userId === userId) void keepClient(cipher, fromServer).catch(() => undefined);
  }, [fromServer, userId]);

  useEffect(() => {
    if (!editing && saved) document.getElementById('details-heading')?.focus();
  }, [editing, saved]);
  const savedItem = saved ? items.find((item) => item._id === saved) : undefined;
  // Said once, then updated as the edit travels: saved here, sending, and gone once the server has it.
  const message =
    saved === 'unchanged'
      ? t('clients.edit.nothingChanged')
      : !savedItem
        ? ''
        : savedItem.status === 'synced'
          ? t('clients.edit.saved')
          : savedItem.status === 'saved' || savedItem.status === 'stuck'
            ? t('clients.offline.editSaved')
            : savedItem.status === 'sending'
              ? t('clients.sync.state.sending')
              : '';

  if (!base && client.isPending) {
    return (
      <>
        <PageHeader eyebrow={t('clients.staff')} title={t('clients.record.title')} />
        <div className="container page-body">
          <Spinner />
        </div>
      </>
    );
  }
  if (!base) {
    const missing = client.error instanceof ApiRequestError && client.error.status === 404;
    const noSignal = client.error instanceof ApiRequestError && client.error.status === 0;
    return (
      <>
        <PageHeader eyebrow={t('clients.staff')} title={t('clients.record.title')} />
        <div className="container page-body">
          {missing ? (
            <p className="clients-empty">{t('clients.record.notFound')}</p>
          ) : (
            <>
              {noSignal && <p className="clients-card clients-card--notice">{t('clients.offline.notKept')}</p>}
              <LoadProblem error={client.error} onRetry={() => void client.refetch()} />
            </>
          )}
          <p>
            <Link to={paths.clients}>{t('clients.record.back')}</Link>
          </p>
        </div>
      </>
    );
  }

  const record = withWaitingEdits(base, items);
  const waitingNotes = items
    .flatMap((item) =>
      item.change?.kind === 'note.create' && item.status !== 'synced' && !record.caseNotes.some((note) => note._id === item.entityId)
        ? [{ item, note: item.change.note }]
        : [],
    )
    .map(({ item, note }) => ({
      _id: item.entityId,
      text: note.text,
      createdAt: new Date(item.createdAt).toISOString(),
      state: t(`clients.sync.state.${item.status}`),
    }))
    .reverse();
  // A correction names only its note: it is shown here when the note is this client's.
  const notesHere = new Set([
    ...record.caseNotes.map((note) => note._id),
    ...waitingNotes.map((note) => note._id),
    ...(record.contacts ?? []).map((contact) => contact._id),
  ]);
  const waitingCorrections = allItems.flatMap((item) =>
    item.change?.kind === 'note.correct' &&
    item.status !== 'synced' &&
    notesHere.has(item.change.correction.correctsNoteId) &&
    !record.corrections?.some((known) => known._id === item.entityId)
      ? [{ _id: item.entityId, ...item.change.correction, createdAt: new Date(item.createdAt).toISOString(), state: t(`clients.sync.state.${item.status}`) }]
      : [],
  );
  const notSent = waitingCreate !== undefined;
  // A status change of one of its enrolments is the enrolment's item, not the client's: listed with the client's here.
  const enrolmentIds = new Set(record.enrolments.map((enrolment) => enrolment._id));
  const itemsHere = allItems.filter((item) => item.subjectId === id || (item.kind === 'enrolment.update' && enrolmentIds.has(item.entityId)));
  return (
    <>
      <PageHeader
        eyebrow={t('clients.record.title')}
        title={name}
        lead={
          notSent
            ? t('clients.offline.unsentRecord')
            : t('clients.record.version', {
                version: formatNumber(record.version),
                date: formatDate(record.updatedAt, { dateStyle: 'medium', timeStyle: 'short' }),
              })
        }
      />
      <div className="container page-body client-page">
        <p className="client-page__back">
          <Link to={paths.clients}>{t('clients.record.back')}</Link>
        </p>
        {onDevice && <p className="clients-card clients-card--notice">{notSent ? t('clients.offline.newClient') : t('clients.offline.record')}</p>}
        <div className="client-page__grid">
          <div className="client-page__main">
            {clash?.conflict && userId ? (
              <ClashPanel
                key={clash._id}
                item={clash}
                onResolve={async (changes, baseVersion, untouched) =>
                  setSaved((await queueResolution(clash._id, changes, baseVersion, untouched)) ?? 'unchanged')
                }
                onDiscard={() => discardItem(clash._id)}
              />
            ) : null}
            {editing ? (
              <EditClientForm
                client={record}
                queue={(baseVersion, changes) => queueEdit(id, baseVersion, changes)}
                onDone={(itemId) => {
                  setSaved(itemId ?? 'unchanged');
                  setEditing(false);
                }}
                onCancel={() => setEditing(false)}
              />
            ) : (
              <section className="clients-card" aria-labelledby="details-heading">
                <div className="clients-card__head">
                  <h2 id="details-heading" tabIndex={-1}>
                    {t('clients.record.details')}
                  </h2>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={notSent}
                    onClick={() => {
                      setSaved(null);
                      setEditing(true);
                    }}
                  >
                    {t('clients.edit.open')}
                  </Button>
                </div>
                <p className="clients-status" role="status">
                  {clash ? '' : message}
                </p>
                <ClientDetails client={record} />
              </section>
            )}
            {!notSent && (
              <CaseNotes
                notes={record.caseNotes}
                waiting={waitingNotes}
                queue={(text) => queueNote(id, text)}
                userId={userId}
                sharing={items.flatMap((item) => (item.change?.kind === 'note.share' && item.status !== 'synced' ? [item.change.noteId] : []))}
                onShare={(noteId) => void queueNoteShare(id, noteId).catch(() => undefined)}
                corrections={record.corrections}
                waitingCorrections={waitingCorrections}
                onCorrect={queueCorrection}
              />
            )}
            {!notSent && record.contacts && record.contacts.length > 0 && (
              <ClientContacts contacts={record.contacts} corrections={record.corrections} waitingCorrections={waitingCorrections} onCorrect={queueCorrection} />
            )}
          </div>
          <div className="client-page__side">
            {vault.status === 'unlocked' && <SyncStatus items={itemsHere} onSendNow={sendNow} />}
            {more?.({ _id: record._id, name: name ?? '' })}
            <ClientEnrolments enrolments={record.enrolments} who={name ?? ''} items={allItems} />
            {!onDevice && <PossibleDuplicates clientId={record._id} />}
            {isManager && !onDevice && <ExportActions clientId={record._id} />}
            {isManager && !onDevice && <FieldHistory clientId={record._id} />}
            {isManager && !onDevice && <AuditTrail clientId={record._id} />}
          </div>
        </div>
      </div>
    </>
  );
}
