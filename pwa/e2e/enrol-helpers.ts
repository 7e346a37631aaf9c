/**
 * Helpers of the enrolment and offline browser tests: a "phone" whose storage survives closing
 * the browser, filling the enrolment form, reading the phone's IndexedDB, and the server's rows.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { chromiumArgs, chromiumPath, type Harness } from './harness';

export const phoneViewport = { width: 390, height: 844 } as const;

/**
 * A phone with its own profile folder: closing it and opening it again keeps IndexedDB, the
 * service worker and its caches, as closing and reopening the browser on a real phone does.
 * (A `storageState` would carry cookies and localStorage only.)
 */
export async function createPhone(harness: Harness) {
  const profileDir = await mkdtemp(path.join(os.tmpdir(), 'trust-phone-'));
  let context: BrowserContext | null = null;

  async function open(): Promise<Page> {
    context = await chromium.launchPersistentContext(profileDir, {
      executablePath: chromiumPath,
      args: chromiumArgs,
      baseURL: harness.baseUrl,
      viewport: phoneViewport,
      serviceWorkers: 'allow',
      locale: 'en-NZ',
      timezoneId: 'Pacific/Auckland',
    });
    return context.pages()[0] ?? (await context.newPage());
  }

  async function close(): Promise<void> {
    await context?.close();
    context = null;
  }

  return {
    open,
    close,
    async dispose() {
      await close();
      await rm(profileDir, { recursive: true, force: true }).catch(() => undefined);
    },
  };
}

/** Waits until the app's service worker controls the page (reloading once if it took over late). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
}

export type EnrolmentFields = { givenName: string; familyName?: string; phone?: string; email?: string; suburb?: string; message?: string };

/** Fills the enrolment form as a person would and presses "Enrol". */
export async function fillAndSubmitEnrolment(page: Page, fields: EnrolmentFields): Promise<void> {
  await page.getByLabel('Given name').fill(fields.givenName);
  await page.getByLabel('Family name').fill(fields.familyName ?? 'Ngata');
  await page.getByLabel('Phone number').fill(fields.phone ?? '021 555 0101');
  if (fields.email) await page.getByLabel('Email address').fill(fields.email);
  if (fields.suburb) await page.getByLabel('Suburb (optional)').fill(fields.suburb);
  if (fields.message) await page.getByLabel(/Anything you would like us to know/).fill(fields.message);
  await page.getByLabel('Text message').check();
  await page.getByLabel(/I have read the privacy statement/).check();
  await page.getByRole('button', { name: 'Enrol', exact: true }).click();
}

/** Everything in the phone's database, read with plain IndexedDB (no app code involved). */
export async function readPhoneDatabase(page: Page): Promise<{ outbox: Record<string, unknown>[]; receipts: Record<string, unknown>[] }> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('trust-app');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const all = (store: string) =>
      new Promise<Record<string, unknown>[]>((resolve, reject) => {
        if (!db.objectStoreNames.contains(store)) return resolve([]);
        const request = db.transaction(store).objectStore(store).getAll();
        request.onsuccess = () => resolve(request.result as Record<string, unknown>[]);
        request.onerror = () => reject(request.error);
      });
    const result = { outbox: await all('outbox'), receipts: await all('receipts') };
    db.close();
    return result;
  });
}

type WaitingEdit = { givenName: string | null; payload: Record<string, unknown>; delayMs: number | null };

/** Rewrites the phone's items with plain IndexedDB: those of this given name, or (null) every pending one. */
async function editWaiting(page: Page, edit: WaitingEdit): Promise<void> {
  await page.evaluate(async ({ givenName, payload, delayMs }) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('trust-app');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    await new Promise<void>((resolve, reject) => {
      const transaction = db.transaction('outbox', 'readwrite');
      const cursorRequest = transaction.objectStore('outbox').openCursor();
      cursorRequest.onsuccess = () => {
        const cursor = cursorRequest.result;
        if (!cursor) return;
        const operation = cursor.value as { payload: Record<string, unknown> | null; state: string; nextAttemptAt: number };
        if (givenName === null ? operation.state === 'pending' : operation.payload?.givenName === givenName) {
          cursor.update({
            ...operation,
            payload: operation.payload && { ...operation.payload, ...payload },
            nextAttemptAt: delayMs === null ? operation.nextAttemptAt : Date.now() + delayMs,
          });
        }
        cursor.continue();
      };
      transaction.oncomplete = () => resolve();
      transaction.onerror = () => reject(transaction.error);
    });
    db.close();
  }, edit);
}

/** Changes a waiting item's payload in the phone's database (to make the real server refuse it). */
export function editWaitingPayload(page: Page, givenName: string, changes: Record<string, unknown>): Promise<void> {
  return editWaiting(page, { givenName, payload: changes, delayMs: null });
}

/** Puts every waiting item's next try this far off, as a long backoff would. */
export function postponeWaiting(page: Page, delayMs: number): Promise<void> {
  return editWaiting(page, { givenName: null, payload: {}, delayMs });
}

type EnrolmentRow = { _id: string; reference: string; givenName: string; familyName: string; serviceKey: string };

/** The server's enrolments with this given name, as kaimahi see them (`GET /api/enrolments`). */
export async function serverEnrolments(harness: Harness, givenName: string): Promise<EnrolmentRow[]> {
  // A manager sees every enrolment; a kaimahi only those of the services they work on.
  const staff = await harness.createStaff(2);
  const token = await harness.tokenFor(staff);
  const response = await harness.api('/api/enrolments?pageSize=200', { token });
  if (!response.ok) throw new Error(`listing enrolments failed: ${response.status} ${await response.text()}`);
  const page = (await response.json()) as { items: EnrolmentRow[] };
  return page.items.filter((row) => row.givenName === givenName);
}

/** Opens or closes a service as a manager (`PATCH /api/services/{key}`). */
export async function setServiceStatus(harness: Harness, key: string, status: 'active' | 'inactive', statusText = ''): Promise<void> {
  const manager = await harness.createStaff(2);
  const token = await harness.tokenFor(manager);
  const response = await harness.api(`/api/services/${key}`, {
    method: 'PATCH',
    token,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ status, statusText }),
  });
  if (!response.ok) throw new Error(`changing the service failed: ${response.status} ${await response.text()}`);
}
