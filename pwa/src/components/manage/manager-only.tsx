// Its words are site management's: a route that is not under /manage (reports) has not loaded them.
import '../../i18n/manage';
import type { ReactNode } from 'react';
import { limits } from '@contract/limits';
import { LinkButton } from '../button';
import { ManagePageHeader } from './manage-page-header';
import { Spinner } from '../spinner';
import { paths } from '../../lib/paths';
import { useAuth } from '../../lib/auth/auth-context';
import './manage.css';
import { useT } from '../../i18n/use-t';

/**
 * Site management is for managers (access 2 and up). Anyone else signed in gets a plain
 * explanation instead of lists the server would refuse anyway; the server enforces the rule.
 */
export function ManagerOnly({ children }: { children: ReactNode }) {
  const t = useT();
  const { status, access } = useAuth();
  if (status === 'loading') {
    return (
      <>
        <ManagePageHeader eyebrow={t('manage.staff')} title={t('manage.title')} />
        <div className="container manage-page">
          <Spinner />
        </div>
      </>
    );
  }
  if (access < limits.managerAccess) {
    return (
      <>
        <ManagePageHeader eyebrow={t('manage.staff')} title={t('manage.managerNeededTitle')} />
        <div className="container manage-page">
          <div className="manage-card manage-notice">
            <p>{t('manage.managerNeeded')}</p>
            <LinkButton to={paths.dashboard} variant="secondary">
              {t('manage.backToDashboard')}
            </LinkButton>
          </div>
        </div>
      </>
    );
  }
  return <>{children}</>;
}
