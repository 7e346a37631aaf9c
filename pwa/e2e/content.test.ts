import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, createBlogPost, createFeature, pageProblems, screenshot, startHarness, waitForHydrated, waitForHydration, type Harness } from './harness';

let harness: Harness;
let managerToken: string;

beforeAll(async () => {
  harness = await startHarness();
  managerToken = await harness.tokenFor(await harness.createStaff(2));
});

afterAll(async () => {
  await harness?.close();
});

const withPage: Harness['withPage'] = (test, options) => harness.withPage(test, options);

describe('blog', () => {
  let older: { _id: string };
  let newer: { _id: string };

  beforeAll(async () => {
    older = await createBlogPost(harness, managerToken, {
      title: 'Māra kai planting day',
      author: 'Sione Latu',
      text: 'Twelve whānau planted **raised gardens** together.\n\n- kūmara\n- silverbeet\n- herbs',
      hue: '#4c7a25',
    });
    // The blog is ordered by the moment each post went out, kept to the millisecond: the newer is
    // made after the older one's answer came, so it is newer without waiting.
    newer = await createBlogPost(harness, managerToken, {
      title: 'Kai parcels for winter',
      author: 'Hemi Walker',
      text: [
        'Kia ora koutou! This winter we delivered **500** kai parcels.',
        '',
        '<script>window.__injected = true</script>',
        '',
        '[A sneaky link](javascript:window.__clicked=true) and [our services](/services) and [email us](mailto:kiaora@example.org.nz).',
        '',
        '<img src=x onerror="window.__injected = true">',
      ].join('\n'),
      hue: '#b06a10',
    });
  });

  it('lists posts newest first, with pictures sized by width', () =>
    withPage(async (page) => {
      await page.goto('/blog');
      const titles = page.locator('.blog-card__title');
      await titles.first().waitFor();
      await expect(titles.allTextContents()).resolves.toEqual(['Kai parcels for winter', 'Māra kai planting day']);
      const image = page.locator('.blog-card img').first();
      // The window's width picks the picture (spec §9): media queries on the picture's sources, and
      // the browser shows the one for its width (the same markup from the server and the app).
      await expect
        .poll(() => image.evaluate((img) => (img as HTMLImageElement).currentSrc))
        .toBe(`${harness.baseUrl}/api/content/blog/${newer._id}/image?size=medium`);
      await expect(page.locator('.blog-card picture source[media="(min-width: 1500px)"]').first().getAttribute('srcset')).resolves.toBe(
        `/api/content/blog/${newer._id}/image?size=large`,
      );
      await expect.poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      await checkA11y(page);
      await screenshot(page, 'blog-with-posts-1280');
      expect(pageProblems(page)).toEqual([]);
    }));

  it('uses the small picture on a phone', () =>
    withPage(
      async (page) => {
        await page.goto('/blog');
        await expect
          .poll(() =>
            page
              .locator('.blog-card img')
              .first()
              .evaluate((img) => (img as HTMLImageElement).currentSrc),
          )
          .toBe(`${harness.baseUrl}/api/content/blog/${newer._id}/image?size=small`);
        await screenshot(page, 'blog-with-posts-390');
      },
      { viewport: { width: 390, height: 844 } },
    ));

  it('uses the large picture from 1500 px: a 1600 px window asks the server for it', () =>
    withPage(
      async (page) => {
        const asked = page.waitForResponse((response) => response.url().endsWith(`/api/content/blog/${newer._id}/image?size=large`) && response.ok());
        await page.goto('/blog');
        await asked;
        await expect
          .poll(() =>
            page
              .locator('.blog-card img')
              .first()
              .evaluate((img) => (img as HTMLImageElement).currentSrc),
          )
          .toBe(`${harness.baseUrl}/api/content/blog/${newer._id}/image?size=large`);
      },
      { viewport: { width: 1600, height: 900 } },
    ));

  it('renders a post as Markdown with raw HTML escaped and only safe links', () =>
    withPage(async (page) => {
      await page.goto('/blog');
      await page.getByRole('link', { name: 'Kai parcels for winter' }).click();
      await page.getByRole('heading', { level: 1, name: 'Kai parcels for winter' }).waitFor();
      const text = page.locator('.blog-post__text');
      await expect(text.locator('strong').first().textContent()).resolves.toBe('500');
      // The <script> and the <img onerror> arrive as text and never run.
      await text.getByText('<script>window.__injected = true</script>').waitFor();
      await expect(text.locator('script, img').count()).resolves.toBe(0);
      await expect(page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).resolves.toBeUndefined();
      // A javascript: link is plain text; http(s), mailto and same-site links stay links.
      await expect(text.getByRole('link', { name: 'A sneaky link' }).count()).resolves.toBe(0);
      await text.getByText('A sneaky link').waitFor();
      await expect(text.getByRole('link', { name: 'email us' }).getAttribute('href')).resolves.toBe('mailto:kiaora@example.org.nz');
      await checkA11y(page);
      await screenshot(page, 'blog-post-1280');
      // A same-site link moves inside the app.
      await text.getByRole('link', { name: 'our services' }).click();
      await page.getByRole('heading', { level: 1, name: 'Our services' }).waitFor();
      expect(pageProblems(page)).toEqual([]);
    }));

  it('says so when a post does not exist', () =>
    withPage(
      async (page) => {
        await page.goto('/blog/5b0f6f4e-0d3c-4c9a-8d71-2a8e9f3b6c10');
        await page.getByRole('heading', { level: 1, name: 'Post not found' }).waitFor();
        await page.goto(`/blog/${older._id}`);
        await page.getByRole('heading', { level: 1, name: 'Māra kai planting day' }).waitFor();
        await screenshot(page, 'blog-post-390');
      },
      { viewport: { width: 390, height: 844 } },
    ));
});

