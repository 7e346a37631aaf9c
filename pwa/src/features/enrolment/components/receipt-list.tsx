import { formatDateTime } from '../item-status';
import { useEnrolmentReceipts } from '../offline/use-enrolment-outbox';
import { useT } from '../../../i18n/use-t';
import './enrolment.css';

/** "Your enrolments": the receipts of enrolments sent from this phone (no personal details). */
export function ReceiptList() {
  const t = useT();
  const receipts = useEnrolmentReceipts();
  if (!receipts?.length) return null;
  return (
    <section className="enrol-receipts" aria-labelledby="enrol-receipts-heading">
      <h2 className="enrol-receipts__title" id="enrol-receipts-heading">
        {t('receipts.title')}
      </h2>
      <ul className="enrol-receipts__list">
        {receipts.map((receipt) => (
          <li key={receipt._id} className="enrol-receipt">
            <span className="enrol-receipt__service">{receipt.serviceTitle}</span>
            <span className="enrol-receipt__reference">
              {t('receipts.reference')} <strong>{receipt.reference}</strong>
            </span>
            <span className="enrol-receipt__time">{t('receipts.sent', { time: formatDateTime(Date.parse(receipt.sentAt)) })}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
