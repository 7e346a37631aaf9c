import '../i18n/pages';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Logo } from '../components/logo';
import { site } from '../content/site';
import { useAuth } from '../lib/auth/auth-context';
import { LoginForm } from '../lib/auth/login-form';
import { limits } from '@contract/limits';
import { paths } from '../lib/paths';
import { usePageTitle } from '../lib/use-page-title';
import { Rich } from '../i18n/rich-text';
import { useT } from '../i18n/use-t';
import './pages.css';

/**
 * Where to go after logging in: the page the guard sent them from, else the start screen: "My
 * follow-ups" for a kaimahi (DESIGN §4c), the dashboard for a manager, whose day starts with what
 * came in and what is overdue across the trust rather than their own list (issue 31).
 */
function destinationFrom(state: unknown, access: number): string {
  const from = typeof state === 'object' && state !== null ? (state as { from?: unknown }).from : undefined;
  if (typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && from !== paths.login) return from;
  return access >= limits.managerAccess ? paths.dashboard : paths.followUps;
}

/** Whether this phone is linked to a whānau (features/whanau-app keeps the note): the link then opens it. */
function whanauAppLinked(): boolean {
  try {
    return typeof localStorage !== 'undefined' && localStorage.getItem('whanauAppLinked') === '1';
  } catch {
    return false;
  }
}

/** Staff login (spec §4). */
export default function LoginRoute() {
  const t = useT();
  usePageTitle(t('login.title'));
  const { status, user } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();

  // Someone signed in (just now, or before coming here) has nothing to do here.
  useEffect(() => {
    if (status === 'authenticated' && user) void navigate(destinationFrom(location.state, user.access), { replace: true });
  }, [status, user, location.state, navigate]);

  return (
    <div className="login">
      <div className="container">
        <section className="card login__card" aria-labelledby="login-title">
          <Logo className="login__logo" />
          <p className="login__greeting">
            <Rich id="login.greeting" />
          </p>
          <h1 id="login-title" className="login__title">
            {t('login.title')}
          </h1>
          <p className="login__intro">
            <Rich id="login.intro" params={{ name: site.name }} />
          </p>
          <LoginForm />
          <p className="login__help">{t('login.help')}</p>
          <p className="login__help">
            <Link to={paths.whanauApp}>{t(whanauAppLinked() ? 'login.whanauAppOpen' : 'login.whanauApp')}</Link>
          </p>
        </section>
      </div>
    </div>
  );
}
