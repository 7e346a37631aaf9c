import { useEffect, useRef } from 'react';
import { Button } from '../../../components/button';
import { describeItem } from '../item-status';
import { useEnrolmentReceipt, useOutboxItem } from '../offline/use-enrolment-outbox';
import { useOnline } from '../offline/use-online';
import { Rich } from '../../../i18n/rich-text';
import { useT } from '../../../i18n/use-t';
import './enrolment.css';

type SubmissionStatusProps = {
  /** The outbox item just saved. */
  itemId: string;
  serviceTitle: string;
  onEnrolAnother: () => void;
  /** Opens a refused item in the form again. */
  onFix: () => void;
};

/**
 * The page's answer right after "Enrol": saved on this phone, then sending, then sent with the
 * reference to keep. Read out as it changes (a polite live region).
 */
export function SubmissionStatus({ itemId, serviceTitle, onEnrolAnother, onFix }: SubmissionStatusProps) {
  const t = useT();
  const item = useOutboxItem(itemId);
  const receipt = useEnrolmentReceipt(itemId);
  const online = useOnline();
  const sectionRef = useRef<HTMLElement>(null);

  // The form is gone: take the reader (and a screen reader's focus) to the answer.
  useEffect(() => {
    sectionRef.current?.focus({ preventScroll: true });
    sectionRef.current?.scrollIntoView({ block: 'start' });
  }, [itemId]);

  let body;
  if (receipt) {
    body = (
      <>
        <h2 className="enrol-result__title">{t('status.sent')}</h2>
        <p>
          <Rich id="result.thanks" params={{ title: serviceTitle }} />
        </p>
        <p className="enrol-result__reference">
          {t('result.reference')} <strong>{receipt.reference}</strong>
        </p>
        <p className="enrol-result__note">{t('result.keep')}</p>
      </>
    );
  } else if (item) {
    const status = describeItem(item, { online });
    body = (
      <>
        <h2 className="enrol-result__title">{status.title}</h2>
        {status.detail && <p>{status.detail}</p>}
        {item.state === 'pending' && <p className="enrol-result__note">{t('result.closeNote')}</p>}
      </>
    );
  } else if (item === null) {
    body = <h2 className="enrol-result__title">{t('result.gone')}</h2>;
  }

  const tone = receipt ? 'done' : item ? describeItem(item, { online }).tone : 'waiting';
  return (
    <section className={`enrol-result enrol-result--${tone}`} aria-label={t('result.label')} ref={sectionRef} tabIndex={-1}>
      <div role="status" aria-live="polite">
        {body ?? <h2 className="enrol-result__title">{t('result.saving')}</h2>}
      </div>
      <div className="enrol-result__actions">
        {item?.state === 'rejected' && item.payload && <Button onClick={onFix}>{t('enrol.fixTitle')}</Button>}
        <Button variant="secondary" onClick={onEnrolAnother}>
          {t('result.another')}
        </Button>
      </div>
    </section>
  );
}
