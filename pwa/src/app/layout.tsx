import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Spinner } from '../components/spinner';
import { AuthProvider } from '../lib/auth/auth-provider';
import { useT } from '../i18n/use-t';
import { firstPaint, serverRendered } from '../lib/use-after-first-paint';
import { RouteErrorBoundary } from './error-page';
import { lazyPart } from './lazy-route';
import { NavBar } from './nav-bar';
import { OfflineBanner } from './offline-banner';
import './layout.css';

/**
 * The service worker's registration and its "new version" notice are their own chunk, loaded
 * after the page has painted: nothing on it is needed to show the page (decisions 060 and 070).
 * workbox-window itself registers the worker only after the page's `load` event.
 */
const UpdatePrompt = lazyPart(() => import('./update-prompt').then((module) => module.UpdatePrompt));

/** The warning before signing out with unsent work: only staff sign out, so it can wait too. */
const SignOutGuard = lazyPart(() => import('./sign-out-guard').then((module) => module.SignOutGuard));

/**
 * The footer is its own chunk too, fetched once the page has painted: the main area is at least
 * a screen tall (decision 006), so the footer is never in the first view and arrives before
 * anyone scrolls to it (decision 070).
 */
const Footer = lazyPart(() => import('./footer').then((module) => module.Footer));

/**
 * Spec §2: the page scrolls to the top on each navigation. Not when the app starts: a page the
 * server rendered has been read, and perhaps scrolled, before the app takes it over, and a jump
 * back to the top would also send a tap meant for a link lower down elsewhere (decision 096).
 */
function ScrollToTop() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/**
 * Renders nothing. Beside the page (or its error page) in their Suspense boundary, it is
 * committed with the page, not while the spinner shows, and calls `onShown` once the browser has
 * painted its first content and then the page.
 */
function WhenPainted({ onShown }: { onShown: () => void }) {
  useEffect(() => {
    // The frame callback runs before the next paint; a task queued from it runs after that paint.
    void firstPaint.then(() => requestAnimationFrame(() => setTimeout(onShown)));
  }, [onShown]);
  return null;
}

/** The frame of every page: navigation, notices, the page itself, and the footer. */
export function RootLayout() {
  const t = useT();
  const { pathname } = useLocation();
  // Once the page has been painted (a lazily loaded page comes after the spinner), the footer and
  // the update notice: on a slow phone their chunks then do not compete with the page's own
  // (issue 12, decision 070). A page the server rendered shows them from the start, as the server
  // did (decision 096).
  const [pageShown, setPageShown] = useState(serverRendered);
  const onPageShown = useCallback(() => setPageShown(true), []);
  return (
    <AuthProvider>
      <ScrollToTop />
      <a className="skip-link" href="#main">
        {t('shell.skipToContent')}
      </a>
      <NavBar />
      <OfflineBanner />
      {pageShown && (
        <Suspense fallback={null}>
          <UpdatePrompt />
          <SignOutGuard />
        </Suspense>
      )}
      <main id="main" className="site-main" tabIndex={-1}>
        <Suspense fallback={<Spinner />}>
          {/* Render failures show inside the layout, so the menu still works. */}
          <RouteErrorBoundary resetKey={pathname}>
            <Outlet />
          </RouteErrorBoundary>
          <WhenPainted onShown={onPageShown} />
        </Suspense>
      </main>
      {pageShown && (
        <Suspense fallback={null}>
          <Footer />
        </Suspense>
      )}
    </AuthProvider>
  );
}
