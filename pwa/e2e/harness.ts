/**
 * Browser tests drive the BUILT app (pwa/dist, `npm run build` first) served by the REAL server
 * in a child process, with headless Debian Chromium through playwright-core.
 *
 *   const harness = await startHarness();          // server on a free port + browser
 *   const page = await harness.newPage();          // page whose relative URLs hit the server
 *   await harness.loginAs(page, 2);                // a manager's token in localStorage
 *   await checkA11y(page);                         // axe-core, fails listing every violation
 *   await screenshot(page, 'home-390');            // /tmp/screens/home-390.png
 *   await harness.server.stop(); ... start();      // "no signal": same port, same data
 *   await harness.close();
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';

export const repoRoot = path.resolve(import.meta.dirname, '../..');
const distDir = path.join(repoRoot, 'pwa/dist');
const tsx = path.join(repoRoot, 'node_modules/.bin/tsx');
export const screensDir = '/tmp/screens';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The switches every browser of the tests and benchmarks starts with. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export type Staff = { email: string; name: string; password: string; access: number };

export type TestServer = {
  port: number;
  baseUrl: string;
  dataDir: string;
  /** Starts the server again on the same port and data folder (after `stop`). */
  start(): Promise<void>;
  /** Stops the server, as if the phone lost signal. */
  stop(): Promise<void>;
  /** What the server printed, for failure messages. */
  output(): string;
};

export type NewPageOptions = Pick<BrowserContextOptions, 'viewport' | 'reducedMotion' | 'serviceWorkers' | 'isMobile' | 'hasTouch'>;

export type Harness = {
  server: TestServer;
  browser: Browser;
  baseUrl: string;
  /**
   * A page in its own browser context (own storage). Service workers are blocked unless asked
   * for, so `page.route` sees every request; offline tests pass `serviceWorkers: 'allow'`.
   */
  newPage(options?: NewPageOptions): Promise<Page>;
  /** Runs `test` on a new page and closes its context whatever happens. */
  withPage(test: (page: Page) => Promise<void>, options?: NewPageOptions): Promise<void>;
  /** A staff account made with the CLI (`server/src/cli/create-user.ts`), one per access level. */
  createStaff(access: number): Promise<Staff>;
  /** A token for the account, from `POST /api/auth`. */
  tokenFor(staff: Staff): Promise<string>;
  /** Signs the page in as staff of that access level (token in localStorage 'token'). */
  loginAs(page: Page, access: number): Promise<Staff & { token: string }>;
  /**
   * Signs in through the form with the password, as a person does, and waits until the copy of
   * the caseload on the device is made (the client screens need it; `loginAs` sets a token only).
   */
  signInWithPassword(page: Page, staff: Staff): Promise<void>;
  /** `fetch` against the server, with JSON helpers left to the caller. */
  api(pathname: string, init?: RequestInit & { token?: string }): Promise<Response>;
  close(): Promise<void>;
};

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.unref();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/**
 * A port for one test file's server, from a block of its own below the kernel's ephemeral range
 * (32768 and up). A port the kernel hands out for `listen(0)` could go to another file while a
 * test has stopped its server to play "no signal", and the restart would then find it taken.
 * Each worker of a run (`VITEST_POOL_ID`) has its own block, so the files running at once
 * never look at the same ports; within it the start is random, since another run on the machine
 * (another checkout's tests) has workers of the same numbers and the same blocks.
 */
const portBlock = 500;

async function freePort(): Promise<number> {
  const worker = Number(process.env.VITEST_POOL_ID ?? 0) % 24;
  const first = 20_000 + worker * portBlock;
  const offset = Math.floor(Math.random() * portBlock);
  for (let step = 0; step < portBlock; step++) {
    const port = first + ((offset + step) % portBlock);
    if (await portIsFree(port)) return port;
  }
  throw new Error(`No free port in ${first}–${first + portBlock - 1}`);
}

