import '../i18n/manage';
import { useParams } from 'react-router-dom';
import { FeatureDetail } from '../features/carousel/manage/feature-detail';
import { ManagerOnly } from '../components/manage/manager-only';

/** /manage/features/{id}: one carousel feature, to edit, preview, restore or delete. */
export default function ManageFeatureRoute() {
  const { id = '' } = useParams();
  return (
    <ManagerOnly>
      <FeatureDetail key={id} id={id} />
    </ManagerOnly>
  );
}
