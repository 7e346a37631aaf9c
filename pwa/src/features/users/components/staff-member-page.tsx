import { ManagePageHeader } from '../../../app/manage/manage-page-header';
import { useAuth } from '../../../app/auth/auth-context';
import { useStaffMember } from '../api/get-staff-member';
import { BackToManage } from '../../../app/manage/back-to-manage';
import { accessName } from '../../../app/manage/format';
import { QueryState } from '../../../app/manage/query-state';
import { StaffHistory } from './staff-history';
import { StaffMemberEditor } from './staff-member-editor';
import '../../../app/manage/manage.css';
import { useT } from '../../../i18n/use-t';

/** /manage/users/{id}: one staff account to change, give a new password, deactivate or reactivate, and its history. */
export function StaffMemberPage({ id }: { id: string }) {
  const t = useT();
  const staffMember = useStaffMember(id);
  const { access, user } = useAuth();
  const loaded = staffMember.data;

  return (
    <>
      <ManagePageHeader
        eyebrow={t('manage.staffEyebrow')}
        title={loaded?.name ?? t('manage.staffAccount')}
        lead={loaded ? `${loaded.email} · ${accessName(loaded.access)}${loaded.active ? '' : t('manage.deactivatedSuffix')}` : undefined}
      />
      <div className="container manage-page">
        <BackToManage />
        <QueryState query={staffMember}>
          {(account) => (
            <>
              <StaffMemberEditor staffMember={account} ownAccess={access} ownId={user?._id} />
              <StaffHistory staffId={account._id} />
            </>
          )}
        </QueryState>
      </div>
    </>
  );
}
