import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForServiceWorker } from './enrol-helpers';
import {
  chooseLanguage,
  alertShown,
  checkA11y,
  createBlogPost,
  createFeature,
  pageProblems,
  recordAlerts,
  samplePicture,
  screenshot,
  startHarness,
  type Harness,
} from './harness';

/**
 * Issue 11: the trust's own details, team and former services are content a manager sets, not
 * invented facts. A fresh install shows tidy "coming soon" states; a manager follows the
 * first-run checklist, and the public pages show what they entered.
 */

let harness: Harness;
let pictureDir: string;
let photoPath: string;

beforeAll(async () => {
  harness = await startHarness();
  pictureDir = await mkdtemp(path.join(os.tmpdir(), 'trust-site-pictures-'));
  photoPath = path.join(pictureDir, 'aroha.png');
  await writeFile(photoPath, await samplePicture({ width: 800, height: 800, hue: '#b7791a' }));
});

afterAll(async () => {
  await harness?.close();
  if (pictureDir) await rm(pictureDir, { recursive: true, force: true });
});

const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1440, height: 900 },
} as const;

/** What the first build invented and showed as fact (issue 11): none of it may reach a visitor. */
const invented = [
  '03 000 0000',
  'example.org.nz',
  '100 Example Street',
  'PO Box 0000',
  'CC00000',
  'givealittle.co.nz/org/example',
  'facebook.com/example',
  'Aroha Tipene',
  'Hemi Walker',
  'Mele Fonua',
  'Tama Rāwiri',
  'Kiri Parata',
  'Sione Latu',
  'Kai and hygiene packs during the COVID-19 lockdowns',
  'School holiday programmes',
  'Driver licence support',
];

/** The page's text and every link target, to look for invented details in. */
async function visibleTextAndLinks(page: Page): Promise<string> {
  return page.evaluate(() => [document.body.innerText, ...Array.from(document.querySelectorAll('a'), (link) => link.href)].join('\n'));
}

async function settle(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.locator('.spinner').first().waitFor({ state: 'detached', timeout: 15_000 });
}

describe.each(Object.entries(viewports))('a fresh install on a %s', (_size, viewport) => {
  let page: Page;

  beforeAll(async () => {
    page = await harness.newPage({ viewport });
  });

  afterAll(async () => {
    await page.context().close();
  });

  it('shows no invented people, numbers or history, and says what is coming', async () => {
    const expectations: [string, string][] = [
      ['/contact', 'Contact details coming soon'],
      ['/team', 'Our team will be introduced here soon'],
      ['/former_services', 'Our history is on its way'],
      ['/', 'Stories from our community will appear here soon.'],
      ['/about', 'Our values'],
    ];
    for (const [pathname, says] of expectations) {
      await page.goto(pathname);
      await settle(page);
      await page.getByText(says).first().waitFor();
      const text = await visibleTextAndLinks(page);
      expect(
        invented.filter((detail) => text.includes(detail)),
        pathname,
      ).toEqual([]);
      await checkA11y(page);
    }
    // Nor does the page a browser without JavaScript shows (its <noscript> once named a made-up phone number).
    const html = await (await fetch(`${harness.baseUrl}/`)).text();
    expect(invented.filter((detail) => html.includes(detail))).toEqual([]);
    // The empty carousel does not send people "below" to services that sit above it.
    await page.goto('/');
    await page.locator('.carousel--empty').waitFor();
    await expect(page.locator('.carousel--empty').textContent()).resolves.not.toMatch(/below/);
    // The footer says contact details are coming, and DONATE leads to the contact page, not an invented one.
    const footer = page.locator('footer');
    await footer.getByRole('link', { name: 'Contact details coming soon' }).waitFor();
    await expect(footer.getByRole('link', { name: /Donate/ }).getAttribute('href')).resolves.toBe('/contact');
    await expect(footer.getByRole('link', { name: /Follow us/ }).count()).resolves.toBe(0);
    expect(pageProblems(page)).toEqual([]);
  });

  it('shows the empty states tidily in te reo Māori too', async () => {
    await page.goto('/');
    // As the language switch does: the device's choice and the cookie the server renders by (decision 096).
    await chooseLanguage(page, 'mi');
    for (const pathname of ['/contact', '/team', '/former_services']) {
      await page.goto(pathname);
      await settle(page);
      await page.locator('.coming-soon').waitFor();
      await checkA11y(page);
      await screenshot(page, `site-empty${pathname.replaceAll('/', '-')}-mi-${viewport.width}`);
    }
    await chooseLanguage(page, 'en');
    for (const pathname of ['/contact', '/team', '/former_services']) {
      await page.goto(pathname);
      await settle(page);
      await screenshot(page, `site-empty${pathname.replaceAll('/', '-')}-${viewport.width}`);
    }
  });
});

