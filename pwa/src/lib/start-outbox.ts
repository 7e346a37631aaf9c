/**
 * Starts the outbox's triggers on every page (DESIGN §6: a flush at start), after the page has
 * loaded, and only when something may wait or a staff member is signed in: the outbox (Dexie,
 * the engine, the schemas) is never part of the first download, and a visitor who once enrolled
 * does not download and run it on every later page (issue 12).
 *
 * How start-up knows without opening IndexedDB: the outbox keeps a one-character note in
 * localStorage (lib/outbox/hint.ts). Only where that note is missing (an older version queued,
 * or storage is blocked) does it look for the database itself.
 */
import { getToken, subscribeToToken } from './auth-token';
import { localDbMayExist } from './local-db-name';
import { readOutboxHint } from './outbox/hint';
import { provideOutboxKinds } from './outbox/kinds-source';
import type { OutboxRegistry } from './outbox/registry';

/** Whether the outbox should be loaded on this page. */
export async function outboxMayBeNeeded(): Promise<boolean> {
  if (getToken()) return true; // staff: their work goes through the outbox
  const hint = readOutboxHint();
  if (hint !== 'unknown') return hint === 'waiting';
  // Cannot tell from the note: look for the database (start anyway where the browser cannot say; it is cheap after load).
  return localDbMayExist();
}

async function startIfSomethingMayWait(): Promise<void> {
  if (!(await outboxMayBeNeeded())) return;
  const { ensureOutboxTriggers } = await import('./outbox-triggers');
  ensureOutboxTriggers();
}

/** Starts the outbox after the page has loaded, with the kinds the app gives (src/offline-kinds.ts, loaded on first use). */
export function startOutboxAfterLoad(loadKinds: () => Promise<OutboxRegistry>): void {
  // Said at once, so a page that queues before the load event finds the kinds.
  provideOutboxKinds(loadKinds);
  const start = () => void startIfSomethingMayWait().catch(() => undefined);
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
  // A staff member signing in on this page: their work goes through the outbox from now on.
  const stop = subscribeToToken(() => {
    if (!getToken()) return;
    stop();
    start();
  });
}