function serverEnv(port: number, dataDir: string, pwaDist = distDir): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PWA_DIST: pwaDist, LOG_LEVEL: 'warn' };
  // Each test file gets its own SQLite database, whatever the surrounding test run uses.
  delete env.DATABASE_URL;
  delete env.TEST_DATABASE_URL;
  delete env.TEST_DB;
  delete env.NODE_OPTIONS;
  delete env.VITEST;
  delete env.VITEST_POOL_ID;
  delete env.VITEST_WORKER_ID;
  return env;
}

/**
 * Whether the child is still running. A child ended by a signal (the SIGKILL `stop` sends when
 * the server is slow to close) has a `signalCode` and no `exitCode`: reading `exitCode` alone
 * took it for running, so `start` did nothing and the next `stop` waited for an exit that had
 * already happened.
 */
function running(child: ChildProcess | undefined): boolean {
  return child !== undefined && child.exitCode === null && child.signalCode === null;
}

/**
 * Waits until this child says it is serving and the port answers. Waiting for the child's own
 * line matters on a restart: if another test file's server took the port meanwhile, this child
 * fails to listen, and a bare poll of the port would talk to the other server and its database.
 */
async function waitForServer(baseUrl: string, child: ChildProcess, output: () => string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!running(child)) throw new Error(`The server exited with ${child.exitCode ?? child.signalCode}:\n${output()}`);
    if (output().includes('Serving on')) {
      try {
        const response = await fetch(`${baseUrl}/api/services`);
        if (response.ok) return;
      } catch {
        // Not answering yet.
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server did not answer within ${timeoutMs} ms:\n${output()}`);
}

export type ServerOptions = {
  /** Serve another copy of the built app (e.g. to publish a "new version"); pwa/dist by default. */
  pwaDist?: string;
  /** More settings for the server (e.g. `SYNC_TIME_BUDGET_MS`). */
  env?: Record<string, string>;
  /** Run the server of another checkout of this repository (a benchmark's baseline); this one by default. */
  checkout?: string;
};

/** Starts the real server on a free port with a fresh data folder. */
export async function startServer(options: ServerOptions = {}): Promise<TestServer> {
  const pwaDist = options.pwaDist ?? distDir;
  if (!existsSync(path.join(pwaDist, 'index.html'))) {
    throw new Error('pwa/dist is missing: run `npm run build` before the browser tests');
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'trust-e2e-'));
  // Between the probe of a port and the server listening on it (seconds, while tsx starts) another
  // run's server can take it: then the same again on another port.
  for (let attempt = 1; ; attempt++) {
    const server = serverOn(await freePort(), dataDir, pwaDist, options.env, options.checkout);
    try {
      await server.start();
      return server;
    } catch (error) {
      if (attempt >= 5 || !server.output().includes('EADDRINUSE')) throw error;
    }
  }
}

/** The server on this port and data folder, not started yet. */
function serverOn(port: number, dataDir: string, pwaDist: string, env: Record<string, string> = {}, checkout = repoRoot): TestServer {
  const baseUrl = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  let log = '';
  let stopping = false;

  const server: TestServer = {
    port,
    baseUrl,
    dataDir,
    output: () => log.slice(-4000),
    async start() {
      if (running(child)) return;
      // Its own process group: stopping it stops tsx and the node process tsx starts, never leaving
      // the server orphaned on the port.
      const started = spawn(tsx, ['server/src/main.ts'], {
        cwd: checkout,
        env: { ...serverEnv(port, dataDir, pwaDist), ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      });
      child = started;
      log += '\n--- (re)start ---\n';
      const startedAt = log.length;
      started.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
      started.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
      // A server that dies while a test counts on it says so at once, with what it printed: a CI
      // run once showed only the test's "connection refused" that followed.
      started.once('exit', (code, signal) => {
        if (stopping || child !== started) return;
        log += `\n--- exited unexpectedly (code ${code}, signal ${signal}) ---\n`;
        console.error(`The test server on port ${port} exited unexpectedly (code ${code}, signal ${signal}):\n${log.slice(-4000)}`);
      });
      await waitForServer(baseUrl, started, () => log.slice(startedAt));
    },
    async stop() {
      const current = child;
      if (!current || !running(current)) return;
      stopping = true;
      await new Promise<void>((resolve) => {
        const signalGroup = (signal: NodeJS.Signals) => {
          try {
            process.kill(-current.pid!, signal);
          } catch {
            current.kill(signal);
          }
        };
        const kill = setTimeout(() => signalGroup('SIGKILL'), 10_000);
        current.once('exit', () => {
          clearTimeout(kill);
          stopping = false;
          resolve();
        });
        signalGroup('SIGTERM');
      });
    },
  };
  return server;
}

function runCli(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const cli = spawn(tsx, ['server/src/cli/create-user.ts', ...args], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    cli.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    cli.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    cli.on('error', reject);
    cli.on('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`create-user exited with ${code}:\n${output}`))));
  });
}

const problemsByPage = new WeakMap<Page, string[]>();

/**
 * Console errors and uncaught exceptions the page produced (CSP violations included). The
 * browser's own "Failed to load resource" lines for 4xx answers the app handles are left out.
 */
export function pageProblems(page: Page): string[] {
  return problemsByPage.get(page) ?? [];
}

/** Starts a server and a browser for one test file. */
export async function startHarness(options: ServerOptions = {}): Promise<Harness> {
  // Both at once: the browser starts while the server's process loads and migrates.
  const [started, launched] = await Promise.allSettled([startServer(options), chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })]);
  if (started.status === 'rejected' || launched.status === 'rejected') {
    if (started.status === 'fulfilled') await started.value.stop();
    if (launched.status === 'fulfilled') await launched.value.close().catch(() => undefined);
    throw started.status === 'rejected' ? started.reason : (launched as PromiseRejectedResult).reason;
  }
  const server = started.value;
  const browser: Browser = launched.value;
  const staffByAccess = new Map<number, Promise<Staff>>();

  const api: Harness['api'] = (pathname, init = {}) => {
    const { token, headers, ...rest } = init;
    const merged = new Headers(headers);
    if (token) merged.set('x-auth-token', token);
    return fetch(`${server.baseUrl}${pathname}`, { ...rest, headers: merged }).catch((error: unknown) => {
      // No answer at all: name the request and show the server's last words with it.
      throw new Error(`${rest.method ?? 'GET'} ${pathname} got no answer (${String(error)}); the server printed:\n${server.output()}`, { cause: error });
    });
  };

  const harness: Harness = {
    server,
    browser,
    baseUrl: server.baseUrl,

    async newPage(options = {}) {
      const context = await browser.newContext({
        baseURL: server.baseUrl,
        viewport: { width: 1280, height: 800 },
        serviceWorkers: 'block',
        locale: 'en-NZ',
        timezoneId: 'Pacific/Auckland',
        ...options,
      });
      // A Content-Security-Policy violation is a problem even when the page's code catches the
      // error (zod's probe for `new Function` did): say each one on the console, where it is collected.
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) =>
          console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`),
        );
      });
      const page = await context.newPage();
      const problems: string[] = [];
      problemsByPage.set(page, problems);
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        if (/Failed to load resource: the server responded with a status of 4\d\d/.test(message.text())) return;
        problems.push(`console.error: ${message.text()}`);
      });
      return page;
    },

    async withPage(test, options) {
      const page = await harness.newPage(options);
      try {
        await test(page);
      } finally {
        await page.context().close();
      }
    },

    createStaff(access) {
      let staff = staffByAccess.get(access);
      if (!staff) {
        const account: Staff = {
          email: `kaimahi-${access}-${randomUUID().slice(0, 8)}@example.org.nz`,
          name: access >= 2 ? 'Mere Manager' : 'Tui Kaimahi',
          password: `correct horse ${randomUUID()}`,
          access,
        };
        staff = runCli(
          ['--email', account.email, '--name', account.name, '--access', String(access), '--password', account.password],
          serverEnv(server.port, server.dataDir),
        ).then(() => account);
        staffByAccess.set(access, staff);
      }
      return staff;
    },

    async tokenFor(staff) {
      const response = await api('/api/auth', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: staff.email, password: staff.password }),
      });
      if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
      return ((await response.json()) as { token: string }).token;
    },

    async loginAs(page, access) {
      const staff = await harness.createStaff(access);
      const token = await harness.tokenFor(staff);
      // A static file of the app's origin: storage is set without running the app first.
      await page.goto('/manifest.webmanifest');
      await page.evaluate((value) => localStorage.setItem('token', value), token);
      return { ...staff, token };
    },

    async signInWithPassword(page, staff) {
      await signIn(page, staff);
      // The copy's key is made after 'Logged In' (PBKDF2). Followed in the app (a reload meanwhile
      // would lose it): the clients screen opens only once it is ready.
      await page.getByRole('link', { name: 'Open the clients' }).click();
      await page.getByRole('heading', { name: 'On this device' }).waitFor({ timeout: 60_000 });
    },

    api,

    async close() {
      await browser.close().catch(() => undefined);
      await server.stop();
      await rm(server.dataDir, { recursive: true, force: true }).catch(() => undefined);
    },
  };
  return harness;
}

