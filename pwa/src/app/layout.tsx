import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Spinner } from '../components/spinner';
import { AuthProvider } from './auth/auth-provider';
import { useT } from '../i18n/use-t';
import { Footer } from './footer';
import { NavBar } from './nav-bar';
import { OfflineBanner } from './offline-banner';
import { SignOutGuard } from './sign-out-guard';
import { UpdatePrompt } from './update-prompt';
import './layout.css';

/** Spec §2: the page scrolls to the top on each navigation. */
function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/** The frame of every page: navigation, notices, the page itself, and the footer. */
export function RootLayout() {
  const t = useT();
  return (
    <AuthProvider>
      <ScrollToTop />
      <a className="skip-link" href="#main">
        {t('shell.skipToContent')}
      </a>
      <NavBar />
      <OfflineBanner />
      <UpdatePrompt />
      <SignOutGuard />
      <main id="main" className="site-main" tabIndex={-1}>
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </AuthProvider>
  );
}
