import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alertShown,
  checkA11y,
  createBlogPost,
  pageProblems,
  recordAlerts,
  samplePicture,
  screenshot,
  screensDir,
  startHarness,
  type Harness,
} from './harness';

/**
 * Editing what is published, drafts and scheduling (issue 22), as a manager does it and as a
 * visitor then sees it: the built app in Chromium against the real server.
 */

let harness: Harness;
let pictureDir: string;
let jpegPath: string;
let managerToken: string;

beforeAll(async () => {
  harness = await startHarness();
  pictureDir = await mkdtemp(path.join(os.tmpdir(), 'trust-edit-pictures-'));
  jpegPath = path.join(pictureDir, 'kapa-haka.jpg');
  await writeFile(
    jpegPath,
    await sharp(await samplePicture({ width: 1200, height: 900, hue: '#7a1f3d' }))
      .jpeg({ quality: 80 })
      .toBuffer(),
  );
  const manager = await harness.createStaff(2);
  managerToken = await harness.tokenFor(manager);
});

afterAll(async () => {
  await harness?.close();
  if (pictureDir) await rm(pictureDir, { recursive: true, force: true });
});

async function managerPage(width: number, height: number): Promise<Page> {
  const page = await harness.newPage({ viewport: { width, height } });
  await recordAlerts(page);
  await harness.loginAs(page, 2);
  return page;
}

describe('editing a published post', () => {
  it('changes its words and picture in place: same address, the visitor sees the new ones', async () => {
    const post = await createBlogPost(harness, managerToken, { title: 'Kapa haka practice', author: 'Aroha', text: 'Practice is on **Tuesday**.' });
    const page = await managerPage(1440, 900);
    await page.goto(`/manage/blog/${post._id}`);
    const form = page.getByRole('form', { name: 'Edit post' });
    await expect.poll(() => form.getByLabel('Title').inputValue()).toBe('Kapa haka practice');
    expect(await form.getByLabel('Text').inputValue()).toBe('Practice is on **Tuesday**.');
    await form.getByRole('img', { name: 'Kapa haka practice — illustration' }).waitFor();
    await page.getByText('Published: on the site', { exact: true }).waitFor();
    await checkA11y(page);
    await screenshot(page, 'edit-post-1440');

    await form.getByLabel('Title').fill('Kapa haka practice moves to Wednesday');
    await form.getByLabel('Text').fill('Practice is now on **Wednesday**.');
    await form.getByLabel('New picture (optional)').setInputFiles(jpegPath);
    await form.getByLabel('Picture description').fill('Rangatahi in kapa haka uniform');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await alertShown(page, 'Post saved: “Kapa haka practice moves to Wednesday”', 'success');
    // The edit is kept as a version to go back to: who saved it, whose edit replaced it, what that changed.
    const versions = page.getByRole('region', { name: 'Earlier versions' });
    const version = versions.getByRole('listitem');
    await version.getByText('That edit changed: title, text, picture description').waitFor();
    expect(await version.innerText()).toMatch(/saved by Mere Manager · replaced by Mere Manager’s edit/);
    await versions.getByText('Kapa haka practice', { exact: true }).click();
    await versions.screenshot({ path: `${screensDir}/earlier-versions-1440.png` });

    const visitor = await harness.newPage();
    await visitor.goto(`/blog/${post._id}`);
    await visitor.getByRole('heading', { level: 1, name: 'Kapa haka practice moves to Wednesday' }).waitFor();
    await visitor.getByText('Wednesday', { exact: true }).waitFor();
    const picture = visitor.getByRole('img', { name: 'Rangatahi in kapa haka uniform' });
    expect(await picture.getAttribute('src')).toMatch(new RegExp(`^/api/content/blog/${post._id}/image\\?v=[0-9a-f-]{36}&size=`));
    expect(await picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    // Restore asks first; cancelled, nothing changes; confirmed, the old words are back on the site.
    await versions.getByRole('button', { name: /^Restore the version replaced/ }).click();
    const ask = page.getByRole('dialog', { name: 'Restore this version?' });
    await screenshot(page, 'restore-version-1440');
    await ask.getByText(/The words of “Kapa haka practice” \(replaced .*\) go back on the site at once/).waitFor();
    await checkA11y(page);
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'hidden' });
    expect(await form.getByLabel('Title').inputValue()).toBe('Kapa haka practice moves to Wednesday');
    await versions.getByRole('button', { name: /^Restore the version replaced/ }).click();
    await ask.getByRole('button', { name: 'Restore this version' }).click();
    await alertShown(page, 'Version restored: “Kapa haka practice”', 'success');
    await visitor.reload();
    await visitor.getByRole('heading', { level: 1, name: 'Kapa haka practice' }).waitFor();

    expect(pageProblems(page)).toEqual([]);
    expect(pageProblems(visitor)).toEqual([]);
    await visitor.context().close();
    await page.context().close();
  });

  it('keeps it as a draft: gone from the blog, still in the manager’s preview, and back when published', async () => {
    const post = await createBlogPost(harness, managerToken, { title: 'Hāngī fundraiser', author: 'Mere', text: 'Tickets on sale soon.' });
    const page = await managerPage(390, 844);
    await page.goto(`/manage/blog/${post._id}`);
    const form = page.getByRole('form', { name: 'Edit post' });
    await expect.poll(() => form.getByLabel('Title').inputValue()).toBe('Hāngī fundraiser');
    await form.getByLabel('Draft: only managers can see it').check();
    await form.getByRole('button', { name: 'Save changes' }).click();
    await alertShown(page, 'Post saved: “Hāngī fundraiser”', 'success');
    await page.locator('.content-edit-page__status').getByText('Draft: only managers can see it').waitFor();
    await page.getByRole('region', { name: 'Preview' }).getByRole('heading', { level: 3, name: 'Hāngī fundraiser' }).waitFor();
    await checkA11y(page);
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'edit-post-390');

    const blog = await (await harness.api('/api/content/blog')).json();
    expect(blog.map((one: { _id: string }) => one._id)).not.toContain(post._id);
    expect((await harness.api(`/api/content/blog/${post._id}`)).status).toBe(404);

    await form.getByLabel('Published: on the site now').check();
    await form.getByRole('button', { name: 'Save changes' }).click();
    await alertShown(page, 'Post saved: “Hāngī fundraiser”', 'success');
    expect((await harness.api(`/api/content/blog/${post._id}`)).status).toBe(200);
    expect(pageProblems(page)).toEqual([]);
    await page.context().close();
  });

  it('schedules one in New Zealand time and says when it will go out', async () => {
    const post = await createBlogPost(harness, managerToken, { title: 'Matariki hui', author: 'Hemi', text: 'Join us.' });
    const page = await managerPage(1440, 900);
    await page.goto(`/manage/blog/${post._id}`);
    const form = page.getByRole('form', { name: 'Edit post' });
    await expect.poll(() => form.getByLabel('Title').inputValue()).toBe('Matariki hui');
    await form.getByLabel('Scheduled: goes on the site at a set time').check();
    await form.getByLabel('Date and time').fill('2099-06-20T18:30');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await alertShown(page, 'Post saved: “Matariki hui”', 'success');
    await page
      .locator('.content-edit-page__status')
      .getByText(/^Scheduled for 20 Jun 2099, 6:30\s?pm \(New Zealand time\)$/)
      .waitFor();
    const managed = await (await harness.api(`/api/content/manage/blog/${post._id}`, { token: managerToken })).json();
    // 6:30 pm NZST (+12:00) is 6:30 am UTC.
    expect(managed).toMatchObject({ status: 'scheduled', publishAt: '2099-06-20T06:30:00.000Z' });
    await page.context().close();
  });
});