/** Signs in through the form, as a person does, and waits to leave /login (the copy may still be in the making). */
export async function signIn(page: Page, staff: Staff): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(staff.email);
  await page.getByLabel('Password').fill(staff.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

let axeSource: string | undefined;

type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: unknown[]; failureSummary?: string; element?: Element }[] };

/**
 * Chooses the language as the app's switch does: the device's setting and the cookie the server
 * renders pages by (decision 096). With the setting alone the next page comes rendered in the
 * other language and the app renders it again, which a test could read half-way.
 */
export async function chooseLanguage(page: Page, language: 'en' | 'mi'): Promise<void> {
  await page.evaluate((choice) => {
    localStorage.setItem('language', choice);
    document.cookie = `language=${choice};path=/`;
  }, language);
}

/**
 * Holds the app's script (the entry) until the returned function is called: the page the server
 * rendered is then in use before the app has started, as on a slow phone (decision 096).
 */
export async function holdAppScript(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Waits until the app has taken over this element of a page the server rendered (decision 096):
 * before that a button is there but does nothing, so a test that presses it must wait.
 */
export async function waitForHydrated(locator: Locator): Promise<void> {
  const element = await locator.elementHandle({ timeout: 30_000 });
  await locator
    .page()
    .waitForFunction((node) => node !== null && Object.keys(node).some((key) => key.startsWith('__reactProps')), element, { timeout: 30_000 });
}

/**
 * Waits until the app has taken over a page the server rendered (decision 096): React holds the
 * page's heading (its chunk came and its boundary hydrated) and the footer's links. Before that a
 * link is plain HTML, and following it loads a whole new page from the server.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const taken = (element: Element | null) => element !== null && Object.keys(element).some((key) => key.startsWith('__reactFiber'));
      return taken(document.querySelector('main h1')) && taken(document.querySelector('footer a'));
    },
    undefined,
    { timeout: 30_000 },
  );
}

/** Runs axe-core on the page and fails with every violation listed. */
export async function checkA11y(page: Page, options: { exclude?: string[] } = {}): Promise<void> {
  axeSource ??= await readFile(path.join(repoRoot, 'node_modules/axe-core/axe.min.js'), 'utf8');
  // An alert coming in or leaving is half transparent for a moment: axe would read the colour of
  // the fade as the alert's. Let finite animations end first (a second at most; spinners never end).
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 1_000)),
    ]),
  );
  // The app's CSP forbids inline scripts, so axe is evaluated through the DevTools protocol.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async (exclude) => {
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const context = exclude.length > 0 ? { exclude: exclude.map((selector) => [selector]) } : document;
    const result = await axe.run(context, { resultTypes: ['violations'], elementRef: true });
    // An alert that began to leave while axe ran (they leave after 3 s) is fading on purpose:
    // what axe read of it is the fade, and it is gone a moment later.
    const left = (node: { element?: Element }) => node.element !== undefined && (!node.element.isConnected || node.element.closest('.alert--leaving') !== null);
    return result.violations
      .map((violation) => ({ ...violation, nodes: violation.nodes.filter((node) => !left(node)) }))
      .filter((violation) => violation.nodes.length > 0)
      .map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        help: violation.help,
        nodes: violation.nodes.slice(0, 5).map((node) => ({ target: node.target, failureSummary: node.failureSummary })),
      }));
  }, options.exclude ?? []);
  if (violations.length > 0) {
    const report = violations
      .map(
        (violation) =>
          `${violation.id} (${violation.impact}): ${violation.help}\n` +
          violation.nodes.map((node) => `    ${JSON.stringify(node.target)} ${node.failureSummary ?? ''}`.replace(/\n/g, ' ')).join('\n'),
      )
      .join('\n');
    throw new Error(`axe found ${violations.length} accessibility violation(s) on ${page.url()}:\n${report}`);
  }
}

