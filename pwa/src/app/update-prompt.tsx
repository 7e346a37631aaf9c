import { useEffect, useRef } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { Button } from '../components/button';
import { useT } from '../i18n/use-t';
import './notices.css';
import '../i18n/parts'; // this part's English (en-parts.ts), registered before it renders

/**
 * When a new version of the app is waiting, offer to reload (DESIGN §6). Never reload on our
 * own: that could throw away a half-filled enrolment form.
 *
 * Through vite-plugin-pwa's register module (workbox-window, part of the stack the trust fixed).
 * The layout loads this component after the page's `load` event, so workbox-window is never part
 * of the first download (decision 060).
 */
export function UpdatePrompt() {
  const t = useT();
  const reloadRequested = useRef(false);
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onNeedReload() {
      // The reload happens below, once the new worker is in charge. The plugin's own reload
      // only covers pages a worker controlled from the start, not one claimed on a first visit.
    },
    onRegisterError() {
      // No service worker (old browser, private mode, tests that block it): the site still works online.
    },
  });

  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const reloadWhenAsked = () => {
      if (reloadRequested.current) window.location.reload();
    };
    navigator.serviceWorker.addEventListener('controllerchange', reloadWhenAsked);
    return () => navigator.serviceWorker.removeEventListener('controllerchange', reloadWhenAsked);
  }, []);

  if (!needRefresh) return null;
  return (
    <div className="notice notice--update" role="status">
      <div className="container notice__inner">
        <p>{t('update.ready')}</p>
        <div className="notice__actions">
          <Button
            size="sm"
            onClick={() => {
              reloadRequested.current = true;
              void updateServiceWorker(true);
            }}
          >
            {t('update.reload')}
          </Button>
          <Button size="sm" variant="ghost" className="notice__later" onClick={() => setNeedRefresh(false)}>
            {t('update.later')}
          </Button>
        </div>
      </div>
    </div>
  );
}
