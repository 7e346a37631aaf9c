import { Suspense, useCallback, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Spinner } from '../components/spinner';
import { AuthProvider } from './auth/auth-provider';
import { useT } from '../i18n/use-t';
import { useAfterFirstPaint } from '../lib/use-after-first-paint';
import { RouteErrorBoundary } from './error-page';
import { lazyPart } from './lazy-route';
import { NavBar } from './nav-bar';
import { OfflineBanner } from './offline-banner';
import './layout.css';

/**
 * The service worker's registration and its "new version" notice are their own
 * chunk, loaded after the page has loaded and painted: nothing on it is needed to show the page
 * (decisions 060 and 070).
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

/** A route whose page fails to render shows the error page instead; the footer comes anyway. */
const pageShownAtLatestMs = 5000;

/**
 * Renders nothing. Beside the page in its Suspense boundary, it is committed with the page (not
 * while the spinner shows) and calls `onShown` once the page has been painted.
 */
function WhenPainted({ onShown }: { onShown: () => void }) {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame callback runs before the next paint; a task queued from it runs after that paint.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(onShown, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [onShown]);
  return null;
}

/**
 * True once the browser has painted both its first content and the page itself (a lazily loaded
 * page comes after the spinner): the footer and the update notice wait for it, so on a slow
 * phone their chunks do not compete with the page's own (issue 12, decision 070).
 */
function usePageShown(): [boolean, () => void] {
  const painted = useAfterFirstPaint();
  const [shown, setShown] = useState(false);
  const onShown = useCallback(() => setShown(true), []);
  useEffect(() => {
    if (shown) return;
    const timer = setTimeout(onShown, pageShownAtLatestMs);
    return () => clearTimeout(timer);
  }, [shown, onShown]);
  return [painted && shown, onShown];
}

/** The frame of every page: navigation, notices, the page itself, and the footer. */
export function RootLayout() {
  const t = useT();
  const { pathname } = useLocation();
  const loaded = useLoaded();
  const [pageShown, onPageShown] = usePageShown();
  return (
    <AuthProvider>
      <ScrollToTop />
      <a className="skip-link" href="#main">
        {t('shell.skipToContent')}
      </a>
      <NavBar />
      <OfflineBanner />
      {loaded && pageShown && (
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
            <WhenPainted onShown={onPageShown} />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      {pageShown && (
        <Suspense fallback={null}>
          <Footer />
        </Suspense>
      )}
    </AuthProvider>
  );
}
