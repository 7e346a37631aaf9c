import '../i18n/manage';
import { ManagerOnly } from '../components/manage/manager-only';
import { DuplicatesPage } from '../features/duplicates/components/duplicates-page';

/** /manage/duplicates: likely pairs of records of one person, to merge or tell apart. */
export default function ManageDuplicatesRoute() {
  return (
    <ManagerOnly>
      <DuplicatesPage />
    </ManagerOnly>
  );
}
