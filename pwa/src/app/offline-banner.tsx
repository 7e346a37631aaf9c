import { Icon } from '../components/icon';
import { useT } from '../i18n/use-t';
import { useOnline } from '../lib/use-online';
import './notices.css';

/**
 * Tells people when the server cannot be reached (no network, or a network that does not get
 * through), so saved pages and waiting forms make sense.
 */
export function OfflineBanner() {
  const t = useT();
  const online = useOnline();
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
