import '../i18n/manage';
import { ManagerOnly } from '../components/manage/manager-only';
import { RetentionPage } from '../features/retention/manage/retention-page';

/** /manage/retention: people with no contact for the retention period, to archive or erase (IPP 9). */
export default function ManageRetentionRoute() {
  return (
    <ManagerOnly>
      <RetentionPage />
    </ManagerOnly>
  );
}
