import { useSyncExternalStore } from 'react';
import { Icon } from '../components/icon';
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
  const online = useSyncExternalStore(subscribe, () => navigator.onLine, () => true);
  return (
    <div className="notice-region" role="status">
      {!online && (
        <div className="notice notice--offline">
          <div className="container notice__inner">
            <Icon name="koru" />
            <p>
              <strong>You are offline.</strong> Pages you have visited still work, and anything you send waits on this
              device until you are back online.
            </p>
          </div>
        </div>
      )}
    </div>
  );
}
