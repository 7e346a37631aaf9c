import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, createFeature, repoRoot, screenshot, startHarness, type Harness } from './harness';

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

const withPage: Harness['withPage'] = (test, options) => harness.withPage(test, options);

const dist = path.join(repoRoot, 'pwa/dist');
const gzipKb = (files: readonly string[]) => files.reduce((sum, file) => sum + gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length, 0) / 1024;

describe('a first visit to /', () => {
  // Issue 12 asks for at most 100 KB. Decision 060 brought the first download (what the page
  // needs before it can show anything) from 132.5 KB to 101.5 KB; the floor for React, React
  // Router and TanStack Query alone is about 88 KB. The whole first visit, page idle (the service
  // cards, the footer, the update notice and the sign-out guard included), is 112.0 KB in 17
  // files: the earlier 110 KB budget had been passed (about 112.4 KB) once the sign-out guard
  // loaded after the page. The budgets keep both from growing again.
  const firstDownloadBudgetKb = 102;
  const budgetKb = 112.5;

  it(`needs at most ${firstDownloadBudgetKb} KB of JavaScript (gzip) before the page can show`, () => {
    // What index.html names: the entry and its static imports (preloaded beside it).
    const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
    const files = [
      ...[...html.matchAll(/<script[^>]*type="module"[^>]*src="\/([^"]+\.js)"/g)],
      ...[...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/([^"]+\.js)"/g)],
    ].map((match) => match[1] ?? '');
    const kb = gzipKb(files);
    console.log(`First download of /: ${kb.toFixed(1)} KB of JavaScript (gzip) in ${files.length} files: ${files.join(', ')}`);
    expect(files.length).toBeGreaterThan(0);
    expect(kb).toBeLessThanOrEqual(firstDownloadBudgetKb);
  });

  it(`downloads at most ${budgetKb} KB of JavaScript (gzip), all of it from this site`, () =>
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
      expect(kb).toBeLessThanOrEqual(budgetKb);
    }));
});

describe('what a page fetches after it has painted', () => {
  // Decision 070: on a slow phone every chunk fetched before the first paint is one more thing the
  // paint waits for. The footer, the update notice, the sign-out guard, and on the home page the
  // service cards and what lies below the fold, are fetched only once the page has painted.
  const later = /\/assets\/(footer|update-prompt|sign-out-guard|home-below-fold|service-grid)-[\w-]+\.(js|css)$/;

  async function fetchedBeforeAndAfter(page: Page, route: string, ready: () => Promise<void>) {
    await page.goto(route, { waitUntil: 'load' });
    await ready();
    await page.locator('.site-footer').waitFor();
    await page.waitForLoadState('networkidle');
    return page.evaluate((pattern) => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
      const resources = performance.getEntriesByType('resource').filter((entry) => new RegExp(pattern).test(entry.name));
      return {
        fcp,
        before: resources.filter((entry) => entry.startTime <= fcp).map((entry) => new URL(entry.name).pathname),
        after: resources.filter((entry) => entry.startTime > fcp).map((entry) => new URL(entry.name).pathname.replace(/-[\w-]{8}\.(js|css)$/, '.$1')),
      };
    }, later.source);
  }

  it('on the home page: the footer, the notices, the service cards and the lower sections', () =>
    withPage(async (page) => {
      const { fcp, before, after } = await fetchedBeforeAndAfter(page, '/', () => page.getByRole('heading', { level: 2, name: 'OUR FOCUS' }).waitFor());
      expect(fcp).toBeGreaterThan(0);
      expect(before).toEqual([]);
      expect(new Set(after)).toEqual(
        new Set([
          '/assets/footer.js',
          '/assets/footer.css',
          '/assets/update-prompt.js',
          '/assets/sign-out-guard.js',
          '/assets/sign-out-guard.css',
          '/assets/home-below-fold.js',
          '/assets/home-below-fold.css',
          '/assets/service-grid.js',
          '/assets/service-grid.css',
        ]),
      );
    }));

  it('on a lazily loaded page: the footer and the notices come after the page itself', () =>
    withPage(async (page) => {
      const requests: string[] = [];
      page.on('request', (request) => requests.push(new URL(request.url()).pathname));
      const { before } = await fetchedBeforeAndAfter(page, '/services', () => page.locator('.service-card').first().waitFor());
      expect(before.filter((file) => !file.includes('service-grid'))).toEqual([]);
      // The page's own chunk is asked for before the footer's.
      const pageChunk = requests.findIndex((file) => /\/assets\/services-[\w-]+\.js$/.test(file));
      const footerChunk = requests.findIndex((file) => /\/assets\/footer-[\w-]+\.js$/.test(file));
      expect(pageChunk).toBeGreaterThanOrEqual(0);
      expect(footerChunk).toBeGreaterThan(pageChunk);
    }));
});

