import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForServiceWorker, phoneViewport } from './enrol-helpers';
import { createBlogPost, createFeature, pageProblems, renderedPublicRoutes, screenshot, startHarness, waitForHydration, type Harness } from './harness';

/**
 * Issue 24, DESIGN §10: the public pages come from the server as HTML in the visitor's language,
 * readable with JavaScript off; the app hydrates them without a mismatch; the service worker
 * keeps the last rendered copy of a page seen once.
 */

let harness: Harness;
let post: { _id: string; title: string };
let managerToken: string;

beforeAll(async () => {
  // A kept page lasts ten minutes here, not ten seconds, so that "kept" never depends on how fast
  // this machine renders; only a write to the API makes the server render it again.
  // As many renders at once as the test of side-by-side renders asks for (20), none sent the shell as busy.
  harness = await startHarness({ env: { RENDERED_PAGE_MS: '600000', RENDER_QUEUE_MAX: '40' } });
  const token = await harness.tokenFor(await harness.createStaff(2));
  managerToken = token;
  post = await createBlogPost(harness, token, {
    title: 'Kai for the winter',
    author: 'Test Author',
    text: 'The pātaka is open on Tuesdays through the winter, with **fresh vegetables** from the gardens and a warm cup of tea for whoever comes by.',
  });
  // The home page's carousel renders only with features: its first render once read the window.
  await createFeature(harness, token, { title: 'Community day', text: 'Whānau came together for kai, kōrero and games.' });
});

afterAll(async () => {
  await harness?.close();
});

const languages = [
  { language: 'en', lang: 'en-NZ', skip: 'Skip to content' },
  { language: 'mi', lang: 'mi', skip: undefined },
] as const;

function routes() {
  return renderedPublicRoutes(post._id);
}

async function pageWithoutScript(language: string): Promise<Page> {
  const context = await harness.browser.newContext({ baseURL: harness.baseUrl, javaScriptEnabled: false, viewport: phoneViewport, serviceWorkers: 'block' });
  await context.addCookies([{ name: 'language', value: language, url: harness.baseUrl }]);
  return context.newPage();
}

