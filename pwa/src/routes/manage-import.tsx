import '../i18n/manage';
import { ManagerOnly } from '../components/manage/manager-only';
import { ImportPage } from '../features/import/components/import-page';

/** /manage/import: bring in people from a trust's spreadsheet, previewed before anything is written. */
export default function ManageImportRoute() {
  return (
    <ManagerOnly>
      <ImportPage />
    </ManagerOnly>
  );
}