describe('a page that shows the services', () => {
  // Issue 12: /services, /service/… and /enrol/… show the services' list first. It is asked for
  // as the app starts, beside the page's own script, not once that script has come.
  it.each([
    ['/service/whanau_support', 'service'],
    ['/services', 'services'],
    ['/enrol/whanau_ora_support', 'enrol'],
  ])('%s asks for the services before its own script has come', (route, chunk) =>
    withPage(async (page) => {
      const events: string[] = [];
      const pageScript = new RegExp(`^/assets/${chunk}-[\\w-]{8}\\.js$`);
      const name = (request: Request) => {
        const pathname = new URL(request.url()).pathname;
        if (pageScript.test(pathname)) return 'page script';
        return request.method() === 'GET' && pathname === '/api/services' ? 'services' : undefined;
      };
      page.on('request', (request) => name(request) && events.push(`asked ${name(request)}`));
      page.on('requestfinished', (request) => name(request) && events.push(`got ${name(request)}`));
      await page.goto(route);
      await page.locator('main h1').first().waitFor();
      // A page that asked only once its script had come and run would have these the other way round.
      expect(events).toContain('got page script');
      expect(events.indexOf('asked services')).toBeGreaterThanOrEqual(0);
      expect(events.indexOf('asked services')).toBeLessThan(events.indexOf('got page script'));
    }),
  );
});

describe('a lazily loaded page', () => {
  // Decision 073: a page's English (en-pages.ts, en-parts.ts) is in one chunk with the module
  // that registers it, which the page's chunk imports. Split in two, the words came one round trip
  // further down, and the page could not paint its text until they had.
  it.each([
    ['/service/whanau_support', '"service.seeAll":'],
    ['/enrol/whanau_ora_support', '"enrol.intro":'],
    ['/blog', '"service.seeAll":'],
    ['/services', '"shell.mainMenu":'],
  ])('%s gets its words from a script its own chunk imports', (route, message) =>
    withPage(async (page) => {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      const importedBy = new Map<string, string>();
      cdp.on('Network.requestWillBeSent', ({ request, initiator }) => {
        const by = initiator.url ?? initiator.stack?.callFrames[0]?.url;
        if (by) importedBy.set(new URL(request.url).pathname, new URL(by).pathname);
      });
      const scripts = new Map<string, Promise<string>>();
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script')
          scripts.set(
            new URL(response.url()).pathname,
            response.text().catch(() => ''),
          );
      });
      await page.goto(route);
      await page.locator('main h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      let words: string | undefined;
      for (const [pathname, body] of scripts) if ((await body).includes(message)) words = pathname;
      expect(words, `no script the page loaded holds ${message}`).toBeDefined();
      // The words, the page's chunk that imported them, the entry that imported that; then the page itself.
      const chain: string[] = [];
      for (let at = words; at?.endsWith('.js'); at = importedBy.get(at)) chain.push(at);
      expect(chain.length, chain.join(' ← ')).toBe(3);
      expect(chain[2]).toMatch(/^\/assets\/index-[\w-]{8}\.js$/);
    }),
  );
});

describe('a first visit to the blog', () => {
  // 140.5 KB when the page read its page size from the contract module holding the blog's zod
  // schemas, which brought zod itself (24.8 KB) for one number (decision 069).
  const budgetKb = 116;

  it(`downloads at most ${budgetKb} KB of JavaScript (gzip), and no schema library`, () =>
    withPage(async (page) => {
      const scripts = new Set<string>();
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script') scripts.add(new URL(response.url()).pathname.slice(1));
      });
      await page.goto('/blog', { waitUntil: 'load' });
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      const files = [...scripts].sort();
      const kb = gzipKb(files);
      console.log(`First visit to /blog: ${kb.toFixed(1)} KB of JavaScript (gzip) in ${files.length} files: ${files.join(', ')}`);
      expect(files.filter((file) => readFileSync(path.join(dist, file), 'utf8').includes('ZodError'))).toEqual([]);
      expect(kb).toBeLessThanOrEqual(budgetKb);
    }));
});

describe('the home page on a phone and a wide screen', () => {
  it.each([
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ])('shows the services grid within about one screen of scrolling at $width×$height', (viewport) =>
    withPage(
      async (page) => {
        await page.goto('/');
        const firstCard = page.locator('.service-card').first();
        await firstCard.waitFor();
        const top = await firstCard.evaluate((card) => card.getBoundingClientRect().top + window.scrollY);
        console.log(
          `${viewport.width}×${viewport.height}: the first service card starts ${Math.round(top)} px down (${(top / viewport.height).toFixed(2)} screens)`,
        );
        // Scrolled down by one screen, the first card is in view.
        expect(top).toBeLessThan(2 * viewport.height - 100);
        // The banner keeps its 50rem default.
        await expect(page.locator('.home-banner').evaluate((banner) => getComputedStyle(banner).minHeight)).resolves.toBe('800px');
        await screenshot(page, `public-home-top-${viewport.width}`, { fullPage: false });
        await page.locator('#services-title').scrollIntoViewIfNeeded();
        await screenshot(page, `public-home-services-${viewport.width}`, { fullPage: false });
      },
      { viewport },
    ),
  );
});

