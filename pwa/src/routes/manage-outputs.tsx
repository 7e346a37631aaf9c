import '../i18n/manage';
import { ManagerOnly } from '../components/manage/manager-only';
import { OutputsPage } from '../features/reports/manage/outputs-page';

/** /manage/outputs: what each service delivers, and what the home page counters add (DESIGN §4d). */
export default function ManageOutputsRoute() {
  return (
    <ManagerOnly>
      <OutputsPage />
    </ManagerOnly>
  );
}
