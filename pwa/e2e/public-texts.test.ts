import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertShown, checkA11y, pageProblems, recordAlerts, screenshot, startHarness, type Harness } from './harness';
import { fillAndSubmitEnrolment } from './enrol-helpers';

/**
 * Every public text is content (issue 22, decisions 093–094): a manager edits it in /manage in
 * English and te reo Māori, and visitors read it in their language; the built app in Chromium
 * against the real server.
 */

let harness: Harness;
let managerToken: string;

beforeAll(async () => {
  harness = await startHarness();
  managerToken = await harness.tokenFor(await harness.createStaff(2));
});

afterAll(async () => {
  await harness?.close();
});

async function visitor(language: 'en' | 'mi', width = 390, height = 844): Promise<Page> {
  const page = await harness.newPage({ viewport: { width, height } });
  if (language === 'mi') await page.addInitScript(() => localStorage.setItem('language', 'mi'));
  return page;
}

/** What kaimahi see of the enrolments with this given name, with the privacy statement version each was agreed under. */
async function statementVersionsOf(givenName: string): Promise<string[]> {
  const response = await harness.api(`/api/enrolments?q=${encodeURIComponent(givenName)}`, { token: managerToken });
  const { items } = (await response.json()) as { items: { givenName: string; consentStatementVersion: string }[] };
  return items.filter((item) => item.givenName === givenName).map((item) => item.consentStatementVersion);
}

