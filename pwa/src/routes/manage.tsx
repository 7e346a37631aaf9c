import '../i18n/manage';
import { ManageDashboard } from '../features/manage/components/manage-dashboard';
import { ManagerOnly } from '../features/manage/components/manager-only';

/** /manage: site management for managers (access 2 and up). */
export default function ManageRoute() {
  return (
    <ManagerOnly>
      <ManageDashboard />
    </ManagerOnly>
  );
}
