import { Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Spinner } from '../components/spinner';
import { AuthProvider } from './auth/auth-provider';
import { useT } from '../i18n/use-t';
import { RouteErrorBoundary } from './error-page';
import { lazyPart } from './lazy-route';
import { NavBar } from './nav-bar';
import { OfflineBanner } from './offline-banner';
import './layout.css';

/**
 * The service worker's registration and its "new version" notice are their own
 * chunk, loaded after the page: nothing on it is needed to show the page (decision 060).
 */
const UpdatePrompt = lazyPart(() => import('./update-prompt').then((module) => module.UpdatePrompt));

/**
 * The footer is its own chunk too: the main area is at least a screen tall (decision 006), so
 * the footer is never in the first view and arrives before anyone scrolls to it.
 */
/** The warning before signing out with unsent work: only staff sign out, so it can wait too. */
const SignOutGuard = lazyPart(() => import('./sign-out-guard').then((module) => module.SignOutGuard));

const Footer = lazyPart(() => import('./footer').then((module) => module.Footer));

/** True once the page has finished loading, so work that can wait starts after it. */
function useLoaded(): boolean {
  const [loaded, setLoaded] = useState(() => document.readyState === 'complete');
  useEffect(() => {
    if (loaded) return;
    const done = () => setLoaded(true);
    window.addEventListener('load', done, { once: true });
    return () => window.removeEventListener('load', done);
  }, [loaded]);
  return loaded;
}

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
  const { pathname } = useLocation();
  const loaded = useLoaded();
  return (
    <AuthProvider>
      <ScrollToTop />
      <a className="skip-link" href="#main">
        {t('shell.skipToContent')}
      </a>
      <NavBar />
      <OfflineBanner />
      {loaded && (
        <Suspense fallback={null}>
          <UpdatePrompt />
          <SignOutGuard />
        </Suspense>
      )}
      <main id="main" className="site-main" tabIndex={-1}>
        {/* Render failures show inside the layout, so the menu still works. */}
        <RouteErrorBoundary resetKey={pathname}>
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
    </AuthProvider>
  );
}
