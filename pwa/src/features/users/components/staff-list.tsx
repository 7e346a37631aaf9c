import { Link } from 'react-router-dom';
import { staffPaths } from '../../../lib/staff-paths';
import { useStaff } from '../api/list-staff';
import { accessName } from '../../../components/manage/format';
import { QueryState } from '../../../components/manage/query-state';
import { useT } from '../../../i18n/use-t';

/** Every staff account with its access level and whether it can sign in. */
export function StaffList() {
  const t = useT();
  const staff = useStaff();
  return (
    <QueryState query={staff}>
      {(accounts) => (
        <ul className="manage-list">
          {accounts.map((account) => (
            <li key={account._id} className="manage-list__item manage-list__item--wrap">
              <div className="manage-list__text">
                <Link to={staffPaths.manageUser(account._id)} className="manage-list__title">
                  {account.name}
                </Link>
                <span className="manage-list__meta manage-break">{account.email}</span>
              </div>
              <div className="manage-badges">
                <span className="manage-badge">{accessName(account.access)}</span>
                {account.active ? null : <span className="manage-badge manage-badge--muted">{t('manage.deactivated')}</span>}
              </div>
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}
