import '../i18n/manage';
import { ManagerOnly } from '../components/manage/manager-only';
import { TeReoCorrections } from '../features/translations/components/te-reo-corrections';

/** /manage/te-reo: a manager corrects the app's Māori text. */
export default function ManageTeReoRoute() {
  return (
    <ManagerOnly>
      <TeReoCorrections />
    </ManagerOnly>
  );
}
