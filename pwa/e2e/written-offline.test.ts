import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientDetail } from '@contract/clients';
import type { TaskRecord } from '@contract/whanau';
import { waitForServiceWorker } from './enrol-helpers';
import { checkA11y, recordAlerts, screenshot, startHarness, type Harness, type Staff } from './harness';
import { createClient, json, offlineFaults, readClient } from './staff-helpers';

/**
 * A day of field work with no signal (issue 31 items 1 and 2), in the built app against the real
 * server, "no signal" being the server stopped. The phone's clock is fixed 40 minutes behind the
 * server's (Playwright's clock), so what the phone writes is 40 minutes older than when the
 * server receives it: the note keeps its written time after the sync, not the sync's; a
 * follow-up made offline for a whānau made offline names the whānau, is edited and ticked before
 * it was ever sent, and lands in order (the edits after the create) with `doneAt` set.
 */

const phone = { width: 390, height: 844 } as const;
const desktop = { width: 1440, height: 900 } as const;
const aheadMs = 40 * 60_000;

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

/** New Zealand's date `days` from today. */
function nzDay(days = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Auckland' }).format(Date.now() + days * 86_400_000);
}

/** "28 Nov 2026, 7:54 am · received 8:34 am", as the page formats a note's two times in its language. */
function writtenAndReceived(page: Page, writtenAt: string, receivedAt: string): Promise<string> {
  return page.evaluate(
    ([written, received]) => {
      const locale = document.documentElement.lang;
      const sameDay = new Date(written).toDateString() === new Date(received).toDateString();
      const first = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(written));
      const second = new Intl.DateTimeFormat(locale, sameDay ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(received));
      return `${first} · received ${second}`;
    },
    [writtenAt, receivedAt] as const,
  );
}

const followUps = (state: 'open' | 'done') => harness.api(`/api/follow-ups?state=${state}`, { token }).then((response) => json<TaskRecord[]>(response));