describe('features carousel (spec §1)', () => {
  beforeAll(async () => {
    await createFeature(harness, managerToken, {
      title: 'Rangatahi fitness nights',
      text: 'Every Thursday rangatahi meet for fitness, tākaro and kai.',
      hue: '#a8361f',
    });
    await createFeature(harness, managerToken, {
      title: 'Kai for 500 whānau',
      text: 'Our winter kai drive reached more whānau than ever before.',
      hue: '#b06a10',
    });
    await createFeature(harness, managerToken, {
      title: 'New māra kai in Aranui',
      text: 'Ten whānau now grow their own vegetables at home.',
      hue: '#4c7a25',
    });
  });

  /** How long a slide shows while the carousel plays (`slideIntervalMs` in features-carousel.tsx). */
  const slideIntervalMs = 5_000;

  /**
   * Resolves once the tasks React has queued by now have run (it queues its work as messages): a
   * slide change or an effect due then has happened.
   */
  const reactTurn = (page: Page) =>
    page.evaluate(
      () =>
        new Promise((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve(null);
          channel.port2.postMessage(null);
        }),
    );

  const visibleSlide = (page: Page) =>
    page
      .locator('.carousel__slide:not([hidden]) .carousel__title')
      .textContent()
      .then((title) => title ?? '');

  it('shows the features under Building better communities and advances by itself', () =>
    withPage(async (page) => {
      // The page's clock runs as usual, and the test moves it on past a slide's time instead of waiting it out.
      await page.clock.install();
      await page.goto('/');
      await page.getByRole('heading', { name: 'Building better communities' }).waitFor();
      const first = await visibleSlide(page).then(async (title) => title || (await page.locator('.carousel__title').first().waitFor(), visibleSlide(page)));
      expect(first).not.toBe('');
      const image = page.locator('.carousel__slide:not([hidden]) img');
      await expect
        .poll(() => image.evaluate((img) => (img as HTMLImageElement).currentSrc))
        .toMatch(/\/api\/content\/feature\/[0-9a-f-]+\/image\?size=medium$/);
      await expect(image.getAttribute('alt')).resolves.toMatch(/illustration/);
      // No thumbnails: one picture shows at a time.
      await expect(page.locator('.carousel img:visible').count()).resolves.toBe(1);
      // The slide show starts once the app has taken the page over (its effects run after that).
      await waitForHydrated(page.getByRole('button', { name: /Pause/ }));
      await reactTurn(page);
      await page.clock.runFor(slideIntervalMs);
      await expect.poll(() => visibleSlide(page)).not.toBe(first);
      await page.locator('.carousel').scrollIntoViewIfNeeded();
      await checkA11y(page);
      await screenshot(page, 'home-with-features-1280');
    }));

  it('stops when paused, and moves with previous and next', () =>
    withPage(
      async (page) => {
        await page.clock.install();
        await page.goto('/');
        await page.locator('.carousel__title').first().waitFor({ state: 'attached' });
        // The server's HTML has the button before the app has taken it over (decision 096).
        await waitForHydrated(page.getByRole('button', { name: /Pause/ }));
        await page.getByRole('button', { name: /Pause/ }).click();
        await page.getByRole('button', { name: /Play/ }).waitFor();
        const paused = await visibleSlide(page);
        // More than two slides' time passes on the page's clock, and the slide stays.
        await page.clock.runFor(2 * slideIntervalMs + 500);
        await reactTurn(page);
        await expect(visibleSlide(page)).resolves.toBe(paused);

        const titles = await page.locator('.carousel__title').allTextContents();
        const index = titles.indexOf(paused);
        await page.getByRole('button', { name: 'Next slide' }).click();
        await expect(visibleSlide(page)).resolves.toBe(titles[(index + 1) % titles.length]);
        await page.getByRole('button', { name: 'Previous slide' }).click();
        await page.getByRole('button', { name: 'Previous slide' }).click();
        await expect(visibleSlide(page)).resolves.toBe(titles[(index - 1 + titles.length) % titles.length]);
        await screenshot(page, 'home-with-features-390');
      },
      { viewport: { width: 390, height: 844 } },
    ));
});

