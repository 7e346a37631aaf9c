/**
 * The enrolment page's parts that read and write this phone's database (Dexie and the outbox
 * engine): what waits, the receipts, the answer after "Enrol", and fixing a refused item. The
 * page loads them only when the phone may hold enrolments, or once the person starts filling in
 * the form, so a first visit to the form does not download and run them (decision 060).
 */
import type { PrivacyStatement } from '@contract/enrolment-form';
import { useEffect, type ReactNode } from 'react';
import { Spinner } from '../../../components/spinner';
import { useT } from '../../../i18n/use-t';
import { ensureOutboxTriggers } from '../../../lib/outbox-triggers';
import { valuesFromEnrolment } from '../enrolment-form-values';
import { enrolmentOutbox, useOutboxItem, type EnrolmentOperation } from '../offline/use-enrolment-outbox';
import { EnrolmentForm } from './enrolment-form';
import { OutboxPanel } from './outbox-panel';
import { ReceiptList } from './receipt-list';

export { SubmissionStatus } from './submission-status';

/** Queues a checked enrolment on this phone (sent at once when there is signal); resolves with its item id. */
export async function queueEnrolment(draft: unknown, serviceTitle: string): Promise<string> {
  ensureOutboxTriggers();
  return (await enrolmentOutbox.enqueue(draft, serviceTitle))._id;
}

/** "Your enrolments on this phone": what waits (sent again whenever the signal comes back) and the receipts. */
export function EnrolmentsOnThisPhone({ onFix }: { onFix: (item: EnrolmentOperation) => void }) {
  useEffect(() => ensureOutboxTriggers(), []);
  return (
    <>
      <OutboxPanel onFix={onFix} />
      <ReceiptList />
    </>
  );
}

type FixEnrolmentProps = {
  itemId: string;
  serviceKey: string;
  /** The privacy statement as published now: consent stays ticked only if the item was agreed under it. */
  statement: PrivacyStatement;
  /** Shown when the item is not a refused enrolment for this service (sent meanwhile, discarded, another service's). */
  otherwise: ReactNode;
  onResent: (itemId: string) => void;
  onCancel: () => void;
};

/** `?fix=<item id>`: a refused enrolment back in the form, filled in, with the server's words on its fields. */
export function FixEnrolment({ itemId, serviceKey, statement, otherwise, onResent, onCancel }: FixEnrolmentProps) {
  const t = useT();
  const item = useOutboxItem(itemId);
  if (item === undefined) return <Spinner />;
  const payload = item?.state === 'rejected' && item.payload?.serviceKey === serviceKey ? item.payload : null;
  if (!item || !payload) return otherwise;
  return (
    <>
      <h2>{t('enrol.fixTitle')}</h2>
      <p className="enrol-page__intro">{t('enrol.fixIntro')}</p>
      <EnrolmentForm
        key={`fix-${item._id}`}
        serviceKey={serviceKey}
        statement={statement}
        initialValues={valuesFromEnrolment(payload, statement.version)}
        initialErrors={item.lastError?.errors ?? []}
        submitLabel={t('enrol.resend')}
        onCancel={onCancel}
        onSubmit={async (draft) => {
          const resent = await enrolmentOutbox.resend(item._id, draft);
          onResent(resent._id);
        }}
      />
    </>
  );
}
