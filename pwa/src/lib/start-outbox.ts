/**
 * Starts the outbox's triggers on every page (DESIGN §6: a flush at start), after the page has
 * loaded, so the database code is never part of the first download. A device that has never
 * opened the app's database has nothing waiting, and loads nothing.
 */
import { localDbName } from './local-db-name';

async function startIfSomethingMayWait(): Promise<void> {
  try {
    if (typeof indexedDB === 'undefined') return;
    if (typeof indexedDB.databases === 'function') {
      const databases = await indexedDB.databases();
      if (!databases.some((database) => database.name === localDbName)) return;
    }
  } catch {
    // Cannot tell (private mode, old browser): start anyway; it is cheap after load.
  }
  const { ensureOutboxTriggers } = await import('./outbox-triggers');
  ensureOutboxTriggers();
}

export function startOutboxAfterLoad(): void {
  const start = () => void startIfSomethingMayWait().catch(() => undefined);
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