describe('a service page’s words', () => {
  it('are changed in both languages in /manage and seen by a visitor in each; a text with no Māori shows in English, marked so', async () => {
    const manager = await harness.newPage({ viewport: { width: 1440, height: 900 } });
    await recordAlerts(manager);
    await harness.loginAs(manager, 2);
    await manager.goto('/manage');
    await manager.getByRole('link', { name: 'Words of the Whānau Kai Support page' }).click();
    const form = manager.getByRole('form', { name: 'Service page: Whānau Kai Support' });
    await expect.poll(() => form.getByLabel('Subtitle — English', { exact: true }).inputValue()).toBe('Food parcels for whānau in need');
    await form.getByLabel('Subtitle — English', { exact: true }).fill('Free food parcels for whānau who need a hand');
    await form.getByLabel('Title — Te reo Māori', { exact: true }).fill('Tautoko Kai ā-Whānau');
    await form.getByLabel('Subtitle — Te reo Māori', { exact: true }).fill('He pēke kai utukore mō ngā whānau');
    await checkA11y(manager);
    await screenshot(manager, 'manage-service-texts-1440');
    await form.getByRole('button', { name: 'Save' }).click();
    await alertShown(manager, 'Saved', 'success');

    const english = await visitor('en');
    await english.goto('/service/whanau_kai_support');
    await english.getByRole('heading', { level: 1, name: 'Whānau Kai Support' }).waitFor();
    await english.getByText('Free food parcels for whānau who need a hand', { exact: true }).waitFor();

    const maori = await visitor('mi');
    await maori.goto('/service/whanau_kai_support');
    const title = maori.getByRole('heading', { level: 1, name: 'Tautoko Kai ā-Whānau' });
    await title.waitFor();
    expect(await title.getAttribute('lang')).toBeNull();
    await maori.getByText('He pēke kai utukore mō ngā whānau', { exact: true }).waitFor();
    // Not written in te reo yet: the English, read as English.
    const untranslated = maori.getByRole('heading', { name: 'Kai for whānau when times are tight' });
    expect(await untranslated.getAttribute('lang')).toBe('en-NZ');
    await checkA11y(maori);
    await screenshot(maori, 'service-texts-mi-390');

    // The service cards of the home page and /services say the same (issue 22): the Māori title
    // and subtitle where written, else the English marked as English, and the status text
    // (written in English only) marked so too; an English visitor still reads the English.
    for (const path of ['/', '/services']) {
      await maori.goto(path);
      const card = maori.locator('.service-card', { has: maori.getByRole('heading', { name: 'Tautoko Kai ā-Whānau' }) });
      await card.waitFor({ timeout: 30_000 });
      expect(await card.getByRole('heading').getAttribute('lang')).toBeNull();
      expect(await card.getByText('He pēke kai utukore mō ngā whānau', { exact: true }).getAttribute('lang')).toBeNull();
      expect(await card.getByText('Not taking new referrals at the moment', { exact: true }).getAttribute('lang')).toBe('en-NZ');
      const untranslatedCard = maori.getByRole('heading', { name: 'Musical Therapy', exact: true });
      expect(await untranslatedCard.getAttribute('lang')).toBe('en-NZ');
      await english.goto(path);
      await english.locator('.service-card').getByRole('heading', { name: 'Whānau Kai Support', exact: true }).waitFor({ timeout: 30_000 });
      expect(await english.getByText('Free food parcels for whānau who need a hand', { exact: true }).getAttribute('lang')).toBeNull();
    }
    await checkA11y(maori);
    await screenshot(maori, 'service-cards-mi-390');

    // A bad edit: every problem on its box, nothing saved.
    await form.getByLabel('Title — English', { exact: true }).fill('');
    await form.getByLabel('Subtitle — Te reo Māori', { exact: true }).fill('x'.repeat(201));
    await form.getByRole('button', { name: 'Save' }).click();
    const summary = manager.getByRole('alert').filter({ hasText: 'Title' }).first();
    await summary.waitFor();
    expect(await form.getByLabel('Title — English', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await form.getByLabel('Subtitle — Te reo Māori', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    const stored = (await (await harness.api('/api/services/whanau_kai_support')).json()) as { title: string; mi: { subtitle?: string } };
    expect(stored).toMatchObject({ title: 'Whānau Kai Support', mi: { subtitle: 'He pēke kai utukore mō ngā whānau' } });

    for (const page of [manager, english, maori]) {
      expect(pageProblems(page).filter((problem) => !problem.includes('400'))).toEqual([]);
      await page.context().close();
    }
  });
});

describe('the privacy statement', () => {
  it('changed in /manage is a new version stored with the next enrolment, and one queued under the earlier wording is still accepted with its version', async () => {
    // A phone fills in the form under today's wording while it has no signal: the enrolment waits.
    const phone = await visitor('en');
    await phone.goto('/enrol/whanau_ora_support');
    await phone.getByText('Privacy statement, version 2026-11-24').waitFor();
    await phone.route('**/api/enrolments', (route) => route.abort('internetdisconnected'));
    await fillAndSubmitEnrolment(phone, { givenName: 'Queued' });
    await phone.getByRole('heading', { name: 'Saved on this phone — it will be sent when you are back online' }).waitFor({ timeout: 15_000 });

    const manager = await harness.newPage({ viewport: { width: 390, height: 844 } });
    await recordAlerts(manager);
    await harness.loginAs(manager, 2);
    await manager.goto('/manage/privacy');
    const form = manager.getByRole('form', { name: 'Privacy statement' });
    const english = form.getByLabel('Statement — English');
    await expect.poll(() => english.inputValue()).toContain('The trust that runs this website collects');
    await english.fill(`${await english.inputValue()}\n\nWe also note the date you agreed.`);
    await form.getByLabel('Statement — Te reo Māori').fill('Ka kohia e te tarahiti ēnei taipitopito.');
    await checkA11y(manager);
    await screenshot(manager, 'manage-privacy-390');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => ((await (await harness.api('/api/content/privacy')).json()) as { version: string }).version).not.toBe('2026-11-24');
    const current = ((await (await harness.api('/api/content/privacy')).json()) as { version: string }).version;
    await alertShown(manager, `Published as version ${current}`, 'success');

    // The waiting enrolment goes when the signal is back, with the version its person agreed to.
    await phone.unroute('**/api/enrolments');
    await phone
      .getByRole('button', { name: 'Send now' })
      .first()
      .click({ timeout: 15_000 })
      .catch(() => undefined); // its own retry timer may have sent it already
    await expect.poll(() => statementVersionsOf('Queued'), { timeout: 20_000 }).toEqual(['2026-11-24']);

    // A visitor reading in te reo sees the new wording in te reo, and the next enrolment stores the new version.
    const maori = await visitor('mi');
    await maori.goto('/enrol/whanau_ora_support');
    await maori.getByText('Ka kohia e te tarahiti ēnei taipitopito.').waitFor();
    const next = await visitor('en');
    await next.goto('/enrol/whanau_ora_support');
    await next.getByText(`Privacy statement, version ${current}`).waitFor();
    await next.getByText('We also note the date you agreed.').waitFor();
    await fillAndSubmitEnrolment(next, { givenName: 'Afterwards' });
    await expect.poll(() => statementVersionsOf('Afterwards'), { timeout: 20_000 }).toEqual([current]);

    for (const page of [phone, manager, maori, next]) await page.context().close();
  });
});
