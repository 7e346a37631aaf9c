import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, pageProblems, screenshot, startHarness, type Harness } from './harness';
import { translationLimits } from '@contract/translations';

/**
 * A manager works in te reo Māori: /manage in Māori, a correction of the app's Māori text made in
 * /manage/te-reo and shown in the interface after a reload, and a server's refusal said in Māori.
 */

let harness: Harness;
let fileDir: string;
let notAPicture: string;

beforeAll(async () => {
  harness = await startHarness();
  fileDir = await mkdtemp(path.join(os.tmpdir(), 'trust-te-reo-'));
  // Named .jpg, so the browser calls it image/jpeg and the form lets it go; only the server reads the bytes.
  notAPicture = path.join(fileDir, 'not-a-picture.jpg');
  await writeFile(notAPicture, 'these are words, not a picture');
});

afterAll(async () => {
  await harness?.close();
  if (fileDir) await rm(fileDir, { recursive: true, force: true });
});

/**
 * The shell's compact language button on a phone shows "MI" but is named "Change the language to
 * Te reo Māori" (axe: label-content-name-mismatch). It belongs to the shell, not to site
 * management, so these checks leave it out; reported to the lead.
 */
const a11y = checkA11y;

/** Clicks "Te reo Māori" in the language switch (in the side menu on a phone). */
async function switchToTeReo(page: Page): Promise<void> {
  const visibleSwitch = page.locator('.language-switch__option[lang="mi"]:visible').first();
  if ((await visibleSwitch.count()) === 0) await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await page.locator('.language-switch__option[lang="mi"]:visible').first().click();
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('mi');
  // On a phone the side menu may still be open; Escape closes it.
  await page.keyboard.press('Escape');
}

for (const width of [390, 1440]) {
  describe(`te reo Māori in site management at ${width} px`, () => {
    let page: Page;
    let token = '';
    const corrected = `Kōnae rangitaki (kua whakatikaia ${width})`;

    beforeAll(async () => {
      page = await harness.newPage({ viewport: { width, height: width < 800 ? 844 : 900 } });
      token = (await harness.loginAs(page, 2)).token;
    });

    afterAll(async () => {
      await harness.api('/api/content/translations/mi/manage.logFiles', { method: 'DELETE', token });
      await page?.context().close();
    });

    it('is clean for axe in English on /manage and /manage/te-reo', async () => {
      await page.goto('/manage');
      await page.getByRole('heading', { level: 1, name: 'Site management' }).waitFor();
      await a11y(page);
      await page.getByRole('link', { name: 'Open the te reo Māori list' }).click();
      await page.getByRole('heading', { level: 1, name: 'Te reo Māori' }).waitFor();
      await page.getByRole('heading', { level: 3, name: 'manage.logFiles' }).waitFor();
      await a11y(page);
    });

    it('shows /manage in Māori once the manager switches, the trust’s wording kept', async () => {
      await page.goto('/manage');
      await page.getByRole('heading', { level: 1, name: 'Site management' }).waitFor();
      await switchToTeReo(page);
      await page.getByRole('heading', { level: 1, name: 'Whakahaere pae' }).waitFor();
      await page.getByRole('heading', { level: 2, name: 'Ngā kōnae rangitaki' }).waitFor();
      await expect(page.getByRole('navigation', { name: 'Ngā wāhanga o te whakahaere pae' }).textContent()).resolves.toContain('Ngā pānui');
      // The spec's own wording is still there in te reo ("Building better communities" in the features lead).
      await expect(page.locator('#manage-features').textContent()).resolves.toContain('Building better communities');
      await a11y(page);
      await screenshot(page, `te-reo-manage-${width}`);
    });

    it('lets the manager find an entry ignoring macrons and capitals, correct it, and see it after a reload', async () => {
      await page.getByRole('link', { name: 'Tirohia te rārangi reo Māori' }).click();
      await page.getByRole('heading', { level: 1, name: 'Te reo Māori o te taupānga' }).waitFor();
      await page.getByRole('searchbox', { name: 'Rapu' }).fill('NGA KONAE RANGITAKI');
      const entry = page.locator('li.te-reo-entry', { has: page.getByRole('heading', { level: 3, name: 'manage.logFiles', exact: true }) });
      await entry.waitFor();
      await expect(entry.textContent()).resolves.toContain('Log files');
      await expect(page.locator('li.te-reo-entry').count()).resolves.toBeLessThan(5);
      // The page in te reo, with the entries the search found: the whole list (every entry is the
      // same markup, over 20 000 elements, 10 s and more of axe) is checked in English above.
      await a11y(page);
      await entry.getByRole('button', { name: 'Whakatika manage.logFiles' }).click();
      // Too long: its problem on its box and in the summary, in te reo (issue 22).
      const box = entry.getByRole('textbox', { name: 'Te kupu Māori kua whakatikaia' });
      await box.fill('a'.repeat(translationLimits.textMax + 1));
      await entry.getByRole('button', { name: 'Tiaki te whakatikatanga' }).click();
      await entry.locator('.error-summary').getByText('Kotahi te mea hei whakatika').waitFor();
      expect(await box.getAttribute('aria-invalid')).toBe('true');
      expect(await entry.locator('.field__error').textContent()).not.toContain('Text must be');
      await entry.getByRole('textbox', { name: 'Te kupu Māori kua whakatikaia' }).fill(corrected);
      await entry.getByRole('button', { name: 'Tiaki te whakatikatanga' }).click();
      await page.locator('.alert[data-alert-type="success"]', { hasText: 'Kua tiakina te whakatikatanga' }).first().waitFor();
      await expect(entry.textContent()).resolves.toContain(corrected);
      await screenshot(page, `te-reo-corrections-${width}`);

      await page.goto('/manage');
      await page.reload();
      await page.getByRole('heading', { level: 2, name: corrected }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('mi');
    });

    it('says a server’s refusal in Māori, on the field and in the alert', async () => {
      await page.goto('/manage');
      const blog = page.locator('#manage-blog');
      await blog.locator('summary', { hasText: 'Pānui hou' }).click();
      await blog.getByRole('textbox', { name: 'Taitara' }).fill('He pānui');
      await blog.getByRole('textbox', { name: 'Kaituhi' }).fill('Mere');
      await blog.getByRole('textbox', { name: 'Tuhinga' }).fill('Kia ora');
      await blog.getByRole('textbox', { name: 'Whakaahuatanga o te whakaahua' }).fill('He whakaahua');
      await blog.locator('input[type="file"]').setInputFiles(notAPicture);
      const answer = page.waitForResponse((response) => response.url().endsWith('/api/content/blog') && response.request().method() === 'POST');
      await blog.getByRole('button', { name: 'Hangaia te pānui' }).click();
      const response = await answer;
      expect(response.status()).toBe(415);
      expect((await response.json()).errors[0]).toMatchObject({ code: 'invalid_image', param: 'image' });
      const sentence = 'Me whakaahua JPEG, PNG, WebP rānei te atahanga, ā, kia kaua e pakaru.';
      await page
        .locator('.alert[data-alert-type="danger"]', { hasText: `Atahanga — ${sentence}` })
        .first()
        .waitFor();
      await blog.getByText(sentence, { exact: true }).waitFor();
      expect(await page.locator('body').textContent()).not.toContain('Image must be a JPEG');
      expect(pageProblems(page).filter((problem) => !problem.includes('415'))).toEqual([]);
    });
  });
}
