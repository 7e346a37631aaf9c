import { useState } from 'react';
import { Button } from '../../../components/button';
import { useT } from '../../../i18n/use-t';
import type { EnrolmentRef } from '../api/types';
import { queueEnrolmentChange } from '../offline/staff-writes';
import { errorText } from './error-text';
import { nextStatus } from './labels';

/**
 * Moves an enrolment one step along (new → contacted → enrolled → completed), or declines it. The
 * change is saved on this device and sent by the outbox, with signal or when it comes back; the
 * enrolment shows its new status at once, marked as waiting until the server has it.
 */
export function EnrolmentStatusActions({ enrolment, who }: { enrolment: EnrolmentRef; who: string }) {
  const t = useT();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const next = nextStatus[enrolment.status];
  const canDecline = enrolment.status !== 'declined' && enrolment.status !== 'completed';
  if (!next && !canDecline) return null;

  async function move(status: EnrolmentRef['status']) {
    setSaving(true);
    setFailure(null);
    try {
      await queueEnrolmentChange(enrolment, { status });
    } catch (error) {
      setFailure(error);
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="enrolment-actions">
      {next && (
        <Button
          size="sm"
          variant="secondary"
          disabled={saving}
          aria-label={t('clients.actionFor', { action: t(next.label), name: who })}
          onClick={() => void move(next.status)}
        >
          {t(next.label)}
        </Button>
      )}
      {canDecline && (
        <Button
          size="sm"
          variant="ghost"
          disabled={saving}
          aria-label={t('clients.actionFor', { action: t('clients.inbox.decline'), name: who })}
          onClick={() => void move('declined')}
        >
          {t('clients.inbox.decline')}
        </Button>
      )}
      {failure !== null && (
        <p className="clients-error" role="alert">
          {errorText(failure)}
        </p>
      )}
    </div>
  );
}
