import type { EnrolmentStatus } from '@contract/enrolments';
import { useT } from '../../../i18n/use-t';
import { statusKey } from './labels';

/** An enrolment's status as a coloured chip with its word (colour is never the only sign). */
export function StatusChip({ status }: { status: EnrolmentStatus }) {
  const t = useT();
  return <span className={`status-chip status-chip--${status}`}>{t(statusKey[status])}</span>;
}
