import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertShown, checkA11y, pageProblems, recordAlerts, screenshot, startHarness, type Harness } from './harness';

/**
 * A staff account's history on /manage/users/{id}, as a manager reads it: changes made in the
 * app and on the command line, newest first, naming fields and never their values.
 */

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.close();
});

describe('the history of a staff account', () => {
  it('shows who changed what, the command line included, and updates after a change in the app', async () => {
    const page = await harness.newPage();
    await recordAlerts(page);
    const { token } = await harness.loginAs(page, 2);
    const kaimahi = await harness.createStaff(1);
    const accounts = (await (await harness.api('/api/users', { token })).json()) as { _id: string; email: string }[];
    const id = accounts.find((account) => account.email === kaimahi.email)?._id ?? '';
    const changed = await harness.api(`/api/users/${id}`, {
      token,
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ services: ['raised_gardens'], password: 'a secret password 2026' }),
    });
    expect(changed.status).toBe(200);

    await page.goto(`/manage/users/${id}`);
    const history = page.getByRole('region', { name: 'History of this account' });
    await history.getByText('Changed: password', { exact: true }).waitFor();
    await history.getByText('Services added: Raised Gardens', { exact: true }).waitFor();
    await screenshot(page, 'account-history-1440', { fullPage: true });
    const entries = history.getByRole('listitem');
    expect(await entries.count()).toBe(2);
    await expect.poll(() => entries.nth(0).innerText()).toContain('Account changed · Mere Manager');
    expect(await entries.nth(1).innerText()).toContain('Account created · the command line');
    expect(await entries.nth(1).innerText()).toContain('Changed: name, email, access');
    expect(await history.innerText()).not.toContain('a secret password 2026');
    expect(await history.innerText()).not.toContain('raised_gardens');
    await checkA11y(page);

    const details = page.getByRole('form', { name: 'Details and access' });
    await details.getByLabel('Name').fill('Tui Renamed');
    await details.getByRole('button', { name: 'Save changes' }).click();
    await alertShown(page, 'Staff Member Updated', 'success');
    await history.getByText('Changed: name', { exact: true }).waitFor();
    expect(await entries.count()).toBe(3);
    expect(pageProblems(page)).toEqual([]);
  });

  it('shows everyone’s activity filtered by person and action, and downloads a period as CSV', async () => {
    const page = await harness.newPage();
    await recordAlerts(page);
    const manager = await harness.loginAs(page, 2);
    const kaimahi = await harness.createStaff(1);
    const kaimahiToken = await harness.api('/api/auth', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: kaimahi.email, password: 'a secret password 2026' }),
    });
    const { token } = (await kaimahiToken.json()) as { token: string };
    expect((await harness.api('/api/clients?q=Walker', { token })).status).toBe(200);

    await page.goto('/manage');
    await page.getByRole('link', { name: 'Everyone’s activity on the audit trail' }).click();
    await page.getByRole('heading', { level: 1, name: 'Audit trail' }).waitFor();
    const filter = page.getByRole('form', { name: 'Filter' });
    await filter.getByLabel('Person').selectOption({ label: 'Tui Renamed' });
    await filter.getByRole('button', { name: 'Show' }).click();
    const events = page.getByRole('region', { name: 'Events' });
    // Searches are routine: left out by default and counted, one press away.
    await events.getByText(/^\d+ list search(es)? (or|and) caseload downloads? (is|are) left out/).waitFor();
    await events.getByText('No views or changes of records here.').waitFor();
    await screenshot(page, 'audit-routine-hidden-1440', { fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'audit-routine-hidden-390', { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await events.getByRole('button', { name: 'Show them' }).click();
    await events.getByText('Listed or searched · Tui Renamed').first().waitFor();
    expect(await filter.getByLabel('Also show list searches and caseload downloads').isChecked()).toBe(true);
    await filter.getByLabel('Action').selectOption({ label: 'Listed or searched' });
    await filter.getByRole('button', { name: 'Show' }).click();
    await events.getByText('Listed or searched · Tui Renamed').waitFor();
    // Only that person's lists and searches (the app's own screens list too, so there may be several).
    const shown = await events.getByRole('listitem').allInnerTexts();
    expect(shown.length).toBeGreaterThan(0);
    for (const text of shown) expect(text).toContain('Listed or searched · Tui Renamed');
    await checkA11y(page);

    const download = page.waitForEvent('download');
    await events.getByRole('button', { name: 'Download CSV of this period' }).click();
    const file = await download;
    // The file is named by the New Zealand day.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Auckland' }).format(new Date());
    expect(file.suggestedFilename()).toBe(`audit-${today}-${today}.csv`);
    const exported = await harness.api(`/api/audit?actor=${encodeURIComponent(await idOf(manager.email, manager.token))}&action=export`, {
      token: manager.token,
    });
    expect(((await exported.json()) as { total: number }).total).toBe(1);
    expect(pageProblems(page)).toEqual([]);
  });
});

describe('a long history', () => {
  it('goes page by page, newest first, with the pager shared by every paged list', async () => {
    const page = await harness.newPage({ viewport: { width: 390, height: 844 } });
    const { token } = await harness.loginAs(page, 2);
    const account = await harness.api('/api/users', {
      token,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Rua Pages', email: 'rua.pages@example.org.nz', password: 'a secret password 2026', access: 1 }),
    });
    expect(account.status).toBe(201);
    const id = ((await account.json()) as { _id: string })._id;
    // Created, then renamed 20 times: 21 events, a page of 20 and a page of 1.
    for (let time = 1; time <= 20; time += 1) {
      const renamed = await harness.api(`/api/users/${id}`, {
        token,
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: `Rua Pages ${time}` }),
      });
      expect(renamed.status).toBe(200);
    }

    await page.goto(`/manage/users/${id}`);
    const history = page.getByRole('region', { name: 'History of this account' });
    const pager = history.getByRole('navigation', { name: 'Pages of the history' });
    await pager.getByText('Page 1 of 2').waitFor();
    expect(await history.getByRole('listitem').count()).toBe(20);
    expect(await pager.getByRole('button', { name: 'Newer' }).isDisabled()).toBe(true);
    await pager.getByRole('button', { name: 'Older' }).click();
    await pager.getByText('Page 2 of 2').waitFor();
    await history.getByRole('listitem').getByText('Account created').waitFor();
    expect(await history.getByRole('listitem').count()).toBe(1);
    expect(await pager.getByRole('button', { name: 'Older' }).isDisabled()).toBe(true);
    await checkA11y(page);
    await pager.getByRole('button', { name: 'Newer' }).click();
    await pager.getByText('Page 1 of 2').waitFor();
    expect(pageProblems(page)).toEqual([]);
    await page.context().close();
  });
});

async function idOf(email: string, token: string): Promise<string> {
  const accounts = (await (await harness.api('/api/users', { token })).json()) as { _id: string; email: string }[];
  return accounts.find((account) => account.email === email)?._id ?? '';
}