type SeenAlert = { type: string; text: string };

/**
 * From the page's next load on, remembers every alert it shows, however briefly: an alert leaves
 * after 3 s, which a busy machine can spend between two looks of a locator. Wait with `alertShown`.
 */
export async function recordAlerts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: SeenAlert[] = [];
    Object.assign(window, { alertsSeen: seen });
    const record = (node: Node) => {
      if (!(node instanceof HTMLElement)) return;
      for (const alert of [node, ...node.querySelectorAll<HTMLElement>('.alert')]) {
        if (alert.matches('.alert')) seen.push({ type: alert.dataset.alertType ?? '', text: alert.textContent ?? '' });
      }
    };
    new MutationObserver((mutations) => {
      for (const mutation of mutations) mutation.addedNodes.forEach(record);
    }).observe(document, { childList: true, subtree: true });
  });
}

/**
 * Waits until the page, since it last loaded, has shown an alert of this type holding this text
 * and not yet matched by an earlier wait (the page must be recording them: `recordAlerts`). It
 * fails naming the alerts it did see.
 */
export async function alertShown(page: Page, message: string, type: 'success' | 'danger', timeout = 30_000): Promise<void> {
  // Each alert answers one wait: a second wait for the same words needs the alert shown again.
  const shown = ([wanted, wantedType]: [string, string]) => {
    const seen = (window as unknown as { alertsSeen?: SeenAlert[] }).alertsSeen ?? [];
    const index = seen.findIndex((alert) => alert.type === wantedType && alert.text.includes(wanted));
    if (index >= 0) seen.splice(index, 1);
    return index >= 0;
  };
  try {
    await page.waitForFunction(shown, [message, type] as [string, string], { timeout });
  } catch (error) {
    const seen = await page.evaluate(() => (window as unknown as { alertsSeen?: SeenAlert[] }).alertsSeen).catch(() => undefined);
    throw new Error(
      `no ${type} alert "${message}" within ${timeout} ms; the page (${page.url()}, loaded ${await page.evaluate(() => performance.timeOrigin).catch(() => '?')}, now ${Date.now()}) showed ${seen ? JSON.stringify(seen) : 'no recorded alerts (is it recording?)'}`,
      {
        cause: error,
      },
    );
  }
}

