import { useEffect, useRef, useState } from 'react';
import { Button } from '../components/button';
import { useT } from '../i18n/use-t';
import './notices.css';

/**
 * Registers the service worker and, when a new version of the app is waiting, offers to reload
 * (DESIGN §6). Never reloads on its own: that could throw away a half-filled enrolment form.
 *
 * The browser's own Service Worker API, not workbox-window (2.2 KB gzip on every first visit,
 * decision 060): a worker that finishes installing while another controls the page is a new
 * version; "New version — reload" asks it to take over (SKIP_WAITING, see sw.ts) and the page
 * reloads once it has.
 */
export function UpdatePrompt() {
  const t = useT();
  const [waiting, setWaiting] = useState<ServiceWorker | null>(null);
  const reloadRequested = useRef(false);

  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const container = navigator.serviceWorker;
    let stopped = false;
    const offer = (worker: ServiceWorker | null) => {
      // With no controller this is the first install, not an update: nothing to offer.
      if (!stopped && worker && worker.state === 'installed' && container.controller) setWaiting(worker);
    };
    const follow = (worker: ServiceWorker | null) => {
      if (!worker) return;
      offer(worker);
      worker.addEventListener('statechange', () => offer(worker));
    };
    container
      .register('/sw.js', { scope: '/' })
      .then((registration) => {
        offer(registration.waiting);
        follow(registration.installing);
        registration.addEventListener('updatefound', () => follow(registration.installing));
      })
      .catch(() => {
        // No service worker (old browser, private mode, tests that block it): the site still works online.
      });
    const reloadWhenAsked = () => {
      if (reloadRequested.current) window.location.reload();
    };
    container.addEventListener('controllerchange', reloadWhenAsked);
    return () => {
      stopped = true;
      container.removeEventListener('controllerchange', reloadWhenAsked);
    };
  }, []);

  if (!waiting) return null;
  return (
    <div className="notice notice--update" role="status">
      <div className="container notice__inner">
        <p>{t('update.ready')}</p>
        <div className="notice__actions">
          <Button
            size="sm"
            onClick={() => {
              reloadRequested.current = true;
              waiting.postMessage({ type: 'SKIP_WAITING' });
            }}
          >
            {t('update.reload')}
          </Button>
          <Button size="sm" variant="ghost" className="notice__later" onClick={() => setWaiting(null)}>
            {t('update.later')}
          </Button>
        </div>
      </div>
    </div>
  );
}
