import { randomUUID } from 'node:crypto';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceCatalogue } from '../../server/contract/catalogue';
import { staffRoutePatterns } from '../src/lib/staff-paths';
import { chooseLanguage, createBlogPost, createFeature, renderedPublicRoutes, screenshot, startHarness, type Harness } from './harness';

/**
 * Every page, as each kind of staff member reads it (issue 31): no raw message key instead of
 * words ("manage.managerNeededTitle"), and nothing that makes the page scroll sideways on a
 * 390 px phone. One server and one browser; each page is opened in turn and read once it has
 * drawn its heading.
 */
let harness: Harness;
const ids: Record<string, string> = {};
const headers = { 'content-type': 'application/json' };

beforeAll(async () => {
  harness = await startHarness();
  const manager = await harness.createStaff(2);
  const token = await harness.tokenFor(manager);
  const post = async (path: string, body: unknown) => {
    const response = await harness.api(path, { method: 'POST', token, headers, body: JSON.stringify(body) });
    expect(response.status, path).toBeLessThan(300);
    return (await response.json()) as { _id: string; results?: { status: string }[] };
  };
  ids.client = (await post('/api/clients', { _id: randomUUID(), givenName: 'Wharehuia', familyName: 'Te Rangi-Pōhatu-Whakatōhea', phone: '021 555 8080' }))._id;
  const whanauId = randomUUID();
  const made = await post('/api/sync', {
    mutations: [
      {
        _id: whanauId,
        kind: 'whanau.create',
        entityId: whanauId,
        payload: { name: 'Te Whānau a Wharehuia me ōna Mokopuna o Ōtautahi', notes: 'Long names wrap.' },
      },
    ],
  });
  expect(made.results?.[0]?.status).toBe('applied');
  ids.whanau = whanauId;
  ids.blog = (await createBlogPost(harness, token, { title: 'Every page', author: 'Aroha', text: 'A post.' }))._id;
  ids.feature = (await createFeature(harness, token, { title: 'Every page', text: 'A feature.' }))._id;
  const accounts = (await (await harness.api('/api/users', { token })).json()) as { _id: string }[];
  ids.user = accounts[0]?._id ?? '';
  const logs = (await (await harness.api('/api/logs', { token })).json()) as { _id: string }[];
  ids.log = logs[0]?._id ?? '';
  ids.key = serviceCatalogue[0]?.key ?? '';
});
afterAll(async () => {
  await harness?.close();
});

/** A staff route pattern with the fixture's ids in place of its parameters. */
function staffPath(pattern: string): string {
  const first = pattern.split('/')[1] ?? '';
  const idFor: Record<string, string | undefined> = { client: ids.client, whanau: ids.whanau };
  return pattern.replace(/:(\w+)/g, (_, name: string) => {
    if (name === 'key') return ids.key ?? '';
    if (first === 'manage') {
      const kind = pattern.split('/')[2] ?? '';
      return (kind === 'blog' ? ids.blog : kind === 'users' ? ids.user : kind === 'features' ? ids.feature : kind === 'logs' ? ids.log : '') ?? '';
    }
    return idFor[first] ?? '';
  });
}

const messageKey = /\b[a-z][a-zA-Z]*(\.[a-z][a-zA-Z]*)+\.[a-z]*[A-Z][a-zA-Z]*\b|\b[a-z]+\.[a-z]+[A-Z][a-zA-Z]*\b/;

/** Opens the page, waits for its first heading, and says what is wrong with it. */
const englishCalendar =
  /\b(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|June|July|August|September|October|November|December)\b/;

async function problemsOf(page: Page, path: string, language: 'en' | 'mi' = 'en'): Promise<string[]> {
  await page.goto(path);
  await page.locator('main h1, h1').first().waitFor();
  // The page's own data (lists, the record) comes after its heading: wait until nothing is loading.
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  const { text, width } = await page.evaluate(() => ({ text: document.body.innerText, width: document.documentElement.scrollWidth }));
  const problems: string[] = [];
  // The te reo review page lists entries by their keys for the trust's speakers: keys are its content.
  const key = path === staffRoutePatterns.manageTeReo ? null : messageKey.exec(text);
  if (key) problems.push(`${path}: shows the key ${key[0]}`);
  if (width > 390) problems.push(`${path}: ${width} px wide at 390`);
  // In te reo, the days and months are in te reo too.
  const english = language === 'mi' ? englishCalendar.exec(text) : null;
  if (english) problems.push(`${path}: says ${english[0]} in te reo`);
  return problems;
}

describe('every page at 390 px', () => {
  const staffPaths = Object.values(staffRoutePatterns);

  it.each([1, 2])('as a member of staff of access %i: words, not keys, and no sideways scroll', async (access) => {
    const page = await harness.newPage({ viewport: { width: 390, height: 844 } });
    // Signed in with the password, so the device keeps a copy and the client and whānau pages show their records.
    await harness.signInWithPassword(page, await harness.createStaff(access));
    const problems: string[] = [];
    for (const pattern of staffPaths) problems.push(...(await problemsOf(page, staffPath(pattern))));
    expect(problems).toEqual([]);
    if (access === 1) {
      // A record this kaimahi may not see says so, and the page asks the server once: reading a
      // failed read again on every failure once asked forty times a second, each an audited view.
      for (const [path, api, words] of [
        [staffPath(staffRoutePatterns.client), `/api/clients/${ids.client}`, 'There is no client record here that you can see'],
        [staffPath(staffRoutePatterns.whanau), `/api/whanau/${ids.whanau}`, 'This whānau is not here, or it is not one you work with'],
      ] as const) {
        const asked: string[] = [];
        const count = (request: Request) => {
          if (new URL(request.url()).pathname === api) asked.push(request.url());
        };
        page.on('request', count);
        await page.goto(path);
        await page.getByText(words).waitFor();
        await page.waitForLoadState('networkidle');
        page.off('request', count);
        expect(asked.length, path).toBeLessThanOrEqual(2);
      }
      // "Ko tēnei rā ko Sunday, 29 November 2026" was My follow-ups in te reo: the day's names are Māori now.
      const signedIn = await harness.newPage({ viewport: { width: 390, height: 844 } });
      await harness.signInWithPassword(signedIn, await harness.createStaff(1));
      await chooseLanguage(signedIn, 'mi');
      expect(await problemsOf(signedIn, staffRoutePatterns.followUps, 'mi')).toEqual([]);
      await expect.poll(() => signedIn.locator('main').innerText()).toMatch(/Ko tēnei rā ko Rā(tapu|hina|tū|apa|pare|mere|horoi), \d+ /);
      await signedIn.context().close();
    }
    if (access === 2) {
      // The whānau page and the reports, looked at on a phone and a desktop.
      for (const [name, path] of [
        ['whanau', staffPath(staffRoutePatterns.whanau)],
        ['reports', staffRoutePatterns.reports],
      ] as const) {
        for (const width of [390, 1440]) {
          await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
          await problemsOf(page, path);
          await screenshot(page, `every-page-${name}-${width}`);
        }
      }
    }
    await page.context().close();
  });

  it('as a visitor, in English and te reo Māori', async () => {
    const page = await harness.newPage({ viewport: { width: 390, height: 844 } });
    const problems: string[] = [];
    for (const language of ['en', 'mi'] as const) {
      await page.goto('/');
      await chooseLanguage(page, language);
      for (const path of [...renderedPublicRoutes(ids.blog ?? ''), '/login']) problems.push(...(await problemsOf(page, path, language)));
    }
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
