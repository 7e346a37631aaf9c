import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientDetail } from '@contract/clients';
import type { TaskRecord } from '@contract/whanau';
import { waitForServiceWorker } from './enrol-helpers';
import { checkA11y, screenshot, startHarness, type Harness, type Staff } from './harness';
import { offlineFaults } from './staff-helpers';

/**
 * Follow-ups and corrections with no signal (issue 20), in the built app against the real server
 * (stopped for "no signal"): "My follow-ups" is the screen after sign-in and its count (overdue +
 * today) is in the side menu; with the server stopped a kaimahi adds a follow-up, ticks another
 * done and corrects a case note; reopened offline they unlock the copy and see all three waiting;
 * on reconnecting each arrives once, as the API says.
 */

const phone = { width: 390, height: 844 } as const;
const desktop = { width: 1440, height: 900 } as const;
const headers = { 'content-type': 'application/json' };

let harness: Harness;
let kaimahi: Staff;
let token: string;

beforeAll(async () => {
  harness = await startHarness();
  kaimahi = await harness.createStaff(1);
  token = await harness.tokenFor(kaimahi);
});

afterAll(async () => {
  await harness?.close();
});

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** New Zealand's date `days` from today, as the app reckons it. */
function nzDay(days = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Auckland' }).format(Date.now() + days * 86_400_000);
}

async function sync(mutations: unknown[]) {
  const answer = await json<{ results: { status: string }[] }>(
    await harness.api('/api/sync', { method: 'POST', token, headers, body: JSON.stringify({ mutations }) }),
  );
  expect(answer.results.map((result) => result.status)).toEqual(mutations.map(() => 'applied'));
}

const followUps = (state: 'open' | 'done') => harness.api(`/api/follow-ups?state=${state}`, { token }).then((response) => json<TaskRecord[]>(response));

/** The side menu's follow-ups line, opened and closed again. */
async function menuCount(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Menu' }).click();
  const link = page.getByRole('link', { name: /My follow-ups/ });
  await link.waitFor();
  const name = (await link.textContent()) ?? '';
  await page.keyboard.press('Escape');
  return name;
}

