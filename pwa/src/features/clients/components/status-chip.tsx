import type { EnrolmentStatus } from '@contract/enrolments';
import { useT } from '../../../i18n/use-t';
import type { StaffItemStatus } from '../offline/staff-items';
import { statusKey } from './labels';

type StatusChipProps = {
  status: EnrolmentStatus;
  /** The state of this kaimahi's change of it still on its way ("Saved on this device"), when one is. */
  waiting?: StaffItemStatus | null;
};

/** An enrolment's status as a coloured chip with its word (colour is never the only sign); a change not yet sent says so beside it. */
export function StatusChip({ status, waiting = null }: StatusChipProps) {
  const t = useT();
  const chip = <span className={`status-chip status-chip--${status}${waiting ? ' status-chip--waiting' : ''}`}>{t(statusKey[status])}</span>;
  if (!waiting) return chip;
  return (
    <span className="status-with-state">
      {chip}
      <span className="status-with-state__state">{t(`clients.sync.state.${waiting}`)}</span>
    </span>
  );
}