describe('a manager sets up the trust with the first-run checklist', () => {
  let page: Page;
  let token: string;

  beforeAll(async () => {
    page = await harness.newPage({ viewport: viewports.desktop });
    await recordAlerts(page);
    ({ token } = await harness.loginAs(page, 2));
  });

  afterAll(async () => {
    await page.context().close();
  });

  const checklist = () => page.getByRole('region', { name: 'Getting started' });

  it('sees the checklist, with the services step already done for the one open service', async () => {
    await page.goto('/manage');
    await checklist().waitFor();
    await checklist().getByText('1 of 5 steps done', { exact: false }).waitFor();
    for (const step of [
      'Set the trust’s details',
      'Add the first manager’s team entry',
      'Write the first post',
      'Add carousel features',
      'Open the services you run',
    ]) {
      await checklist().getByRole('link', { name: step }).waitFor();
    }
    await checkA11y(page);
    await screenshot(page, 'manage-checklist-1440');
    await checklist().getByRole('link', { name: 'Set the trust’s details' }).click();
    await page.getByRole('heading', { level: 1, name: 'Site settings' }).waitFor();
  });

  it('sets the trust’s details; a bad link is refused on its own field', async () => {
    await page.goto('/manage/site');
    await page.getByRole('heading', { level: 1, name: 'Site settings' }).waitFor();
    const form = page.getByRole('form', { name: 'Site settings' });
    await form.getByLabel('Name of the trust').fill('Te Whare Tiaki Trust');
    await form.getByLabel('Phone number').fill('03 555 0199');
    await form.getByLabel('Email').fill('kiaora@tewharetiaki.nz');
    await form.getByLabel('Street address').fill('12 Hereford Street\nŌtautahi Christchurch 8011');
    await form.getByLabel('Postal address').fill('PO Box 7012, Ōtautahi 8140');
    await form.getByLabel('Charities Register number').fill('CC54321');
    await form.getByLabel('Donate link').fill('http://give.tewharetiaki.nz');
    await form.getByLabel('Social media link').fill('https://www.facebook.com/tewharetiaki');
    await form.getByLabel('Privacy officer').fill('Ana Pōtae');
    await form.getByLabel('Opening hours').fill('Monday to Friday, 9am to 4pm');
    await form.getByRole('button', { name: 'Save details' }).click();
    const donate = form.getByLabel('Donate link');
    await expect(donate.getAttribute('aria-invalid')).resolves.toBe('true');
    await form.locator('.field__error').getByText('Donate link must be a secure web address starting with https://').waitFor();
    // The one form helper: the summary takes focus and leads to the field (issue 22).
    await expect.poll(() => page.evaluate(() => document.activeElement?.className)).toBe('error-summary');
    await form
      .locator('.error-summary')
      .getByRole('link', { name: /Donate link must be a secure web address/ })
      .click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('donateUrl');
    await screenshot(page, 'manage-site-error-1440');
    await donate.fill('https://give.tewharetiaki.nz');
    await form.getByRole('button', { name: 'Save details' }).click();
    await alertShown(page, 'The trust’s details are saved.', 'success');
    await expect(donate.getAttribute('aria-invalid')).resolves.toBeNull();
    await checkA11y(page);
  });

  it('adds team members (a photo needs its description), reorders them', async () => {
    await page.goto('/manage/team');
    await page.getByRole('heading', { level: 1, name: 'Team' }).waitFor();
    await page.getByText('No one is on the team page yet.').waitFor();
    await page.getByRole('button', { name: 'Add a team member' }).click();
    let form = page.getByRole('form', { name: 'New team member' });
    await form.getByLabel('Name').fill('Ana Pōtae');
    await form.getByLabel('Role').fill('Kaiwhakahaere');
    await form.getByLabel('About them').fill('Ana leads the kaimahi.');
    await form.getByLabel('Photo (optional)').setInputFiles(photoPath);
    await form.getByRole('button', { name: 'Save team member' }).click();
    await form.locator('.field__error').getByText('Describe the photo for people who cannot see it').waitFor();
    await form.locator('.error-summary').getByText('Describe the photo for people who cannot see it').waitFor();
    await expect(form.getByLabel('Picture description').getAttribute('aria-invalid')).resolves.toBe('true');
    await screenshot(page, 'manage-team-form-1440');
    await form.getByLabel('Picture description').fill('Ana smiling in front of the wharenui');
    await form.getByRole('button', { name: 'Save team member' }).click();
    await alertShown(page, 'Ana Pōtae is saved on the team page.', 'success');

    await page.getByRole('button', { name: 'Add a team member' }).click();
    form = page.getByRole('form', { name: 'New team member' });
    await form.getByLabel('Name').fill('Wiremu Kerei');
    await form.getByLabel('Role').fill('Chairperson');
    await form.getByRole('button', { name: 'Save team member' }).click();
    await alertShown(page, 'Wiremu Kerei is saved on the team page.', 'success');

    const names = () => page.locator('.order-list__name').allTextContents();
    await expect.poll(names).toEqual(['Ana Pōtae', 'Wiremu Kerei']);
    await page.getByRole('button', { name: 'Move up: Wiremu Kerei' }).click();
    await expect.poll(names).toEqual(['Wiremu Kerei', 'Ana Pōtae']);
    await checkA11y(page);
    await screenshot(page, 'manage-team-1440');
  });

  it('adds, edits and deletes a former service, with a confirmation', async () => {
    await page.goto('/manage/former-services');
    await page.getByRole('heading', { level: 1, name: 'Former services' }).waitFor();
    await page.getByRole('button', { name: 'Add a former service' }).click();
    let form = page.getByRole('form', { name: 'New former service' });
    await form.getByLabel('Title').fill('Kapa haka wānanga');
    await form.getByLabel('Years').fill('2015 – 2018');
    await form.getByLabel('What it was').fill('Weekend wānanga for rangatahi.');
    await form.getByRole('button', { name: 'Save former service' }).click();
    await alertShown(page, '“Kapa haka wānanga” is saved.', 'success');
    await page.getByRole('button', { name: 'Add a former service' }).click();
    form = page.getByRole('form', { name: 'New former service' });
    await form.getByLabel('Title').fill('Typo programme');
    await form.getByRole('button', { name: 'Save former service' }).click();
    await alertShown(page, '“Typo programme” is saved.', 'success');
    await page.getByRole('button', { name: 'Edit Typo programme' }).click();
    form = page.getByRole('form', { name: 'Edit Typo programme' });
    await form.getByLabel('Title').fill('Kai for kaumātua');
    await form.getByRole('button', { name: 'Save former service' }).click();
    await alertShown(page, '“Kai for kaumātua” is saved.', 'success');
    await page.getByRole('button', { name: 'Delete Kai for kaumātua' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this former service?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Delete Kai for kaumātua' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await alertShown(page, '“Kai for kaumātua” is removed.', 'success');
    await expect.poll(() => page.locator('.order-list__name').allTextContents()).toEqual(['Kapa haka wānanga']);
    await checkA11y(page);
  });

  it('shows visitors what the manager entered', async () => {
    const visitor = await harness.newPage({ viewport: viewports.phone });
    try {
      await visitor.goto('/contact');
      await settle(visitor);
      const main = visitor.locator('main');
      await main.getByRole('link', { name: '03 555 0199' }).waitFor();
      await expect(main.getByRole('link', { name: '03 555 0199' }).getAttribute('href')).resolves.toBe('tel:+6435550199');
      await main.getByRole('link', { name: 'kiaora@tewharetiaki.nz' }).waitFor();
      await main.getByText('12 Hereford Street').waitFor();
      await main.getByText('Monday to Friday, 9am to 4pm').waitFor();
      await main.getByText('Ana Pōtae').waitFor();
      await main.getByText('CC54321').waitFor();
      await checkA11y(visitor);
      await screenshot(visitor, 'site-contact-set-390');
      const footer = visitor.locator('footer');
      await expect(footer.getByRole('link', { name: /Donate/ }).getAttribute('href')).resolves.toBe('https://give.tewharetiaki.nz');
      await expect(footer.getByRole('link', { name: /Follow us on Facebook/ }).getAttribute('href')).resolves.toBe('https://www.facebook.com/tewharetiaki');
      await footer.getByText('Registered charity CC54321', { exact: false }).waitFor();

      await visitor.goto('/team');
      await settle(visitor);
      await expect.poll(() => visitor.locator('.team-card__name').allTextContents()).toEqual(['Wiremu Kerei', 'Ana Pōtae']);
      await visitor.getByRole('img', { name: 'Ana smiling in front of the wharenui' }).waitFor();
      await checkA11y(visitor);
      await screenshot(visitor, 'site-team-set-390');

      await visitor.goto('/former_services');
      await settle(visitor);
      await visitor.getByRole('heading', { name: 'Kapa haka wānanga' }).waitFor();
      await visitor.getByText('2015 – 2018').waitFor();
      expect(pageProblems(visitor)).toEqual([]);
    } finally {
      await visitor.context().close();
    }
  });

  it('keeps the trust’s details, team and photos on the phone for when the server cannot be reached', async () => {
    const visitor = await harness.newPage({ viewport: viewports.phone, serviceWorkers: 'allow' });
    try {
      await visitor.goto('/');
      await waitForServiceWorker(visitor);
      for (const pathname of ['/contact', '/team', '/former_services']) {
        await visitor.goto(pathname);
        await settle(visitor);
        // The photo is on /team: wait until it has arrived, so the worker has kept it.
        if (pathname === '/team')
          await visitor.getByRole('img', { name: 'Ana smiling in front of the wharenui' }).evaluate((image: HTMLImageElement) => image.decode());
      }
      await harness.server.stop();
      try {
        await visitor.goto('/contact');
        await settle(visitor);
        await visitor.locator('main').getByRole('link', { name: '03 555 0199' }).waitFor();
        await visitor.goto('/team');
        await settle(visitor);
        await visitor.getByRole('img', { name: 'Ana smiling in front of the wharenui' }).waitFor();
        await expect(
          visitor.getByRole('img', { name: 'Ana smiling in front of the wharenui' }).evaluate((image: HTMLImageElement) => image.naturalWidth),
        ).resolves.toBeGreaterThan(0);
        await visitor.goto('/former_services');
        await settle(visitor);
        await visitor.getByRole('heading', { name: 'Kapa haka wānanga' }).waitFor();
      } finally {
        await harness.server.start();
      }
    } finally {
      await visitor.context().close();
    }
  });

  it('loses the checklist once every step is done', async () => {
    await page.goto('/manage');
    await checklist().getByText('3 of 5 steps done', { exact: false }).waitFor();
    await createBlogPost(harness, token, { title: 'Kia ora koutou', author: 'Ana Pōtae', text: 'Our first post.' });
    await createFeature(harness, token, { title: 'Māra kai', text: 'Gardens growing.' });
    await page.goto('/manage');
    await page.getByRole('heading', { level: 2, name: 'Blog posts' }).waitFor();
    await page.getByRole('link', { name: 'Kia ora koutou' }).first().waitFor();
    await page.locator('.spinner').first().waitFor({ state: 'detached' });
    await expect(checklist().count()).resolves.toBe(0);
    expect(pageProblems(page)).toEqual([]);
  });
});

// A test a page, language and size: eight pages with axe in one test outlasted its time-out on a busy machine.
const screens = Object.entries(viewports).flatMap(([size, viewport]) =>
  (['en', 'mi'] as const).flatMap((language) =>
    ['/manage/site', '/manage/team', '/manage/former-services', '/manage'].map((pathname) => ({ size, viewport, language, pathname })),
  ),
);

describe('the new management screens', () => {
  it.each(screens)('$pathname is accessible in $language on a $size', async ({ viewport, language, pathname }) => {
    const page = await harness.newPage({ viewport });
    try {
      await harness.loginAs(page, 2);
      await chooseLanguage(page, language);
      await page.goto(pathname);
      await settle(page);
      await checkA11y(page);
      if (pathname !== '/manage') await screenshot(page, `${pathname.slice(1).replaceAll('/', '-')}-${language}-${viewport.width}`);
      expect(pageProblems(page)).toEqual([]);
    } finally {
      await page.context().close();
    }
  });
});
