import '../i18n/manage';
import { useParams } from 'react-router-dom';
import { ManagerOnly } from '../features/manage/components/manager-only';
import { StaffMemberPage } from '../features/manage/components/staff-member-page';

/** /manage/users/{id}: one staff account. */
export default function ManageUserRoute() {
  const { id = '' } = useParams();
  return (
    <ManagerOnly>
      <StaffMemberPage key={id} id={id} />
    </ManagerOnly>
  );
}
