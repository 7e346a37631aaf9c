import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, startHarness, type Harness } from './harness';

/**
 * A first visit to the home page (issue 12, issue 11): what it downloads, the counters, where the
 * services are on a phone, and a malformed record in a public list.
 */

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness?.close();
});

async function withPage(test: (page: Page) => Promise<void>, options?: Parameters<Harness['newPage']>[0]): Promise<void> {
  const page = await harness.newPage(options);
  try {
    await test(page);
  } finally {
    await page.context().close();
  }
}

const dist = path.join(repoRoot, 'pwa/dist');
const gzipKb = (files: readonly string[]) => files.reduce((sum, file) => sum + gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length, 0) / 1024;

describe('a first visit to /', () => {
  it('downloads at most 100 KB of JavaScript (gzip), all of it from this site', () =>
    withPage(async (page) => {
      const scripts = new Set<string>();
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script') scripts.add(new URL(response.url()).pathname.slice(1));
      });
      await page.goto('/', { waitUntil: 'load' });
      await page.getByRole('heading', { level: 2, name: 'OUR FOCUS' }).waitFor();
      await page.waitForLoadState('networkidle');
      const files = [...scripts].sort();
      const kb = gzipKb(files);
      console.log(`First visit to /: ${kb.toFixed(1)} KB of JavaScript (gzip) in ${files.length} files: ${files.join(', ')}`);
      expect(files.every((file) => file.startsWith('assets/') && !file.startsWith('assets/manage/'))).toBe(true);
      expect(kb).toBeLessThanOrEqual(100);
    }));
});
