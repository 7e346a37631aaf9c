import { ManagePageHeader } from '../../../components/manage/manage-page-header';
import { useAuth } from '../../../lib/auth/auth-context';
import { useStaffMember } from '../api/get-staff-member';
import { BackToManage } from '../../../components/manage/back-to-manage';
import { accessName } from '../../../components/manage/format';
import { QueryState } from '../../../components/manage/query-state';
import { StaffHistory } from './staff-history';
import { StaffMemberEditor } from './staff-member-editor';
import '../../../components/manage/manage.css';
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
