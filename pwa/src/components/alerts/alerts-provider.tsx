import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { AlertsContext, alertDisplayMs, alertRemovalDelayMs, type Alert, type AlertOptions, type AlertType, type AlertsApi } from './alerts-context';
import { spec, type SpecKey } from '../../i18n/spec';
import { SpecText } from '../../i18n/spec-text';
import { useT } from '../../i18n/use-t';
import './alerts.css';

const specKeys = new Map(Object.entries(spec).map(([key, text]) => [text as string, key as SpecKey]));

/**
 * An alert's words: the spec's own wording ('Logged In', 'Error', …) shows as given with its
 * Māori line in te reo; anything else (a server's message) shows as it came.
 */
function AlertText({ text }: { text: string }) {
  const key = specKeys.get(text);
  return key ? <SpecText id={key} /> : <>{text}</>;
}

type ShownAlert = Alert & { leaving: boolean };

let alertCount = 0;

/** Holds the notifications and draws them top-right, above everything else. */
export function AlertsProvider({ children }: { children: ReactNode }) {
  const t = useT();
  const [alerts, setAlerts] = useState<ShownAlert[]>([]);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  const later = useCallback((ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      run();
    }, ms);
    timers.current.add(timer);
  }, []);

  const removeAlert = useCallback(
    (id: string) => {
      setAlerts((shown) => shown.map((alert) => (alert.id === id ? { ...alert, leaving: true } : alert)));
      later(alertRemovalDelayMs, () => setAlerts((shown) => shown.filter((alert) => alert.id !== id)));
    },
    [later],
  );

  const setAlert = useCallback(
    (msg: string, alertType: AlertType, options: AlertOptions = {}) => {
      alertCount += 1;
      const id = `alert-${alertCount}`;
      setAlerts((shown) => [...shown, { id, msg, alertType, title: options.title, leaving: false }]);
      later(options.timeout ?? alertDisplayMs, () => removeAlert(id));
    },
    [later, removeAlert],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const api = useMemo<AlertsApi>(() => ({ setAlert, removeAlert }), [setAlert, removeAlert]);

  return (
    <AlertsContext.Provider value={api}>
      {children}
      <section className="alerts" aria-label={t('alerts.label')}>
        {/* One polite live region: each notification is read once, without interrupting. */}
        <ul className="alerts__list" aria-live="polite" aria-relevant="additions">
          {alerts.map((alert) => (
            <li key={alert.id} className={`alert alert--${alert.alertType}${alert.leaving ? ' alert--leaving' : ''}`} data-alert-type={alert.alertType}>
              <div className="alert__body">
                {alert.title && (
                  <p className="alert__title">
                    <AlertText text={alert.title} />
                  </p>
                )}
                <p className="alert__msg">
                  <AlertText text={alert.msg} />
                </p>
              </div>
              <button type="button" className="alert__close" onClick={() => removeAlert(alert.id)}>
                <span aria-hidden="true">×</span>
                <span className="visually-hidden">{t('alerts.dismiss')}</span>
              </button>
            </li>
          ))}
        </ul>
      </section>
    </AlertsContext.Provider>
  );
}
