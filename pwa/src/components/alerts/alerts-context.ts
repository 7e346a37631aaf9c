import { createContext, useContext } from 'react';

export type AlertType = 'success' | 'danger';
export type AlertOptions = { title?: string; timeout?: number };
export type Alert = { id: string; title?: string; msg: string; alertType: AlertType };

export type AlertsApi = {
  /** Shows a top-right notification that dismisses itself after `timeout` ms (default 3000). */
  setAlert: (msg: string, alertType: AlertType, options?: AlertOptions) => void;
  /** Removes one notification now. */
  removeAlert: (id: string) => void;
};

export const AlertsContext = createContext<AlertsApi | null>(null);

/** Spec §9: alerts show for 3000 ms; the removal itself is delayed 100 ms for the fade-out. */
export const alertDisplayMs = 3000;
export const alertRemovalDelayMs = 100;

/** The app's notifications: `setAlert(msg, 'success' | 'danger', { title, timeout })`. */
export function useAlerts(): AlertsApi {
  const alerts = useContext(AlertsContext);
  if (!alerts) throw new Error('useAlerts must be used inside <AlertsProvider>');
  return alerts;
}
