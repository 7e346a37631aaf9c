import { spawn, type ChildProcess } from 'node:child_process';
import { appendFile, cp, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { chromiumPath, repoRoot, screenshot } from './harness';
import { phoneViewport, waitForServiceWorker } from './enrol-helpers';

/**
 * A new version deployed while someone is filling in a form: the app offers "New version —
 * reload" and never reloads by itself (DESIGN §6). The server here serves its own copy of the
 * build, so "deploying" (changing the copy's service worker) touches no other test.
 */

let workDir: string;
let distCopy: string;
let server: ChildProcess | undefined;
let baseUrl: string;
let browser: Browser;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

beforeAll(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), 'trust-update-'));
  distCopy = path.join(workDir, 'dist');
  await cp(process.env.E2E_DIST ?? path.join(repoRoot, 'pwa/dist'), distCopy, { recursive: true });
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(workDir, 'data'), PWA_DIST: distCopy, LOG_LEVEL: 'warn' };
  for (const name of ['DATABASE_URL', 'TEST_DATABASE_URL', 'TEST_DB', 'NODE_OPTIONS', 'VITEST', 'VITEST_POOL_ID', 'VITEST_WORKER_ID']) delete env[name];
  let output = '';
  server = spawn(path.join(repoRoot, 'node_modules/.bin/tsx'), ['server/src/main.ts'], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The server exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`The server did not start:\n${output}`);
    const ready = await fetch(`${baseUrl}/api/services`).then((response) => response.ok).catch(() => false);
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'] });
});

afterAll(async () => {
  await browser?.close().catch(() => undefined);
  if (server && server.exitCode === null) {
    const running = server;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGTERM');
    });
  }
  await rm(workDir, { recursive: true, force: true }).catch(() => undefined);
});

it('offers the new version and keeps a half-filled form until the person chooses to reload', async () => {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: phoneViewport, serviceWorkers: 'allow' });
  const page = await context.newPage();
  await page.goto('/enrol/whanau_ora_support');
  await waitForServiceWorker(page);
  await page.getByLabel('Given name').fill('Half');
  await page.getByLabel(/Anything you would like us to know/).fill('Still typing…');
  let loads = 0;
  page.on('load', () => (loads += 1));
  await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));

  // Deploy: the worker file changes, as it does with every build.
  await appendFile(path.join(distCopy, 'sw.js'), '\n// a new build\n');
  // The browser looks for updates on its own schedule; ask it now.
  await page.evaluate(async () => {
    await (await navigator.serviceWorker.getRegistration())?.update();
  });

  await page.getByRole('button', { name: 'New version — reload' }).waitFor({ timeout: 30_000 });
  await screenshot(page, 'update-prompt-390');
  // Give an automatic reload every chance to happen; it must not.
  await page.waitForTimeout(2_000);
  expect(loads).toBe(0);
  await expect(page.evaluate(() => 'stillTheSamePage' in window)).resolves.toBe(true);
  await expect(page.getByLabel('Given name').inputValue()).resolves.toBe('Half');
  await expect(page.getByLabel(/Anything you would like us to know/).inputValue()).resolves.toBe('Still typing…');

  // The person chooses: the new version takes over and the page reloads once.
  await page.getByRole('button', { name: 'New version — reload' }).click();
  await page.waitForEvent('load', { timeout: 30_000 });
  await page.getByRole('heading', { level: 1, name: 'Enrol in Whānau Ora Support' }).waitFor();
  await expect(page.getByRole('button', { name: 'New version — reload' }).count()).resolves.toBe(0);
  await context.close();
});
