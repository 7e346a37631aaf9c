import { cp, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newWorkerWaits, publishNewWorker, repoRoot, screenshot, startHarness, type Harness } from './harness';

// The service worker (DESIGN §6): the shell works with no signal, staff data is never cached,
// site management is not precached, and a new version waits for the person to reload.

let harness: Harness;
let distCopy: string;

beforeAll(async () => {
  // A copy of the build, so this file can publish a "new version" without touching pwa/dist.
  distCopy = await mkdtemp(path.join(os.tmpdir(), 'trust-dist-'));
  await cp(path.join(repoRoot, 'pwa/dist'), distCopy, { recursive: true });
  harness = await startHarness({ pwaDist: distCopy });
});

afterAll(async () => {
  await harness?.close();
  await rm(distCopy, { recursive: true, force: true });
});

async function controlledPage(): Promise<Page> {
  const page = await harness.newPage({ serviceWorkers: 'allow', viewport: { width: 390, height: 844 } });
  await page.goto('/');
  await page.getByRole('heading', { name: 'WE SUPPORT WHANAU' }).waitFor();
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  // The first visit installs the worker; from the next load it controls the page.
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await page.locator('.service-card').first().waitFor();
  return page;
}

describe('service worker', () => {
  it('precaches the shell but not the site-management chunks', async () => {
    const worker = await readFile(path.join(distCopy, 'sw.js'), 'utf8');
    const managementChunks = await readdir(path.join(distCopy, 'assets/manage'));
    expect(managementChunks.length).toBeGreaterThan(0);
    expect(managementChunks.filter((chunk) => worker.includes(chunk))).toEqual([]);
    expect(/"?url"?:\s*"index\.html"/.test(worker)).toBe(true);
    // A lazily loaded public route: visitors can open it offline without having visited it.
    expect(/assets\/blog-[\w-]+\.js/.test(worker)).toBe(true);
    // The Māori catalogue, a lazy chunk: a person who chose te reo keeps it with no signal.
    expect(/assets\/mi-[\w-]+\.js/.test(worker)).toBe(true);
  });

  it('serves the site from the device when the server cannot be reached', async () => {
    const page = await controlledPage();
    // A signed-in kaimahi's visit: their data must not end up in the worker's caches.
    await harness.loginAs(page, 2);
    await page.goto('/dashboard');
    await page.getByText('Kia ora, Mere Manager.').waitFor();
    await page.goto('/blog');
    await page.getByRole('heading', { level: 1, name: 'News and stories' }).waitFor();
    await page.locator('.blog-empty, .blog-list').first().waitFor();

    await harness.server.stop();
    try {
      // The phone says it has a network, but the server does not answer: that is offline too.
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'News and stories' }).waitFor();
      await page.getByText('You are offline.').waitFor();
      await page.context().setOffline(true);
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'News and stories' }).waitFor();
      await page.goto('/');
      await page.getByRole('heading', { name: 'WE SUPPORT WHANAU' }).waitFor();
      await page.getByText('You are offline.').waitFor();
      // The services list came from the worker's cache.
      await page.getByRole('heading', { name: 'Whānau Ora Support' }).waitFor({ timeout: 10_000 });
      await page.goto('/service/whanau_support');
      await page.getByRole('heading', { level: 1, name: 'Whānau Ora Support' }).waitFor({ timeout: 10_000 });
      await page.goto('/team');
      await page.getByRole('heading', { level: 1, name: 'KAITIAKI' }).waitFor();
      await screenshot(page, 'offline-team-390');
      // Signal again and the server answers: the banner goes without a reload.
      await harness.server.start();
      await page.context().setOffline(false);
      await page.getByText('You are offline.').waitFor({ state: 'detached' });
      const cached = await page.evaluate(async () => {
        const urls: string[] = [];
        for (const name of await caches.keys()) {
          for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
        }
        return urls;
      });
      expect(cached).toContain('/api/services');
      expect(cached.filter((url) => /^\/api\/(auth|users|logs|clients|dashboard|enrolments|sync)/.test(url))).toEqual([]);
    } finally {
      await harness.server.start();
      await page.context().close();
    }
  });

  it('offers "New version — reload" when an update waits, and reloads only when asked', async () => {
    const page = await controlledPage();
    await publishNewWorker(distCopy);
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => registration?.update()));
    const prompt = page.getByRole('button', { name: 'New version — reload' });
    await prompt.waitFor({ timeout: 20_000 });
    await screenshot(page, 'update-prompt-390', { fullPage: false });

    // Nothing reloads on its own: the new worker waits, the old one keeps the page, and a marker left on the page stays.
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    await expect(newWorkerWaits(page)).resolves.toBe(true);
    await expect(page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).resolves.toBe(true);

    await Promise.all([page.waitForEvent('load'), prompt.click()]);
    await page.getByRole('heading', { name: 'WE SUPPORT WHANAU' }).waitFor();
    await expect(page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).resolves.toBeUndefined();
    await expect(page.getByRole('button', { name: 'New version — reload' }).count()).resolves.toBe(0);
    await page.context().close();
  });
});