describe('with JavaScript off', () => {
  it('every public page reads in full, in each language, with its links and its own title', async () => {
    const skipLinks: Record<string, string> = {};
    for (const { language, lang } of languages) {
      const page = await pageWithoutScript(language);
      for (const route of routes()) {
        const response = await page.goto(route);
        expect(response?.status(), route).toBe(200);
        // A part the server could not render is left for the browser ("<!--$!-->"): with JavaScript off it is missing.
        expect(await response?.text(), `${route} rendered whole`).not.toContain('<!--$!-->');
        expect(await page.evaluate(() => document.documentElement.lang), route).toBe(lang);
        const heading = (await page.locator('main h1').first().textContent())?.trim() ?? '';
        expect(heading.length, `${route} has a heading`).toBeGreaterThan(2);
        const text = (await page.locator('main').innerText()).trim();
        expect(text.length, `${route} has its text`).toBeGreaterThan(150);
        // No spinner where the page's data should be: the server fetched it.
        expect(await page.locator('main [role=status].spinner, main .spinner').count(), `${route} is not loading`).toBe(0);
        expect(await page.locator('nav a[href="/services"], header a[href="/"]').count(), `${route} has the navigation`).toBeGreaterThan(0);
        expect(await page.locator('footer a').count(), `${route} has the footer's links`).toBeGreaterThan(0);
        expect(await page.title(), route).toContain('Te Whare Manaaki');
        skipLinks[`${language} ${route}`] = (await page.locator('a.skip-link').textContent()) ?? '';
      }
      await screenshot(page, `no-script-blog-post-${language}-390`);
      await page.context().close();
    }
    expect(skipLinks['en /']).toBe('Skip to content');
    expect(skipLinks['mi /']).not.toBe('Skip to content');
    expect(skipLinks['mi /about']).toBe(skipLinks['mi /']);
  });

  it("a post's page names the post in its title and description; a service's page names the service", async () => {
    const page = await pageWithoutScript('en');
    await page.goto(`/blog/${post._id}`);
    expect(await page.title()).toBe(`${post.title} — Te Whare Manaaki Trust`);
    expect(await page.locator('main h1').first().textContent()).toBe(post.title);
    const description = await page.locator('meta[name=description]').getAttribute('content');
    expect(description?.length).toBeGreaterThan(20);
    // Shares of it show its own title, words and picture (Open Graph).
    const og = (property: string) => page.locator(`meta[property="og:${property}"]`).getAttribute('content');
    expect(await og('title')).toBe(`${post.title} — Te Whare Manaaki Trust`);
    expect(await og('description')).toBe(description);
    expect(await og('type')).toBe('article');
    expect(await og('image')).toMatch(new RegExp(`^/api/content/blog/${post._id}/image\\?(v=[0-9a-f-]+&)?size=large$`));
    await page.goto('/service/whanau_support');
    expect(await page.title()).toMatch(/^Wh.+ — Te Whare Manaaki Trust$/);
    expect(await og('type')).toBe('website');
    // Every public page has words of its own for a search result or a share, not the site's.
    const descriptions = new Map<string, string | null>();
    for (const route of ['/', '/services', '/service/whanau_support', '/blog', '/team', '/contact', '/former_services', '/enrol/whanau_ora_support']) {
      await page.goto(route);
      descriptions.set(route, await page.locator('meta[name=description]').getAttribute('content'));
      expect(await og('description'), route).toBe(descriptions.get(route));
    }
    expect(new Set(descriptions.values()).size, JSON.stringify([...descriptions])).toBe(descriptions.size);
    // A staff address is the app's, not unknown: the shell, 200.
    expect((await page.goto('/clients'))?.status()).toBe(200);
    await page.context().close();
  });

  it("the nav bar's language switch works with JavaScript off, back to the same page; bad input is refused", async () => {
    const page = await pageWithoutScript('en');
    await page.goto('/blog?page=1');
    const englishHeading = await page.locator('main h1').first().textContent();
    await page.locator('form[action="/language"] button').click();
    // Back to the page as it is kept and rendered: `?page=1` is the blog's first page, `/blog` (decision 112).
    await page.waitForURL((url) => url.pathname === '/blog' && url.search === '');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('mi');
    expect(await page.locator('main h1').first().textContent()).not.toBe(englishHeading);
    expect((await page.context().cookies()).find((cookie) => cookie.name === 'language')?.value).toBe('mi');
    await screenshot(page, 'no-script-language-mi-390');
    await page.locator('form[action="/language"] button').click();
    await page.waitForFunction(() => document.documentElement.lang === 'en-NZ');
    expect(await page.locator('main h1').first().textContent()).toBe(englishHeading);
    await page.context().close();

    const refused = await harness.api('/language?set=fr&to=/about', { redirect: 'manual' });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ errors: [{ msg: 'Must be en or mi', code: 'invalid_value', param: 'set' }] });
    expect(refused.headers.get('set-cookie')).toBeNull();
    // Never to another site: an address that is not one of this site's paths goes home.
    for (const to of ['//elsewhere.example/x', 'https://elsewhere.example/', '/\\elsewhere.example']) {
      const sent = await harness.api(`/language?set=mi&to=${encodeURIComponent(to)}`, { redirect: 'manual' });
      expect(sent.status, to).toBe(303);
      expect(sent.headers.get('location'), to).toBe('/');
    }
  });

  it('the enrolment form says it needs JavaScript, and cannot be sent as a plain form', async () => {
    for (const { language } of languages) {
      const page = await pageWithoutScript(language);
      await page.goto('/enrol/whanau_ora_support');
      const notice = page.locator('main strong').filter({ hasText: 'JavaScript' });
      expect(await notice.count()).toBe(1);
      expect(await notice.isVisible()).toBe(true);
      expect(await page.locator('form.enrol-form button[type=submit]').isDisabled()).toBe(true);
      await screenshot(page, `no-script-enrol-${language}-390`);
      await page.context().close();
    }
  });
});

