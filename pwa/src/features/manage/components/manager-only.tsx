import type { ReactNode } from 'react';
import { limits } from '@contract/limits';
import { LinkButton } from '../../../components/button';
import { ManagePageHeader } from './manage-page-header';
import { Spinner } from '../../../components/spinner';
import { paths } from '../../../lib/paths';
import { useAuth } from '../../auth/auth-context';
import './manage.css';

/**
 * Site management is for managers (access 2 and up). Anyone else signed in gets a plain
 * explanation instead of lists the server would refuse anyway; the server enforces the rule.
 */
export function ManagerOnly({ children }: { children: ReactNode }) {
  const { status, access } = useAuth();
  if (status === 'loading') {
    return (
      <>
        <ManagePageHeader eyebrow="Staff" title="Site management" />
        <div className="container manage-page">
          <Spinner />
        </div>
      </>
    );
  }
  if (access < limits.managerAccess) {
    return (
      <>
        <ManagePageHeader eyebrow="Staff" title="Manager access needed" />
        <div className="container manage-page">
          <div className="manage-card manage-notice">
            <p>
              Site management (blog posts, features, services, staff accounts and log files) is for managers. Your account
              does not have manager access. If you need it, ask a manager of the trust.
            </p>
            <LinkButton to={paths.dashboard} variant="secondary">
              Back to the dashboard
            </LinkButton>
          </div>
        </div>
      </>
    );
  }
  return <>{children}</>;
}