describe('a scheduled post', () => {
  it('appears on the blog at its time, with nobody pressing anything', async () => {
    const form = new FormData();
    form.append('title', 'Kai parcels this Friday');
    form.append('author', 'Aroha');
    form.append('text', 'Collect from the marae.');
    form.append('imageAlt', 'Kai parcels');
    form.append('status', 'scheduled');
    const publishAt = new Date(Date.now() + 6000);
    form.append('publishAt', publishAt.toISOString());
    form.append('image', new Blob([new Uint8Array(await samplePicture({ width: 800, height: 500 }))], { type: 'image/png' }), 'kai.png');
    const created = await harness.api('/api/content/blog', { method: 'POST', body: form, token: managerToken });
    expect(created.status).toBe(201);

    const visitor = await harness.newPage();
    await visitor.goto('/blog');
    await visitor.getByRole('heading', { level: 1 }).first().waitFor();
    if (Date.now() < publishAt.getTime()) expect(await visitor.getByText('Kai parcels this Friday').count()).toBe(0);
    // The real clock passes the time; the page is read again until the post is there (each look
    // gives the app time to ask the server, since it shows its saved copy of the list first).
    const newPost = visitor.getByRole('link', { name: /Kai parcels this Friday/ });
    await expect
      .poll(
        async () => {
          await visitor.reload();
          return newPost
            .first()
            .waitFor({ timeout: 4000 })
            .then(
              () => true,
              () => false,
            );
        },
        { timeout: 40_000, interval: 500 },
      )
      .toBe(true);
    expect(Date.now()).toBeGreaterThanOrEqual(publishAt.getTime());
    await visitor.context().close();
  });
});
