import '../i18n/manage';
import { ManagerOnly } from '../components/manage/manager-only';
import { StaffActivityPage } from '../features/users/components/staff-activity-page';

/** /manage/audit: the whole audit trail, filtered, and a period as CSV. */
export default function ManageAuditRoute() {
  return (
    <ManagerOnly>
      <StaffActivityPage />
    </ManagerOnly>
  );
}
