import { useState } from 'react';
import { Button } from '../../../components/button';
import { describeItem, formatDateTime } from '../item-status';
import { enrolmentOutbox, queuedPersonName, useLastSyncAt, useSendNow, useWaitingEnrolments, type EnrolmentOperation } from '../offline/use-enrolment-outbox';
import { useOnline } from '../offline/use-online';
import { useT } from '../../../i18n/use-t';
import './enrolment.css';
import '../../../i18n/parts'; // this part's English (en-parts.ts), registered before it renders

type OutboxPanelProps = {
  /** "Fix and resend": open the item in the form, filled in. */
  onFix: (item: EnrolmentOperation) => void;
};

/**
 * Enrolments waiting on this phone (all services): how many, each one's state, when the phone
 * last reached the trust, and "Send now". A refused item shows the server's words, with
 * "Fix and resend" and "Discard" (which asks first).
 */
export function OutboxPanel({ onFix }: OutboxPanelProps) {
  const t = useT();
  const items = useWaitingEnrolments();
  const lastSyncAt = useLastSyncAt();
  const online = useOnline();
  const { sendNow, sending } = useSendNow();
  if (!items) return null;
  const waiting = items.filter((item) => item.state === 'pending' || item.state === 'sending').length;
  const attention = items.length - waiting;
  const counts = [waiting > 0 && t('outbox.waiting', { count: waiting }), attention > 0 && t('outbox.attention', { count: attention })].filter(Boolean);

  return (
    <section className="enrol-outbox" aria-labelledby="enrol-outbox-heading">
      <div className="enrol-outbox__head">
        <div>
          <h2 className="enrol-outbox__title" id="enrol-outbox-heading">
            {t('outbox.title')}
          </h2>
          <p className="enrol-outbox__count" role="status">
            {counts.length ? counts.join(' · ') : t('outbox.nothing')}
          </p>
          <p className="enrol-outbox__sync">{lastSyncAt ? t('outbox.lastSent', { time: formatDateTime(lastSyncAt) }) : t('outbox.neverSent')}</p>
          {/* Its own line: two statuses, not one sentence run together (issue 22). */}
          {!online && <p className="enrol-outbox__sync enrol-outbox__offline">{t('outbox.offline')}</p>}
        </div>
        {waiting > 0 && (
          <Button variant="outline" onClick={() => void sendNow()} disabled={sending}>
            {sending ? t('status.sending') : t('outbox.sendNow')}
          </Button>
        )}
      </div>
      {items.length > 0 && (
        <ul className="enrol-outbox__list">
          {items.map((item) => (
            <OutboxItem key={item._id} item={item} online={online} onFix={onFix} />
          ))}
        </ul>
      )}
    </section>
  );
}

function OutboxItem({ item, online, onFix }: { item: EnrolmentOperation; online: boolean; onFix: (item: EnrolmentOperation) => void }) {
  const t = useT();
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const status = describeItem(item, { online });
  const canResolve = item.state === 'rejected' && item.payload !== null;
  // Only on the phone it was made on, from the details still waiting there.
  const person = queuedPersonName(item);

  async function discard() {
    try {
      await enrolmentOutbox.discard(item._id);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : t('outbox.discardFailed'));
      setConfirming(false);
    }
  }

  return (
    <li className={`enrol-item enrol-item--${status.tone}`}>
      <div className="enrol-item__text">
        <p className="enrol-item__label">
          {person ? t('outbox.itemFor', { name: person, service: item.label }) : item.label}{' '}
          <span className="enrol-item__time">· {t('outbox.saved', { time: formatDateTime(item.createdAt) })}</span>
        </p>
        <p className="enrol-item__state">{status.title}</p>
        {status.detail && <p className="enrol-item__detail">{status.detail}</p>}
        {problem && (
          <p className="enrol-item__detail" role="alert">
            {problem}
          </p>
        )}
      </div>
      {item.state !== 'pending' && item.state !== 'sending' && (
        <div className="enrol-item__actions">
          {confirming ? (
            <div className="enrol-item__confirm" role="group" aria-label={t('outbox.confirmLabel')}>
              <p>{t('outbox.confirm')}</p>
              <Button variant="danger" size="sm" onClick={() => void discard()}>
                {t('outbox.yesDiscard')}
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setConfirming(false)} autoFocus>
                {t('outbox.keep')}
              </Button>
            </div>
          ) : (
            <>
              {canResolve && (
                <Button size="sm" onClick={() => onFix(item)}>
                  {t('enrol.fixTitle')}
                </Button>
              )}
              <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
                {t('outbox.discard')}
              </Button>
            </>
          )}
        </div>
      )}
    </li>
  );
}