describe('follow-ups and corrections with no signal', () => {
  it('starts on My follow-ups, adds one, ticks one done and corrects a note with the server stopped; each arrives once', async () => {
    const client = await json<ClientDetail>(
      await harness.api('/api/clients', {
        method: 'POST',
        token,
        headers,
        body: JSON.stringify({ _id: randomUUID(), givenName: 'Aroha', familyName: 'Te Whānau', phone: '021 555 4567', email: 'aroha@example.org.nz' }),
      }),
    );
    const noteId = randomUUID();
    await json(
      await harness.api(`/api/clients/${client._id}/notes`, {
        method: 'POST',
        token,
        headers,
        body: JSON.stringify({ _id: noteId, text: 'Visited on Tuesday: kai parcel dropped off' }),
      }),
    );
    const overdueId = randomUUID();
    await sync([
      { _id: overdueId, kind: 'task.create', entityId: overdueId, payload: { clientId: client._id, text: 'Drop off the school uniform', dueOn: nzDay(-2) } },
      (() => {
        const id = randomUUID();
        return { _id: id, kind: 'task.create', entityId: id, payload: { clientId: client._id, text: 'Ring about the heat pump', dueOn: nzDay(0) } };
      })(),
    ]);

    const page = await harness.newPage({ viewport: phone, serviceWorkers: 'allow' });
    await page.goto('/');
    await waitForServiceWorker(page);
    await page.goto('/login');
    await page.getByLabel('Email').fill(kaimahi.email);
    await page.getByLabel('Password').fill(kaimahi.password);
    await page.getByRole('button', { name: 'Login' }).click();
    // The start screen after sign-in.
    await page.waitForURL((url) => url.pathname === '/follow-ups');
    await page.getByRole('heading', { name: 'My follow-ups', level: 1 }).waitFor({ timeout: 60_000 });
    await page.getByText('Drop off the school uniform').waitFor({ timeout: 20_000 });
    await page.getByRole('heading', { name: /Overdue/ }).waitFor();
    await page.getByRole('heading', { name: /Today/ }).waitFor();
    expect(await menuCount(page)).toContain('2 follow-ups overdue or due today');
    await checkA11y(page);
    await screenshot(page, 'follow-ups-start-390');

    // The client's page: call, text and email links.
    await page.getByRole('link', { name: 'For Aroha Te Whānau' }).first().click();
    await page.getByText('Visited on Tuesday: kai parcel dropped off').waitFor({ timeout: 20_000 });
    expect(await page.getByRole('link', { name: /^Call/ }).getAttribute('href')).toBe('tel:0215554567');
    expect(await page.getByRole('link', { name: /^Text/ }).getAttribute('href')).toBe('sms:0215554567');
    expect(await page.getByRole('link', { name: 'aroha@example.org.nz' }).getAttribute('href')).toBe('mailto:aroha@example.org.nz');

    await harness.server.stop();
    try {
      // With no signal: a new follow-up for Aroha, and a correction of the note.
      await page.getByRole('button', { name: 'Add a follow-up' }).click();
      await page.getByLabel('What to do').fill('Take the forms to the WINZ office');
      await page.getByLabel('Due date').fill(nzDay(3));
      await page.getByRole('button', { name: 'Add follow-up' }).click();
      await page.getByText('Follow-up saved on this device. It is sent when there is signal.').waitFor();
      await page.getByRole('button', { name: 'Correct this note' }).click();
      await page.getByLabel('Corrected note').fill('Visited on Wednesday: kai parcel dropped off');
      await page.getByLabel('Reason for the correction').fill('Wrong day');
      await page.getByRole('button', { name: 'Save correction' }).click();
      await page.getByText('Your correction:').waitFor();
      await page.getByText('Visited on Tuesday: kai parcel dropped off').waitFor(); // the original stays
      await checkA11y(page);
      await screenshot(page, 'follow-ups-client-offline-390');

      // Back to the start screen by the menu, and tick the overdue one done.
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('link', { name: /My follow-ups/ }).click();
      await page.getByRole('checkbox', { name: 'Drop off the school uniform' }).check();
      await page.getByRole('heading', { name: /Ticked done/ }).waitFor();

      // Reopened with no signal: the password opens the copy; all three wait on this device.
      await page.reload();
      await page.getByRole('heading', { name: 'Unlock client records' }).waitFor({ timeout: 20_000 });
      await page.getByLabel('Password').fill(kaimahi.password);
      await page.getByRole('button', { name: 'Unlock' }).click();
      await page.getByText('Take the forms to the WINZ office').waitFor({ timeout: 20_000 });
      expect(await page.getByRole('checkbox', { name: 'Drop off the school uniform' }).isChecked()).toBe(true);
      // Waits as the last count below does: a whole run read "2" here once, the ticked one still
      // counted just after unlocking (most likely from the copy's index of days not opened yet,
      // decision 105, before the overdue day's part was open).
      await expect.poll(() => menuCount(page), { timeout: 20_000 }).toContain('1 follow-up overdue or due today');
      await checkA11y(page);
      await screenshot(page, 'follow-ups-offline-390');
      await page.setViewportSize(desktop);
      await checkA11y(page);
      await screenshot(page, 'follow-ups-offline-1440');
      await page.setViewportSize(phone);
    } finally {
      await harness.server.start();
    }

    // Reconnected: each arrives once.
    await expect
      .poll(async () => (await followUps('open')).filter((task) => task.text === 'Take the forms to the WINZ office').length, { timeout: 30_000 })
      .toBe(1);
    await expect.poll(async () => (await followUps('done')).filter((task) => task._id === overdueId).length, { timeout: 30_000 }).toBe(1);
    await expect
      .poll(async () => (await json<ClientDetail>(await harness.api(`/api/clients/${client._id}`, { token }))).corrections ?? [], { timeout: 30_000 })
      .toEqual([expect.objectContaining({ correctsNoteId: noteId, text: 'Visited on Wednesday: kai parcel dropped off', reason: 'Wrong day' })]);
    const open = await followUps('open');
    expect(open.map((task) => task.text).sort()).toEqual(['Ring about the heat pump', 'Take the forms to the WINZ office']);
    // The menu counts what is overdue or due today: the heat pump alone.
    await expect.poll(() => menuCount(page), { timeout: 20_000 }).toContain('1 follow-up overdue or due today');

    expect(offlineFaults(page)).toEqual([]);
    await page.context().close();
  });
});
