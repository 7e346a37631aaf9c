import { spec } from '../../i18n/spec';
import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../paths';
import { useAlerts } from '../../components/alerts/alerts-context';
import { useAuth } from './auth-context';

/**
 * The guard of the staff routes (spec §2): anyone signed in passes; while auth is still loading
 * the page is shown; a visitor who is not signed in goes to /login with a danger alert.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const { setAlert } = useAlerts();
  const redirected = useRef(false);

  useEffect(() => {
    if (status !== 'anonymous' || redirected.current) return;
    redirected.current = true;
    setAlert(spec.mustLogIn, 'danger');
    void navigate(paths.login, { replace: true, state: { from: `${location.pathname}${location.search}` } });
  }, [status, location.pathname, location.search, navigate, setAlert]);

  if (status === 'anonymous') return null;
  return <>{children}</>;
}
