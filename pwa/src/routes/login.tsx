import '../i18n/pages';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Logo } from '../components/logo';
import { site } from '../content/site';
import { useAuth } from '../app/auth/auth-context';
import { LoginForm } from '../app/auth/login-form';
import { paths } from '../lib/paths';
import { usePageTitle } from '../lib/use-page-title';
import { Rich } from '../i18n/rich-text';
import { useT } from '../i18n/use-t';
import './pages.css';

/** Where to go after logging in: the page the guard sent them from, or "My follow-ups", the kaimahi's start screen (DESIGN §4c). */
function destinationFrom(state: unknown): string {
  const from = typeof state === 'object' && state !== null ? (state as { from?: unknown }).from : undefined;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && from !== paths.login ? from : paths.followUps;
}

/** Staff login (spec §4). */
export default function LoginRoute() {
  const t = useT();
  usePageTitle(t('login.title'));
  const { status } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const destination = destinationFrom(location.state);

  // Someone already signed in has nothing to do here.
  useEffect(() => {
    if (status === 'authenticated') void navigate(destination, { replace: true });
  }, [status, destination, navigate]);

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
          <LoginForm onLoggedIn={() => void navigate(destination, { replace: true })} />
          <p className="login__help">{t('login.help')}</p>
        </section>
      </div>
    </div>
  );
}