/** Saves a screenshot (the full page unless told otherwise) as /tmp/screens/<name>.png. */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<string> {
  await mkdir(screensDir, { recursive: true });
  const file = path.join(screensDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: options.fullPage ?? true, animations: 'disabled' });
  return file;
}

const pictures = new Map<string, Promise<Buffer>>();

/** A picture for uploads: a pounamu and kōwhai poutama pattern, as PNG bytes (each size and hue drawn once a file). */
export function samplePicture(options: { width?: number; height?: number; hue?: string } = {}): Promise<Buffer> {
  const { width = 1600, height = 1000, hue = '#1f7a5f' } = options;
  const key = `${width}×${height} ${hue}`;
  let picture = pictures.get(key);
  if (!picture) {
    picture = drawPicture(width, height, hue);
    pictures.set(key, picture);
  }
  return picture;
}

async function drawPicture(width: number, height: number, hue: string): Promise<Buffer> {
  const sharp = (await import('sharp')).default;
  const steps = Array.from({ length: 12 }, (_, row) =>
    Array.from({ length: 20 }, (_, column) =>
      (row + column) % 3 === 0 ? `<rect x="${column * 80}" y="${row * 80 + 40}" width="80" height="40" fill="#f0b93a" opacity="0.55"/>` : '',
    ).join(''),
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1600 1000">
    <rect width="1600" height="1000" fill="${hue}"/>${steps}
    <circle cx="1100" cy="450" r="260" fill="#0a3a2d" opacity="0.6"/>
    <path d="M1050 760c0-120-140-170-140-320 0-120 95-200 205-200 100 0 175 75 175 165 0 85-65 145-140 145-65 0-110-45-110-100 0-48 35-80 78-80 36 0 62 25 62 58" fill="none" stroke="#f6cf6b" stroke-width="38" stroke-linecap="round"/>
  </svg>`;
  return sharp(Buffer.from(svg)).resize(width, height).png().toBuffer();
}

/** Creates a carousel feature through the API as a manager (multipart, spec §5). */
export async function createFeature(harness: Harness, token: string, feature: { title: string; text: string; imageAlt?: string; hue?: string }) {
  const form = new FormData();
  form.append('title', feature.title);
  form.append('text', feature.text);
  form.append('imageAlt', feature.imageAlt ?? `${feature.title} — illustration`);
  form.append('image', new Blob([new Uint8Array(await samplePicture({ hue: feature.hue }))], { type: 'image/png' }), 'feature.png');
  const response = await harness.api('/api/content/feature', { method: 'POST', body: form, token });
  if (response.status !== 201) throw new Error(`creating a feature failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as { _id: string; title: string };
}

/** Every public route the server renders (decision 096), with one post's page: what its tests and bench visit. */
export function renderedPublicRoutes(postId: string): string[] {
  return [
    '/',
    '/services',
    '/service/whanau_support',
    '/enrol/whanau_ora_support',
    '/blog',
    `/blog/${postId}`,
    '/team',
    '/contact',
    '/about',
    '/former_services',
  ];
}

/** Creates a blog post through the API as a manager (multipart, spec §5). */
export async function createBlogPost(
  harness: Harness,
  token: string,
  post: { title: string; author: string; text: string; imageAlt?: string; hue?: string; picture?: { width: number; height: number } },
) {
  const form = new FormData();
  form.append('title', post.title);
  form.append('author', post.author);
  form.append('text', post.text);
  form.append('imageAlt', post.imageAlt ?? `${post.title} — illustration`);
  form.append('image', new Blob([new Uint8Array(await samplePicture({ hue: post.hue, ...post.picture }))], { type: 'image/png' }), 'post.png');
  const response = await harness.api('/api/content/blog', { method: 'POST', body: form, token });
  if (response.status !== 201) throw new Error(`creating a blog post failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as { _id: string; title: string; createdAt: string };
}

/**
 * Whether the new worker waits for the person (installed, not in charge) while the worker the page
 * started with still controls it. The app reloads only when a new worker takes control
 * (`controllerchange`, see update-prompt.tsx), so while this holds nothing reloads the page
 * by itself: a test reads this state instead of waiting a while for a reload that should not come.
 */
export function newWorkerWaits(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    const controller = navigator.serviceWorker.controller;
    return registration?.waiting?.state === 'installed' && controller !== null && controller === registration.active && controller.state === 'activated';
  });
}

/**
 * Publishes "a new build" of the service worker in a copy of the built app: changed bytes, and
 * fresh compressed copies, since the server sends those in preference to sw.js itself.
 */
export async function publishNewWorker(distCopy: string): Promise<void> {
  const file = path.join(distCopy, 'sw.js');
  const source = `${await readFile(file, 'utf8')}\n// a new build ${Date.now()}\n`;
  await writeFile(file, source);
  const zlib = await import('node:zlib');
  const copies = [
    { suffix: '.br', compress: (bytes: Buffer) => zlib.brotliCompressSync(bytes) },
    { suffix: '.gz', compress: (bytes: Buffer) => zlib.gzipSync(bytes) },
  ];
  for (const copy of copies) {
    if (existsSync(file + copy.suffix)) await writeFile(file + copy.suffix, copy.compress(Buffer.from(source)));
  }
}
