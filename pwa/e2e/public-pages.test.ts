import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { site } from '../src/content/site';
import { checkA11y, pageProblems, screenshot, startHarness, type Harness } from './harness';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness?.close();
});

const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1440, height: 900 },
} as const;

type PublicPage = { name: string; path: string; heading: string | RegExp; shows: (string | RegExp)[] };

const publicPages: PublicPage[] = [
  {
    name: 'home',
    path: '/',
    heading: 'WE SUPPORT WHANAU',
    shows: [
      'Check out our free services for more information and to enrol',
      'Building better communities',
      'WITH YOUR HELP WE CAN BUILD STRONGER COMMUNITES',
      'OUR FOCUS',
      'CREATE',
      'PROVIDE',
      'IMPROVE',
      /health, employment, housing and education/,
      'Whānau Ora Support',
      'Raised Gardens',
    ],
  },
  { name: 'team', path: '/team', heading: 'KAITIAKI', shows: ['Our team will be introduced here soon'] },
  {
    name: 'services',
    path: '/services',
    heading: 'Our services',
    shows: ['Active Rangatahi Project', 'Mobile Rangatahi', 'Musical Therapy', 'Whānau Kai Support', 'Whānau Ora Support', 'Raised Gardens'],
  },
  {
    name: 'service-whanau-support',
    path: '/service/whanau_support',
    heading: 'Whānau Ora Support',
    shows: ['Support for the whole whānau', 'Walking alongside your whānau', 'What we can help with', 'Enrol in Whānau Ora Support'],
  },
  {
    name: 'service-musical-therapy',
    path: '/service/musical_therapy',
    heading: 'Musical Therapy',
    shows: ['Healing and confidence through music', 'All free spaces are taken for now', 'What you can learn'],
  },
  { name: 'contact', path: '/contact', heading: 'Contact us', shows: ['Contact details coming soon', 'Need help right now?'] },
  { name: 'login', path: '/login', heading: 'Staff login', shows: ['Email', 'Password', /For kaimahi of/] },
  { name: 'about', path: '/about', heading: site.name, shows: ['Manaakitanga', 'Our values'] },
  { name: 'blog', path: '/blog', heading: 'News and stories', shows: [/No stories yet|ago|20\d\d/] },
  { name: 'former-services', path: '/former_services', heading: 'Former services', shows: ['Our history is on its way', 'See our current services'] },
  { name: 'enrol', path: '/enrol/whanau_ora_support', heading: /Whānau Ora Support/, shows: [] },
  { name: 'not-found', path: '/no/such/page', heading: 'Page not found', shows: ['Home page', 'Our services'] },
];

async function expectPage(page: Page, expected: PublicPage): Promise<void> {
  await page.goto(expected.path);
  await page.getByRole('heading', { level: 1, name: expected.heading }).waitFor();
  await page
    .getByText('Loading...')
    .first()
    .waitFor({ state: 'detached', timeout: 15_000 })
    .catch(() => undefined);
  for (const text of expected.shows) {
    await page.getByText(text).first().waitFor({ timeout: 10_000 });
  }
}

describe.each(Object.entries(viewports))('public pages on a %s', (viewportName, viewport) => {
  let page: Page;

  beforeAll(async () => {
    page = await harness.newPage({ viewport });
  });

  afterAll(async () => {
    await page.context().close();
  });

  it.each(publicPages.map((publicPage) => [publicPage.path, publicPage] as const))(
    '%s renders its content with no accessibility violations',
    async (_path, publicPage) => {
      await expectPage(page, publicPage);
      await checkA11y(page);
      await screenshot(page, `${publicPage.name}-${viewport.width}`);
      expect(pageProblems(page)).toEqual([]);
    },
  );
});

describe('home page', () => {
  let page: Page;

  beforeAll(async () => {
    page = await harness.newPage({ viewport: viewports.phone });
    await page.goto('/');
    await page.getByRole('heading', { name: 'Our services' }).waitFor();
  });

  afterAll(async () => {
    await page.context().close();
  });

  it('has a banner 50rem high by default', async () => {
    const height = await page.locator('.home-banner').evaluate((banner) => banner.getBoundingClientRect().height);
    expect(height).toBeGreaterThanOrEqual(800);
  });

  it('shows six service cards', async () => {
    // The cards come in their own chunk after the heading; wait for them rather than count too soon.
    await page.locator('.service-card').nth(5).waitFor();
    await expect(page.locator('.service-card').count()).resolves.toBe(6);
  });

  it('links DONATE to the contact page until the trust has set its giving page (e2e/site.test.ts sets one)', async () => {
    const donate = page.locator('.donate').getByRole('link', { name: /DONATE/ });
    await expect(donate.getAttribute('href')).resolves.toBe('/contact');
  });

  it('has a footer with a donation link, and no invented social page', async () => {
    const footer = page.locator('footer');
    await expect(footer.getByRole('link', { name: /Donate/ }).getAttribute('href')).resolves.toBe('/contact');
    await expect(footer.getByRole('link', { name: /Follow us/ }).count()).resolves.toBe(0);
  });

  it('marks te reo phrases as Māori', async () => {
    await expect(page.locator('[lang="mi"]').count()).resolves.toBeGreaterThan(0);
  });
});

