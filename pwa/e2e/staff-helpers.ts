/**
 * Helpers of the browser tests of a kaimahi's client work: clients and notes made through the
 * API, a device with the app installed, signing in through the form, the clients list with its
 * copy made, "no signal" (the server stopped), and what the device keeps in IndexedDB.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import type { ClientDetail } from '@contract/clients';
import { waitForServiceWorker } from './enrol-helpers';
import { pageProblems, recordAlerts, type Harness } from './harness';

const headers = { 'content-type': 'application/json' };

/** The body of a 2xx answer; anything else fails with the status and the server's words. */
export async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A client made through the API by this token's person (so it is in their caseload), with a case note if given. */
export async function createClient(harness: Harness, token: string, fields: Record<string, string>, note?: string): Promise<ClientDetail> {
  const client = await json<ClientDetail>(
    await harness.api('/api/clients', { method: 'POST', token, headers, body: JSON.stringify({ _id: randomUUID(), ...fields }) }),
  );
  if (note !== undefined) {
    await json(
      await harness.api(`/api/clients/${client._id}/notes`, { method: 'POST', token, headers, body: JSON.stringify({ _id: randomUUID(), text: note }) }),
    );
  }
  return client;
}

/** A client as the server holds it now. */
export function readClient(harness: Harness, token: string, id: string): Promise<ClientDetail> {
  return harness.api(`/api/clients/${id}`, { token }).then((response) => json<ClientDetail>(response));
}

/** A phone or laptop with the app installed (its service worker serves the app with no signal), recording its alerts. */
export async function newDevice(harness: Harness, viewport: { width: number; height: number }): Promise<Page> {
  const page = await harness.newPage({ viewport, serviceWorkers: 'allow' });
  await recordAlerts(page);
  await page.goto('/');
  await waitForServiceWorker(page);
  return page;
}

/** From the dashboard to the clients list by links (a full page load would forget the key, as reopening does), once the copy is ready. */
export async function openClients(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Open the clients' }).click();
  await page.getByRole('link', { name: 'Clients', exact: true }).and(page.locator('.clients-tabs__tab')).click();
  await page.getByText(/clients? kept on this device, encrypted\./).waitFor({ timeout: 30_000 });
}

/**
 * Opens the device's copy on a client's page with no signal: the password, then the wait for the
 * page to come from the copy (the key is derived with PBKDF2, many seconds on a busy machine).
 */
export async function unlockClientPage(page: Page, password: string): Promise<void> {
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await page.getByText('No signal: this is the copy kept on this device.').waitFor({ timeout: 60_000 });
}

/** "No signal" for the length of `work`: the server stopped, started again after whatever happens. */
export async function withServerStopped<T>(harness: Harness, work: () => Promise<T>): Promise<T> {
  await harness.server.stop();
  try {
    return await work();
  } finally {
    await harness.server.start();
  }
}

/**
 * Problems other than the failed requests of a stopped server (the point of these tests): refused,
 * failed, or cut off with no answer, reset, or an answer cut off half-way when the server stopped
 * (or was killed, when slow to close) while a request was on its way.
 */
const stoppedServer = ['ERR_CONNECTION_REFUSED', 'ERR_FAILED', 'ERR_EMPTY_RESPONSE', 'ERR_CONNECTION_RESET', 'ERR_INCOMPLETE_CHUNKED_ENCODING'];
export const offlineFaults = (page: Page): string[] => pageProblems(page).filter((problem) => !stoppedServer.some((code) => problem.includes(code)));

/** The names of the device's databases of staff work (the caseload copy and what waits to be sent). */
export const staffDatabases = (page: Page): Promise<string[]> =>
  page.evaluate(async () => (await indexedDB.databases()).map((info) => info.name ?? '').filter((name) => name.startsWith('trust-staff-')));

/** Every record of every object store of every IndexedDB database of the page, as text (bytes decoded as UTF-8). */
export async function everythingInIndexedDb(page: Page): Promise<{ databases: string[]; text: string }> {
  return page.evaluate(async () => {
    const decoder = new TextDecoder();
    const flatten = (value: unknown): unknown => {
      if (value instanceof ArrayBuffer) return decoder.decode(value);
      if (ArrayBuffer.isView(value)) return decoder.decode(value as Uint8Array);
      if (Array.isArray(value)) return value.map(flatten);
      if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, flatten(inner)]));
      return value;
    };
    const databases = (await indexedDB.databases()).map((info) => info.name ?? '').filter(Boolean);
    const parts: string[] = [];
    for (const name of databases) {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      for (const store of Array.from(db.objectStoreNames)) {
        const rows = await new Promise<unknown[]>((resolve, reject) => {
          const request = db.transaction(store, 'readonly').objectStore(store).getAll();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        parts.push(`${name}/${store}: ${JSON.stringify(flatten(rows))}`);
      }
      db.close();
    }
    return { databases, text: parts.join('\n') };
  });
}
