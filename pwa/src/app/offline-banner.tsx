import { useSyncExternalStore } from 'react';
import { Icon } from '../components/icon';
import { useT } from '../i18n/use-t';
import './notices.css';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Tells people when the phone has no connection, so saved pages and waiting forms make sense. */
export function OfflineBanner() {
  const t = useT();
  const online = useSyncExternalStore(subscribe, () => navigator.onLine, () => true);
  return (
    <div className="notice-region" role="status">
      {!online && (
        <div className="notice notice--offline">
          <div className="container notice__inner">
            <Icon name="koru" />
            <p>
              <strong>{t('shell.offlineTitle')}</strong> {t('shell.offlineBody')}
            </p>
          </div>
        </div>
      )}
    </div>
  );
}