describe('service cards', () => {
  let phone: Page;
  let desktop: Page;

  beforeAll(async () => {
    phone = await harness.newPage({ viewport: viewports.phone });
    desktop = await harness.newPage({ viewport: viewports.desktop });
    for (const page of [phone, desktop]) {
      await page.goto('/services');
      await page.locator('.service-card').first().waitFor();
    }
  });

  afterAll(async () => {
    await phone.context().close();
    await desktop.context().close();
  });

  const card = (page: Page, title: string) => page.locator('.service-card').filter({ has: page.getByRole('heading', { name: title }) });

  it('gives an enrollable service an icon link to its enrol page and READ MORE to its page', async () => {
    const whanauOra = card(desktop, 'Whānau Ora Support');
    await expect(whanauOra.getByRole('link', { name: 'Enrol in Whānau Ora Support' }).getAttribute('href')).resolves.toBe('/enrol/whanau_ora_support');
    await expect(whanauOra.getByRole('link', { name: /READ MORE/ }).getAttribute('href')).resolves.toBe('/service/whanau_support');
  });

  it('shows ENROL NOW on small screens only', async () => {
    await expect(
      card(phone, 'Whānau Ora Support')
        .getByRole('link', { name: /ENROL NOW/ })
        .isVisible(),
    ).resolves.toBe(true);
    await expect(
      card(desktop, 'Whānau Ora Support')
        .getByRole('link', { name: /ENROL NOW/ })
        .isVisible(),
    ).resolves.toBe(false);
  });

  it('shows the status text, or Temporarily unavailable, instead of enrol links when closed', async () => {
    const musical = card(phone, 'Musical Therapy');
    await musical.getByText('All free spaces are taken for now').waitFor();
    await expect(musical.locator('a[href^="/enrol/"]').count()).resolves.toBe(0);
    await card(phone, 'Mobile Rangatahi').getByText('Temporarily unavailable').waitFor();
    await expect(card(phone, 'Mobile Rangatahi').locator('a[href^="/enrol/"]').count()).resolves.toBe(0);
  });

  it('opens the service page from READ MORE', async () => {
    await card(desktop, 'Raised Gardens')
      .getByRole('link', { name: /READ MORE/ })
      .click();
    await desktop.getByRole('heading', { level: 1, name: 'Raised Gardens' }).waitFor();
    expect(new URL(desktop.url()).pathname).toBe('/service/raised_gardens');
  });
});

describe('service page', () => {
  it('shows whānau ora support under both /service/whanau_support and its key', async () => {
    const page = await harness.newPage();
    for (const path of ['/service/whanau_support', '/service/whanau_ora_support']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: 'Whānau Ora Support' }).waitFor();
      // Referral text is Markdown: bold and a link to the trust's own contact details (none invented).
      await expect(page.locator('.referral-panel strong').first().textContent()).resolves.toBe('self-refer');
      await expect(page.locator('.referral-panel a[href="/contact"]').count()).resolves.toBe(1);
      // A Markdown section, bullets, extras and the action label.
      await page.locator('.service-section').filter({ hasText: 'What we can help with' }).locator('strong', { hasText: 'Housing' }).waitFor();
      await page.getByText('A kaimahi gets in touch to arrange a time to meet').waitFor();
      await page.getByText('Enrolments open now').waitFor();
      await expect(page.getByRole('link', { name: 'Enrol now' }).getAttribute('href')).resolves.toBe('/enrol/whanau_ora_support');
    }
    await page.context().close();
  });

  it('says so when no service has that name', async () => {
    const page = await harness.newPage();
    await page.goto('/service/not_a_service');
    await page.getByRole('heading', { level: 1, name: 'Service not found' }).waitFor();
    await page.context().close();
  });
});
