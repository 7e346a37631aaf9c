import { Button } from '../../../components/button';
import { useT } from '../../../i18n/use-t';
import { useUpdateEnrolment } from '../api/update-enrolment';
import type { EnrolmentRef } from '../api/types';
import { errorText } from './error-text';
import { nextStatus } from './labels';

/** Moves an enrolment one step along (new → contacted → enrolled → completed), or declines it. */
export function EnrolmentStatusActions({ enrolment, who }: { enrolment: EnrolmentRef; who: string }) {
  const t = useT();
  const update = useUpdateEnrolment();
  const next = nextStatus[enrolment.status];
  const canDecline = enrolment.status !== 'declined' && enrolment.status !== 'completed';
  if (!next && !canDecline) return null;
  return (
    <div className="enrolment-actions">
      {next && (
        <Button
          size="sm"
          variant="secondary"
          disabled={update.isPending}
          aria-label={t('clients.actionFor', { action: t(next.label), name: who })}
          onClick={() => update.mutate({ enrolment, changes: { status: next.status } })}
        >
          {t(next.label)}
        </Button>
      )}
      {canDecline && (
        <Button
          size="sm"
          variant="ghost"
          disabled={update.isPending}
          aria-label={t('clients.actionFor', { action: t('clients.inbox.decline'), name: who })}
          onClick={() => update.mutate({ enrolment, changes: { status: 'declined' } })}
        >
          {t('clients.inbox.decline')}
        </Button>
      )}
      {update.isError && (
        <p className="clients-error" role="alert">
          {errorText(update.error)}
        </p>
      )}
    </div>
  );
}