describe('a blog of more than one page', () => {
  beforeAll(async () => {
    // With the two posts above, 52: the server sends 50 a page (decision 068).
    // Small pictures: the server makes its sizes of each, and only the list's length is looked at here.
    const posts = Array.from({ length: 50 }, (_, index) => ({
      title: `Pānui ${index + 1}`,
      author: 'Kaimahi',
      text: `Post number ${index + 1}.`,
      picture: { width: 480, height: 300 },
    }));
    for (let start = 0; start < posts.length; start += 5) {
      await Promise.all(posts.slice(start, start + 5).map((post) => createBlogPost(harness, managerToken, post)));
    }
  });

  it('shows the newest page, then older posts when asked, until there are no more', () =>
    withPage(
      async (page) => {
        await page.goto('/blog');
        const cards = page.locator('.blog-card');
        await cards.nth(49).waitFor();
        await expect(cards.count()).resolves.toBe(50);
        // The button is the app's: the page the server sent shows the newest 50 (decision 096).
        await waitForHydrated(page.getByRole('button', { name: 'Show older posts' }));
        await page.getByRole('button', { name: 'Show older posts' }).scrollIntoViewIfNeeded();
        await screenshot(page, 'blog-older-posts-390', { fullPage: false });
        await page.getByRole('button', { name: 'Show older posts' }).click();
        await cards.nth(51).waitFor();
        await expect(cards.count()).resolves.toBe(52);
        // The two oldest come last, and the button has gone: there is nothing older.
        await expect(page.locator('.blog-card__title').last().textContent()).resolves.toBe('Māra kai planting day');
        await expect(page.getByRole('button', { name: 'Show older posts' }).count()).resolves.toBe(0);
        await checkA11y(page);
        expect(pageProblems(page)).toEqual([]);
      },
      { viewport: { width: 390, height: 844 } },
    ));

  it('reaches the older posts with JavaScript off, on a page of their own, and answers 404 past the last', async () => {
    const context = await harness.browser.newContext({
      baseURL: harness.baseUrl,
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
      serviceWorkers: 'block',
    });
    try {
      const page = await context.newPage();
      await page.goto('/blog');
      await expect(page.locator('.blog-card').count()).resolves.toBe(50);
      await page.getByRole('button', { name: 'Show older posts' }).click();
      await page.waitForURL((url) => url.search === '?page=2');
      // The server's page of older posts: the two oldest, and nothing older to ask for.
      await expect(page.locator('.blog-card__title').allTextContents()).resolves.toEqual(['Kai parcels for winter', 'Māra kai planting day']);
      await expect(page.getByRole('button', { name: 'Show older posts' }).count()).resolves.toBe(0);
      await screenshot(page, 'blog-page-2-no-script-390', { fullPage: true });
      await page.setViewportSize({ width: 1440, height: 900 });
      await screenshot(page, 'blog-page-2-no-script-1440', { fullPage: true });
      // And back to the newest, where the list starts again.
      await page.getByRole('link', { name: 'Back to the newest posts' }).click();
      await page.waitForURL((url) => url.pathname === '/blog' && url.search === '');
      await expect(page.locator('.blog-card').count()).resolves.toBe(50);
      await expect(page.getByRole('link', { name: 'Back to the newest posts' }).count()).resolves.toBe(0);
      const pastTheLast = await page.goto('/blog?page=3');
      expect(pastTheLast?.status()).toBe(404);
      await expect(page.locator('.blog-card').count()).resolves.toBe(0);
      expect(pageProblems(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('opens a page of older posts in the app as the server sent it', () =>
    withPage(async (page) => {
      await page.goto('/blog?page=2');
      await waitForHydration(page);
      await page.waitForLoadState('networkidle');
      await expect(page.locator('.blog-card__title').allTextContents()).resolves.toEqual(['Kai parcels for winter', 'Māra kai planting day']);
      await expect(page.getByRole('button', { name: 'Show older posts' }).count()).resolves.toBe(0);
      await page.getByRole('link', { name: 'Back to the newest posts' }).click();
      await page.waitForURL((url) => url.pathname === '/blog' && url.search === '');
      await page.locator('.blog-card').nth(49).waitFor();
      await expect(page.locator('.blog-card').count()).resolves.toBe(50);
      expect(pageProblems(page)).toEqual([]);
    }));

  it('lets a manager reach the older posts in /manage too', () =>
    withPage(async (page) => {
      await harness.loginAs(page, 2);
      await page.goto('/manage');
      const titles = page.locator('#manage-blog .manage-list__title');
      await titles.nth(49).waitFor();
      await page.getByRole('button', { name: 'Show older posts' }).click();
      await titles.nth(51).waitFor();
      await expect(titles.count()).resolves.toBe(52);
    }));
});