describe('an offline day', () => {
  it('keeps when a note was written; a whānau and a follow-up made offline are edited (the follow-up named and ticked) before they are first sent', async () => {
    const client = await createClient(harness, token, { givenName: 'Hine', familyName: 'Walker' });
    const page = await harness.newPage({ viewport: phone, serviceWorkers: 'allow' });
    // The phone's clock: 40 minutes behind, and running.
    await page.clock.install({ time: Date.now() - aheadMs });
    await recordAlerts(page);
    await page.goto('/');
    await waitForServiceWorker(page);
    await harness.signInWithPassword(page, kaimahi);
    await page.getByRole('link', { name: 'Clients', exact: true }).and(page.locator('.clients-tabs__tab')).click();
    await page.getByRole('link', { name: 'Hine Walker' }).first().click();
    await page.getByRole('heading', { name: 'Hine Walker' }).waitFor({ timeout: 30_000 });

    const followUpText = 'Ring the whānau about the hui';
    const editedText = 'Ring the whānau about Saturday’s hui';
    let phoneTimeOfNote = 0;
    let whanauId = '';
    await harness.server.stop();
    try {
      // A case note, written with no signal.
      phoneTimeOfNote = await page.evaluate(() => Date.now());
      await page.getByLabel('Add a case note').fill('Visited Hine: kai parcel dropped off');
      await page.getByRole('button', { name: 'Add note' }).click();
      await page.getByText('Visited Hine: kai parcel dropped off').waitFor();

      // A whānau made with no signal.
      await page.goBack();
      await page.getByRole('link', { name: 'Open the whānau' }).click();
      await page.getByRole('link', { name: 'New whānau' }).click();
      await page.getByLabel('Name of the whānau').fill('Te Whānau o Walker');
      await page.getByRole('button', { name: 'Create whānau' }).click();
      await page.getByRole('heading', { name: 'Te Whānau o Walker' }).waitFor();
      whanauId = new URL(page.url()).pathname.split('/').pop() ?? '';
      // Edited before it was ever sent.
      await page.getByRole('button', { name: 'Edit name and notes' }).click();
      await page.getByLabel('Notes (optional)').fill('Visits after 3pm');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByTestId('whanau-notes').getByText('Visits after 3pm').waitFor();

      // My follow-ups: one for that whānau, named by it before anything was sent.
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('link', { name: /My follow-ups/ }).click();
      await page.getByRole('heading', { name: 'My follow-ups', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Add a follow-up' }).click();
      await page.getByLabel('For', { exact: true }).selectOption({ label: 'Whānau: Te Whānau o Walker' });
      await page.getByLabel('What to do').fill(followUpText);
      await page.getByLabel('Due date').fill(nzDay(2));
      await page.getByRole('button', { name: 'Add follow-up' }).click();
      await page.getByText('Follow-up saved on this device. It is sent when there is signal.').waitFor();
      await page.getByRole('button', { name: 'Add a follow-up' }).click(); // the form closes
      const item = page.getByTestId('follow-up').filter({ hasText: followUpText });
      await item.getByRole('link', { name: 'For Te Whānau o Walker' }).waitFor();
      expect(await page.getByText('For someone you do not work with').count()).toBe(0);

      // Edited, then ticked done, before it was ever sent.
      await item.getByRole('button', { name: `Edit follow-up: ${followUpText}` }).click();
      await item.getByLabel('What to do').fill(editedText);
      await screenshot(page, 'written-follow-up-edit-390');
      await item.getByRole('button', { name: 'Save changes' }).click();
      const checkbox = page.getByRole('checkbox', { name: editedText });
      await checkbox.check();
      await page.getByRole('heading', { name: /Ticked done/ }).waitFor();
      expect(await checkbox.isChecked()).toBe(true);
      await page.getByTestId('follow-up').filter({ hasText: editedText }).getByRole('link', { name: 'For Te Whānau o Walker' }).waitFor();
      await checkA11y(page);
      await screenshot(page, 'written-follow-ups-offline-390');
      await page.setViewportSize(desktop);
      await screenshot(page, 'written-follow-ups-offline-1440');
      await page.setViewportSize(phone);
    } finally {
      // Signal again, 40 minutes later by the phone's clock too.
      await page.clock.setSystemTime(Date.now());
      await harness.server.start();
    }

    // Everything arrives once, in order: the follow-up with its edit and its tick, for the whānau.
    await expect
      .poll(async () => (await followUps('done')).filter((task) => task.text === editedText && task.doneAt !== null).length, { timeout: 30_000 })
      .toBe(1);
    const task = (await followUps('done')).find((one) => one.text === editedText);
    expect(task).toMatchObject({ subjectName: 'Te Whānau o Walker', version: 3 });
    expect((await followUps('open')).filter((one) => one.text === followUpText || one.text === editedText)).toEqual([]);
    expect(task?.whanauId).toBe(whanauId);
    const whanau = await json<{ name: string; notes: string | null; version: number }>(await harness.api(`/api/whanau/${whanauId}`, { token }));
    expect(whanau).toMatchObject({ name: 'Te Whānau o Walker', notes: 'Visits after 3pm', version: 2 });
    // Written on the phone 40 minutes before the server received it.
    expect(Date.parse(task?.createdAt ?? '') - Date.parse(task?.writtenAt ?? '')).toBeGreaterThan(aheadMs - 5 * 60_000);

    let note: ClientDetail['caseNotes'][number] | undefined;
    const findNote = async () =>
      (note = (await readClient(harness, token, client._id)).caseNotes.find((one) => one.text === 'Visited Hine: kai parcel dropped off'));
    await expect.poll(async () => (await findNote()) !== undefined, { timeout: 30_000 }).toBe(true);
    if (!note) throw new Error('The note did not arrive');
    expect(Math.abs(Date.parse(note.writtenAt ?? '') - phoneTimeOfNote)).toBeLessThan(60_000);
    expect(Date.parse(note.createdAt) - Date.parse(note.writtenAt ?? '')).toBeGreaterThan(aheadMs - 5 * 60_000);

    // The client's page shows when the note was written, and when it was received.
    await page.goto(`/client/${client._id}`);
    const shown = page.locator('.note-list:not(.note-list--waiting) .note').filter({ hasText: 'Visited Hine: kai parcel dropped off' });
    await shown.waitFor({ timeout: 30_000 });
    const expected = await writtenAndReceived(page, note.writtenAt ?? '', note.createdAt);
    await expect.poll(() => shown.locator('.note__meta').textContent()).toBe(`${kaimahi.name}, ${expected}`);
    await checkA11y(page);
    await shown.scrollIntoViewIfNeeded();
    await screenshot(page, 'written-notes-390');
    await page.setViewportSize(desktop);
    await screenshot(page, 'written-notes-1440');

    expect(offlineFaults(page)).toEqual([]);
    await page.context().close();
  });
});
