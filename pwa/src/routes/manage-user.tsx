import '../i18n/manage';
import { useParams } from 'react-router-dom';
import { ManagerOnly } from '../components/manage/manager-only';
import { StaffMemberPage } from '../features/users/components/staff-member-page';

/** /manage/users/{id}: one staff account. */
export default function ManageUserRoute() {
  const { id = '' } = useParams();
  return (
    <ManagerOnly>
      <StaffMemberPage key={id} id={id} />
    </ManagerOnly>
  );
}
