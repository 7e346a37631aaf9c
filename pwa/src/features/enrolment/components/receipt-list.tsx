import { formatDateTime } from '../item-status';
import { useEnrolmentReceipts } from '../offline/use-enrolment-outbox';
import './enrolment.css';

/** "Your enrolments": the receipts of enrolments sent from this phone (no personal details). */
export function ReceiptList() {
  const receipts = useEnrolmentReceipts();
  if (!receipts?.length) return null;
  return (
    <section className="enrol-receipts" aria-labelledby="enrol-receipts-heading">
      <h2 className="enrol-receipts__title" id="enrol-receipts-heading">
        Your enrolments
      </h2>
      <ul className="enrol-receipts__list">
        {receipts.map((receipt) => (
          <li key={receipt._id} className="enrol-receipt">
            <span className="enrol-receipt__service">{receipt.serviceTitle}</span>
            <span className="enrol-receipt__reference">
              Reference <strong>{receipt.reference}</strong>
            </span>
            <span className="enrol-receipt__time">Sent {formatDateTime(Date.parse(receipt.sentAt))}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