describe('the home counters', () => {
  it('reach their numbers, written without React, and screen readers get each final number with its label', () =>
    withPage(async (page) => {
      await page.goto('/');
      const counters = page.locator('.impact-counter');
      await counters.first().waitFor();
      const targets = ['4531', '27186', '2763', '723', '1189', '$294515', '1375', '83'];
      // What a screen reader reads: the final number and the label, from the start, never the moving digits.
      const readable = await counters.evaluateAll((items) =>
        items.map((item) =>
          [...item.querySelectorAll('span')]
            .filter((span) => !span.closest('[aria-hidden="true"]') && span.children.length === 0)
            .map((span) => span.textContent?.trim())
            .join(' '),
        ),
      );
      expect(readable[0]).toBe('4531 Kai Parcels Delivered');
      expect(readable.map((text) => text.split(' ')[0])).toEqual(targets);
      await expect.poll(() => page.locator('.impact-counter__value').allTextContents(), { timeout: 15_000 }).toEqual(targets);
    }));
});

describe('a malformed record in a public list', () => {
  it('is left out (and reported) while the page shows the others', () =>
    withPage(async (page) => {
      const manager = await harness.createStaff(2);
      const token = await harness.tokenFor(manager);
      await createFeature(harness, token, { title: 'Kapa haka night', text: 'Waiata and kai.' });
      await createFeature(harness, token, { title: 'Māra kai day', text: 'Planting together.', hue: '#8a5a0f' });
      const warnings: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'warning') warnings.push(message.text());
      });
      // One service without its title, one slide whose image is a string: the server's answers, spoiled on the way.
      await page.route('**/api/services', async (route) => {
        const response = await route.fetch();
        const services = (await response.json()) as Record<string, unknown>[];
        services[1] = { ...services[1], title: undefined };
        await route.fulfill({ response, json: services });
      });
      await page.route('**/api/content/feature', async (route) => {
        const response = await route.fetch();
        const features = (await response.json()) as Record<string, unknown>[];
        features[0] = { ...features[0], image: 'not-an-image' };
        await route.fulfill({ response, json: features });
      });
      await page.goto('/');
      await page.getByRole('heading', { level: 2, name: 'Our services' }).waitFor();
      await expect.poll(() => page.locator('.service-card').count()).toBe(5);
      await page.getByText('Whānau Ora Support').first().waitFor();
      await page.getByRole('heading', { level: 2, name: 'Building better communities' }).waitFor();
      await page.locator('.carousel').getByText('Kapa haka night').or(page.locator('.carousel').getByText('Māra kai day')).first().waitFor();
      await expect(page.getByText('Something went wrong.').count()).resolves.toBe(0);
      expect(warnings.filter((warning) => warning.startsWith('Left out service item 1'))).toHaveLength(1);
      expect(warnings.filter((warning) => warning.startsWith('Left out carousel feature item 0'))).toHaveLength(1);
      await checkA11y(page);
    }));

  it('in the blog list: the other posts still show', () =>
    withPage(async (page) => {
      await page.route('**/api/content/blog', (route) =>
        route.fulfill({
          json: [
            {
              _id: 'a1',
              title: 'Whole post',
              author: 'Mere',
              text: 'Kia ora **koutou**.',
              createdAt: '2026-05-02T00:00:00.000Z',
              image: { src: '/favicon-32.png', alt: 'A koru', width: 32, height: 32 },
            },
            { _id: 'b2', title: 'Broken post', author: 'Hemi', createdAt: '2026-05-03T00:00:00.000Z' },
            {
              _id: 'c3',
              title: 'Paged post',
              author: 'Tui',
              excerpt: 'Just the start of it',
              createdAt: '2026-05-01T00:00:00.000Z',
              image: { src: '/favicon-32.png', alt: 'A koru', width: 32, height: 32 },
            },
          ],
        }),
      );
      await page.goto('/blog');
      await page.getByRole('heading', { level: 2, name: 'Whole post' }).waitFor();
      await expect(page.locator('.blog-card__title').allTextContents()).resolves.toEqual(['Whole post', 'Paged post']);
      await page.getByText('Just the start of it').waitFor();
      await expect(page.getByText('Something went wrong.').count()).resolves.toBe(0);
    }));
});
