import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { newWorkerWaits, publishNewWorker, repoRoot, screenshot, startHarness, type Harness } from './harness';
import { phoneViewport, waitForServiceWorker } from './enrol-helpers';

/**
 * A new version deployed while someone is filling in the enrolment form: the app offers
 * "New version — reload" and never reloads by itself (DESIGN §6). The server serves its own
 * copy of the build, so "deploying" touches no other test.
 */

let harness: Harness;
let distCopy: string;

beforeAll(async () => {
  distCopy = await mkdtemp(path.join(os.tmpdir(), 'trust-update-'));
  await cp(path.join(repoRoot, 'pwa/dist'), distCopy, { recursive: true });
  harness = await startHarness({ pwaDist: distCopy });
});

afterAll(async () => {
  await harness?.close();
  await rm(distCopy, { recursive: true, force: true }).catch(() => undefined);
});

it('offers the new version and keeps a half-filled enrolment form until the person chooses to reload', async () => {
  const page = await harness.newPage({ viewport: phoneViewport, serviceWorkers: 'allow' });
  await page.goto('/enrol/whanau_ora_support');
  await waitForServiceWorker(page);
  await page.getByLabel('Given name').fill('Half');
  await page.getByLabel(/Anything you would like us to know/).fill('Still typing…');
  let loads = 0;
  page.on('load', () => (loads += 1));
  await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));

  await publishNewWorker(distCopy);
  // The browser looks for updates on its own schedule; ask it now.
  await page.evaluate(async () => {
    await (await navigator.serviceWorker.getRegistration())?.update();
  });

  await page.getByRole('button', { name: 'New version — reload' }).waitFor({ timeout: 30_000 });
  await screenshot(page, 'update-prompt-enrol-390');
  // No automatic reload: the new worker waits for the person, the old one keeps the page.
  await expect(newWorkerWaits(page)).resolves.toBe(true);
  expect(loads).toBe(0);
  await expect(page.evaluate(() => 'stillTheSamePage' in window)).resolves.toBe(true);
  await expect(page.getByLabel('Given name').inputValue()).resolves.toBe('Half');
  await expect(page.getByLabel(/Anything you would like us to know/).inputValue()).resolves.toBe('Still typing…');

  // The person chooses: the new version takes over and the page reloads once. The wait starts
  // before the press: the click can return after the reload has begun, and a quick load then
  // happened before a wait started after it (a whole run under load failed here).
  const reloaded = page.waitForEvent('load', { timeout: 30_000 });
  await page.getByRole('button', { name: 'New version — reload' }).click();
  await reloaded;
  await page.getByRole('heading', { level: 1, name: 'Enrol in Whānau Ora Support' }).waitFor();
  await expect(page.getByRole('button', { name: 'New version — reload' }).count()).resolves.toBe(0);
  await page.context().close();
});
