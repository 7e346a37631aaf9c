import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPhone, waitForServiceWorker } from './enrol-helpers';
import { startHarness, type Harness } from './harness';

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(() => harness?.close());

it('has a manifest Chromium reads without errors, and can be installed', async () => {
  // A phone with a real profile: Chromium never offers to install from an incognito context.
  const phone = await createPhone(harness);
  const page = await phone.open();
  await page.goto('/');
  await waitForServiceWorker(page);
  const devtools = await page.context().newCDPSession(page);

  const manifest = await devtools.send('Page.getAppManifest');
  expect(manifest.errors).toEqual([]);
  const parsed = JSON.parse(manifest.data ?? '{}');
  expect(parsed).toMatchObject({ start_url: '/', display: 'standalone', lang: 'en-NZ' });
  expect(parsed.icons.map((icon: { sizes: string; purpose: string }) => `${icon.sizes} ${icon.purpose}`)).toEqual(
    expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
  );

  const { installabilityErrors } = await devtools.send('Page.getInstallabilityErrors');
  expect(installabilityErrors).toEqual([]);
  await phone.dispose();
});