describe('what an address names is not here', () => {
  it('a post taken down, an unknown service or enrolment: the page says so in each language, answered 404, and hydrates as it is', async () => {
    const gone = await createBlogPost(harness, managerToken, { title: 'Taken down', author: 'Test Author', text: 'A post that a manager took down again.' });
    const removed = await harness.api(`/api/content/blog/${gone._id}`, { method: 'DELETE', token: managerToken });
    expect(removed.status).toBe(200);
    const cases = [
      { route: `/blog/${gone._id}`, en: 'Post not found', mi: 'Kāore i kitea te pānui' },
      { route: '/service/no_such_service', en: 'Service not found', mi: 'Kāore i kitea te ratonga' },
      { route: '/enrol/no_such_service', en: 'Service not found', mi: 'Kāore i kitea te ratonga' },
      // An address the app has no page for: the trust's not-found page, rendered, not the shell with 200.
      { route: '/no-such-page', en: 'Page not found', mi: 'Kāore i kitea te whārangi' },
      { route: '/services/extra/part', en: 'Page not found', mi: 'Kāore i kitea te whārangi' },
    ];
    for (const { language } of languages) {
      const page = await pageWithoutScript(language);
      for (const { route, ...heading } of cases) {
        const response = await page.goto(route);
        expect(response?.status(), `${language} ${route}`).toBe(404);
        expect(await page.locator('main h1').first().textContent(), `${language} ${route}`).toBe(heading[language]);
        expect(await page.locator('main .spinner').count(), `${language} ${route} is not loading`).toBe(0);
        expect(await page.locator('main a').count(), `${language} ${route} leads on`).toBeGreaterThan(0);
      }
      await screenshot(page, `no-script-enrol-unknown-${language}-390`);
      await page.context().close();
    }
    // With the app running: the same page, taken over without a mismatch; the post is not asked for again.
    const page = await harness.newPage({ viewport: phoneViewport });
    const messages: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Service Worker registration blocked') || /status of 404/.test(message.text())) return;
      if (message.type() === 'error' || message.type() === 'warning') messages.push(`${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
    const askedForThePost: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === `/api/content/blog/${gone._id}`) askedForThePost.push(request.url());
    });
    const response = await page.goto(`/blog/${gone._id}`);
    expect(response?.status()).toBe(404);
    await waitForHydration(page);
    expect(await page.locator('main h1').first().textContent()).toBe('Post not found');
    expect(messages).toEqual([]);
    expect(askedForThePost).toEqual([]);
    await page.close();
  });
});

describe('hydration', () => {
  it('takes over every public page, in each language, without a mismatch or a warning', async () => {
    for (const { language } of languages) {
      const page = await harness.newPage({ viewport: phoneViewport });
      const messages: string[] = [];
      page.on('console', (message) => {
        // The harness blocks service workers so that every request is seen; that warning is its own.
        if (message.text().includes('Service Worker registration blocked')) return;
        if (message.type() === 'error' || message.type() === 'warning') messages.push(`${message.type()}: ${message.text()}`);
      });
      page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
      // The page carries its styles (allowed by their hashes, or the console would say so): none is asked for.
      const stylesheets: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'stylesheet') stylesheets.push(request.url());
      });
      await page.context().addCookies([{ name: 'language', value: language, url: harness.baseUrl }]);
      if (language === 'mi') await page.addInitScript(() => localStorage.setItem('language', 'mi'));
      for (const route of routes()) {
        await page.goto(route);
        expect(await page.locator('#ssr-data').count(), `${route} came rendered`).toBe(1);
        await waitForHydration(page);
        expect(messages, `${language} ${route}`).toEqual([]);
        expect(stylesheets, `${language} ${route}`).toEqual([]);
      }
      expect(pageProblems(page)).toEqual([]);
      await page.close();
    }
  });

  it("takes over a signed-in kaimahi's page as it was rendered, not drawn again", async () => {
    const page = await harness.newPage({ viewport: phoneViewport });
    await harness.loginAs(page, 1);
    for (const route of ['/blog', '/services', '/']) {
      // The server renders the page as for any visitor; the app then learns who is signed in.
      const whoAmI = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth' && response.request().method() === 'GET');
      await page.goto(route);
      await page.evaluate(() => Object.assign(window, { renderedHeading: document.querySelector('main h1') }));
      await whoAmI;
      await waitForHydration(page);
      await page.waitForLoadState('networkidle');
      // Drawn again, the heading would be a new element and the one the server sent gone from the page.
      expect(await page.evaluate(() => (window as unknown as { renderedHeading: Element }).renderedHeading === document.querySelector('main h1')), route).toBe(
        true,
      );
    }
    expect(pageProblems(page)).toEqual([]);
    await page.close();
  });

  it('a page rendered in one language opens in the language this device chose', async () => {
    const page = await harness.newPage({ viewport: phoneViewport });
    await page.addInitScript(() => localStorage.setItem('language', 'mi'));
    // No cookie: the server renders English, the app then shows the device's choice and sets the cookie.
    await page.goto('/about');
    await page.waitForFunction(() => document.documentElement.lang === 'mi');
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'language')?.value).toBe('mi');
    await page.close();
  });
});

describe('pages the server keeps rendered for a few seconds (decision 097)', () => {
  /** The page's HTML as the server sends it in that language, and whether it was kept or rendered now. */
  async function fetchPage(pathname: string, language: string) {
    const response = await harness.api(pathname, { headers: { cookie: `language=${language}` } });
    expect(response.status).toBe(200);
    return { html: await response.text(), timing: response.headers.get('server-timing') ?? '' };
  }

  it("sends a page again in the same language, and a manager's edit to the very next visitor", async () => {
    await fetchPage('/about', 'en');
    const again = await fetchPage('/about', 'en');
    expect(again.timing).toBe('render;desc="kept"');
    // Another language is another page.
    const maori = await fetchPage('/about', 'mi');
    expect(maori.html).toContain('<html lang="mi">');
    expect((await fetchPage('/about', 'en')).html).toContain('<html lang="en-NZ">');

    const about = (await (await harness.api('/api/content/about')).json()) as { en: { lead: string }; mi: Record<string, unknown> };
    const lead = 'Kept pages show this new lead at once.';
    const edited = await harness.api('/api/content/about', {
      method: 'PUT',
      token: managerToken,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ en: { ...about.en, lead }, mi: about.mi }),
    });
    expect(edited.status).toBe(200);
    const next = await fetchPage('/about', 'en');
    expect(next.timing).toMatch(/^render;desc="rendered"/);
    expect(next.html).toContain(lead);
    // A refused edit changes nothing, and the page stays kept.
    const refused = await harness.api('/api/content/about', {
      method: 'PUT',
      token: managerToken,
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(refused.status).toBe(400);
    expect((await fetchPage('/about', 'en')).timing).toBe('render;desc="kept"');
  });

  it('renders pages of different languages at once, each in its own language, with its own head and data (decision 127)', async () => {
    /** What makes a page its own: its language, its title, the queries it shows. */
    const ownOf = (html: string) => ({
      lang: /<html lang="([^"]*)">/.exec(html)?.[1],
      title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
      queries: (JSON.parse(/<script type="application\/json" id="ssr-data">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}') as { q?: [unknown[]][] }).q
        ?.map(([key]) => JSON.stringify(key))
        .sort(),
    });
    const pages = routes().flatMap((route) => languages.map(({ language, lang }) => ({ route, language, lang })));
    // Each alone first: what each page is.
    const alone = new Map<string, ReturnType<typeof ownOf>>();
    for (const { route, language } of pages) alone.set(`${language} ${route}`, ownOf((await fetchPage(route, language)).html));
    // A change to the public content forgets every kept page (decision 112): what follows renders afresh.
    const feature = await createFeature(harness, managerToken, { title: 'Matariki', text: 'The new year, together.' });
    expect(feature).toBeDefined();
    const together = await Promise.all(pages.map(async (page) => ({ ...page, ...(await fetchPage(page.route, page.language)) })));
    for (const { route, language, lang, html, timing } of together) {
      expect(timing, `${language} ${route}`).toMatch(/^render;desc="rendered"/);
      const own = ownOf(html);
      expect(own.lang, `${language} ${route}`).toBe(lang);
      expect(own, `${language} ${route}`).toEqual(alone.get(`${language} ${route}`));
    }
  });
});

describe('offline', () => {
  it('a public page seen once opens with no signal as it was rendered; one never seen gets the shell', async () => {
    const page = await harness.newPage({ viewport: phoneViewport, serviceWorkers: 'allow' });
    await page.goto('/about');
    await waitForServiceWorker(page);
    const heading = (await page.locator('main h1').first().textContent()) ?? '';
    await page.waitForFunction(async () => (await (await caches.open('pages')).match('/about')) !== undefined);

    await harness.server.stop();
    try {
      await page.goto('/about');
      expect(await page.locator('#ssr-data').count()).toBe(1);
      expect(await page.locator('main h1').first().textContent()).toBe(heading);
      await waitForHydration(page);

      await page.goto('/former_services');
      expect(await page.locator('#ssr-data').count()).toBe(0);
      await page.locator('main h1').first().waitFor();
    } finally {
      await harness.server.start();
    }
  });
});
