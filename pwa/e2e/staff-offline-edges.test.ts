import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionStatement, publishedStatementVersions } from '@contract/enrolment-form';
import type { Page } from 'playwright-core';
import { alertShown, checkA11y, screenshot, signIn, startHarness, type Harness, type Staff } from './harness';
import { createClient, newDevice, offlineFaults, openClients, readClient, staffDatabases, unlockClientPage, withServerStopped } from './staff-helpers';

/**
 * The edges of a kaimahi's offline work (issue 19), each as a person meets it in the built app
 * against the real server, "no signal" being the server stopped. The server answers each sync
 * batch one mutation at a time here (`SYNC_TIME_BUDGET_MS=0`: the rest come back not applied), so
 * every test also proves the app sends what the server did not reach again, without a failure.
 */

const phone = { width: 390, height: 844 } as const;
const desktop = { width: 1440, height: 900 } as const;

let harness: Harness;
let kaimahi: Staff;
let token: string;

beforeAll(async () => {
  harness = await startHarness({ env: { SYNC_TIME_BUDGET_MS: '0' } });
  kaimahi = await harness.createStaff(1);
  token = await harness.tokenFor(kaimahi);
});

afterAll(async () => {
  await harness?.close();
});

describe('offline staff work you can trust', () => {
  it('1. five wrong unlocks with signal sign the person out on this device and revoke the session: nothing is readable without signing in', async () => {
    await createClient(harness, token, { givenName: 'Ārani', familyName: 'Found', phone: '021 555 0301' });
    const page = await newDevice(harness, phone);
    await signIn(page, kaimahi);
    await openClients(page);
    const session = await page.evaluate(() => localStorage.getItem('token'));
    expect(session).toBeTruthy();

    // A found phone: the server answers, but this session's device secret is not to be had
    // (as for a copy left from an earlier session), so the copy asks for the password.
    await page.route('**/api/auth/device-key', (route) => route.abort());
    await page.reload();
    await page.getByRole('heading', { name: 'Unlock client records' }).waitFor({ timeout: 20_000 });
    for (let left = 4; left >= 0; left -= 1) {
      await page.getByLabel('Password').fill(`not it ${left}`);
      await page.getByRole('button', { name: 'Unlock' }).click();
      // Each try derives the key from the password on the device (PBKDF2): seconds when the machine is busy.
      if (left > 0) await page.getByText(`${left} ${left === 1 ? 'try' : 'tries'} left`).waitFor({ timeout: 60_000 });
    }
    // A danger alert stays until dismissed.
    await page
      .locator('.alert--danger', {
        hasText: 'After five wrong passwords, the client records and unsent changes on this device were removed and you were signed out.',
      })
      .waitFor({ timeout: 60_000 });
    await screenshot(page, 'caseload-five-wrong-signed-out-390');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(await staffDatabases(page)).toEqual([]);
    // Revoked on the server too: the token is no good to anyone who copied it.
    expect((await harness.api('/api/auth', { token: session ?? '' })).status).toBe(401);

    // With signal, the same browser shows no client, phone or enrolment without signing in again.
    for (const path of ['/clients', '/clients?tab=clients', '/dashboard']) {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === '/login');
    }
    expect(await page.content()).not.toContain('021 555 0301');
    await page.context().close();
  });

  it('1b. five wrong unlocks with no signal forget the session on this device; back in signal it is revoked on the server, and the staff pages ask to sign in', async () => {
    const page = await newDevice(harness, desktop);
    await signIn(page, kaimahi);
    await openClients(page);
    const session = await page.evaluate(() => localStorage.getItem('token'));
    expect(session).toBeTruthy();
    await withServerStopped(harness, async () => {
      await page.reload();
      await page.getByRole('heading', { name: 'Unlock client records' }).waitFor({ timeout: 20_000 });
      await screenshot(page, 'caseload-unlock-1440');
      for (let left = 4; left >= 0; left -= 1) {
        await page.getByLabel('Password').fill(`wrong ${left}`);
        await page.getByRole('button', { name: 'Unlock' }).click();
        // Each try derives the key from the password on the device (PBKDF2): seconds when the machine is busy.
        if (left > 0) await page.getByText(`${left} ${left === 1 ? 'try' : 'tries'} left`).waitFor({ timeout: 60_000 });
      }
      await page.waitForURL((url) => url.pathname === '/login');
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
      expect(await staffDatabases(page)).toEqual([]);
    });
    // Issue 31: the device remembered it owes the revocation and sends it once the server answers;
    // a copy of the token taken before is no good any more.
    await expect.poll(async () => (await harness.api('/api/auth', { token: session ?? '' })).status, { timeout: 120_000, interval: 1_000 }).toBe(401);
    await page.goto('/clients');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(offlineFaults(page)).toEqual([]);
    await page.context().close();
  });

  it('2. signed in with no copy on the device: no edit can be made until the password makes one; with no signal it says so plainly', async () => {
    const client = await createClient(harness, token, { givenName: 'Hōhepa', familyName: 'Nocopy', phone: '021 555 0302' });
    const page = await newDevice(harness, phone);
    await signIn(page, kaimahi);
    await openClients(page);
    // The copy is lost (closed while it was being made, or wiped): the person is still signed in.
    await page.goto('/');
    for (const name of await staffDatabases(page)) {
      await page.evaluate((database) => new Promise((resolve) => (indexedDB.deleteDatabase(database).onsuccess = resolve)), name);
    }

    await withServerStopped(harness, async () => {
      await page.goto(`/client/${client._id}`);
      await page.getByText('No signal, and no copy of your client records is kept on this device, so nothing you change can be kept here.').waitFor({
        timeout: 20_000,
      });
      expect(await page.getByRole('button', { name: 'Edit details' }).count()).toBe(0);
      expect(await page.getByLabel('Add a case note').count()).toBe(0);
      await screenshot(page, 'caseload-no-copy-offline-390');
    });

    await page.reload();
    await page.getByRole('heading', { name: 'Keep client records on this device' }).waitFor({ timeout: 20_000 });
    await checkA11y(page);
    await screenshot(page, 'caseload-keep-copy-390');
    await page.getByLabel('Password').fill('not the password at all');
    await page.getByRole('button', { name: 'Keep a copy' }).click();
    await page.getByText('Invalid credentials').waitFor();
    await page.getByLabel('Password').fill(kaimahi.password);
    await page.getByRole('button', { name: 'Keep a copy' }).click();
    await page.getByRole('button', { name: 'Edit details' }).waitFor({ timeout: 30_000 });
    expect(await staffDatabases(page)).toHaveLength(1);
    expect(offlineFaults(page)).toEqual([]);
    await page.context().close();
  });

  it('3. after a sync every screen shows the server’s answer: the list, the page, recent items by name; "saved on this device" goes once sent (6: a new client is found where the device looks)', async () => {
    const kahu = await createClient(harness, token, { givenName: 'Kahu', familyName: 'Stale', phone: '021 555 0303', suburb: 'Linwood' });
    const page = await newDevice(harness, desktop);
    await signIn(page, kaimahi);
    await openClients(page);
    await page.getByRole('searchbox', { name: 'Search' }).fill('stale');
    await page.getByRole('cell', { name: '021 555 0303' }).waitFor();

    let newClientId = '';
    await withServerStopped(harness, async () => {
      await page.goto(`/client/${kahu._id}`);
      // Reopened with no signal: the password opens the copy.
      await unlockClientPage(page, kaimahi.password);
      await page.getByRole('button', { name: 'Edit details' }).click();
      await page.getByLabel('Phone').fill('027 555 0333');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByText('Saved on this device. It is sent when there is signal.').waitFor();
      await page.getByLabel('Add a case note').fill('Rang about the phone');
      await page.getByRole('button', { name: 'Add note' }).click();
      await page.getByText('Saved on this device', { exact: true }).first().waitFor();

      // In the app (a reload would lock the copy again): a new client, then back to Kahu.
      await page.getByRole('link', { name: 'Back to clients' }).click();
      await page.getByRole('link', { name: 'New client' }).click();
      await page.getByLabel('Given name').fill('Mīria');
      await page.getByLabel('Family name').fill('Newcomer');
      await page.getByRole('button', { name: 'Create client' }).click();
      await page.getByText('Saved on this device. It goes to the server when there is signal.').waitFor();
      newClientId = new URL(page.url()).pathname.split('/').pop() ?? '';
      await page.getByRole('link', { name: 'Back to clients' }).click();
      await page.getByRole('link', { name: 'Clients', exact: true }).and(page.locator('.clients-tabs__tab')).click();
      await page.getByRole('searchbox', { name: 'Search' }).fill('stale');
      await page.getByRole('link', { name: 'Kahu Stale' }).first().click();
    });

    // Back in signal, on Kahu's page: the edit is sent, and the notices follow it. The next edit
    // waits for it: made while the first was still on its way, it named both fields (the form's
    // base was the record before the first), which a loaded CI run once showed.
    await page.getByTestId('waiting-count').getByText('Nothing waiting: every change is sent.').waitFor({ timeout: 60_000 });
    await page.getByText(/^Version 2,/).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Edit details' }).click();
    await page.getByLabel('Suburb').fill('Aranui');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Changes saved.').waitFor({ timeout: 60_000 });
    await page.getByTestId('waiting-count').getByText('Nothing waiting: every change is sent.').waitFor({ timeout: 60_000 });
    expect(await page.getByText('Saved on this device. It is sent when there is signal.').count()).toBe(0);
    await page.getByText(/^Version 3,/).waitFor();

    // The list shows what the server now holds; recent items say whose record and what changed.
    await page.goto('/clients?tab=clients');
    await page.getByRole('searchbox', { name: 'Search' }).fill('stale');
    await page.getByRole('cell', { name: '027 555 0333' }).waitFor({ timeout: 30_000 });
    expect(await page.getByRole('cell', { name: '021 555 0303' }).count()).toBe(0);
    const items = page.getByTestId('sync-item');
    await items.filter({ hasText: 'Kahu Stale: changed Phone' }).filter({ hasText: 'Synced' }).waitFor();
    await items.filter({ hasText: 'Kahu Stale: changed Suburb' }).filter({ hasText: 'Synced' }).waitFor();
    await items.filter({ hasText: 'Case note for Kahu Stale' }).filter({ hasText: 'Synced' }).waitFor();
    await items.filter({ hasText: 'New client: Mīria Newcomer' }).filter({ hasText: 'Synced' }).waitFor();
    await screenshot(page, 'caseload-recent-items-1440');

    // The new client is on the server under the id the device gave it.
    expect(await readClient(harness, token, newClientId)).toMatchObject({ _id: newClientId, givenName: 'Mīria', familyName: 'Newcomer', version: 1 });
    expect(await readClient(harness, token, kahu._id)).toMatchObject({ version: 3, phone: '027 555 0333', suburb: 'Aranui' });
    expect(offlineFaults(page)).toEqual([]);
    await page.context().close();
  });

  it('4. reopened with signal and a live session, the copy opens without the password', async () => {
    await createClient(harness, token, { givenName: 'Tama', familyName: 'Reopen', phone: '021 555 0304' });
    const page = await newDevice(harness, phone);
    await signIn(page, kaimahi);
    await alertShown(page, 'Logged In', 'success');
    await openClients(page);
    for (let time = 0; time < 2; time += 1) {
      await page.reload();
      await page.getByText(/clients? kept on this device, encrypted\./).waitFor({ timeout: 20_000 });
      expect(await page.getByRole('heading', { name: 'Unlock client records' }).count()).toBe(0);
    }
    // The secret that opened it is not on the device: with no signal the password is asked.
    await withServerStopped(harness, async () => {
      await page.reload();
      await page.getByRole('heading', { name: 'Unlock client records' }).waitFor({ timeout: 20_000 });
    });
    expect(offlineFaults(page)).toEqual([]);
    await page.context().close();
  });

  it('5. a batch the server answers a little at a time is sent whole, with no failure shown', async () => {
    const client = await createClient(harness, token, { givenName: 'Rēwi', familyName: 'Budget' });
    const page = await newDevice(harness, desktop);
    await signIn(page, kaimahi);
    await openClients(page);
    await withServerStopped(harness, async () => {
      await page.goto(`/client/${client._id}`);
      await unlockClientPage(page, kaimahi.password);
      for (let index = 1; index <= 6; index += 1) {
        await page.getByLabel('Add a case note').fill(`Visit ${index}`);
        await page.getByRole('button', { name: 'Add note' }).click();
        await page
          .getByTestId('waiting-count')
          .getByText(`${index} ${index === 1 ? 'change' : 'changes'} waiting to be sent`)
          .waitFor();
      }
    });
    await page.getByTestId('waiting-count').getByText('Nothing waiting: every change is sent.').waitFor({ timeout: 60_000 });
    expect(await page.getByText('Not accepted').count()).toBe(0);
    expect(await page.getByText('Not sent yet: still trying').count()).toBe(0);
    const notes = (await readClient(harness, token, client._id)).caseNotes.map((note) => note.text).sort();
    expect(notes).toEqual(['Visit 1', 'Visit 2', 'Visit 3', 'Visit 4', 'Visit 5', 'Visit 6']);
    expect(offlineFaults(page)).toEqual([]);
    await page.context().close();
  });

  it('7, 8. notes and an address keep their line breaks; consent by phone takes today and the statement published now', async () => {
    const client = await createClient(harness, token, { givenName: 'Whetu', familyName: 'Lines' });
    // A manager publishes a new wording after this build: the kaimahi's device learns its version
    // with the caseload, and offers it offline as the one published now (decision 107).
    const manager = await harness.createStaff(2);
    const publishing = await harness.api('/api/content/privacy', {
      method: 'PUT',
      token: await harness.tokenFor(manager),
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ en: [...collectionStatement.text, 'We also note how and when you agreed.'], mi: [] }),
    });
    expect(publishing.status).toBe(201);
    const { version: publishedNow } = (await publishing.json()) as { version: string };
    expect(publishedStatementVersions).not.toContain(publishedNow);
    const page = await newDevice(harness, phone);
    await signIn(page, kaimahi);
    await openClients(page);
    await statementVersionsKept(page);
    await withServerStopped(harness, async () => {
      await page.goto(`/client/${client._id}`);
      await unlockClientPage(page, kaimahi.password);
      await page.getByRole('button', { name: 'Edit details' }).click();
      await page.getByLabel('Address').fill('Flat 2\n14 Pages Road');
      await page.getByLabel('How consent was given').selectOption('phone');
      const today = await page.evaluate(() => {
        const now = new Date();
        return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
      });
      expect(await page.getByLabel('Date consent was given').inputValue()).toBe(today);
      expect(await page.getByLabel('Privacy statement version').inputValue()).toBe(publishedNow);
      expect(await page.getByLabel('Privacy statement version').locator('option:checked').textContent()).toContain('current');
      await screenshot(page, 'caseload-consent-by-phone-390');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByText('Saved on this device. It is sent when there is signal.').waitFor();
      await page.getByLabel('Add a case note').fill('Home visit.\nKai parcel next week.');
      await page.getByRole('button', { name: 'Add note' }).click();
    });
    await page.getByTestId('waiting-count').getByText('Nothing waiting: every change is sent.').waitFor({ timeout: 60_000 });
    const saved = await readClient(harness, token, client._id);
    expect(saved).toMatchObject({ address: 'Flat 2\n14 Pages Road', consent: { how: 'phone', statementVersion: publishedNow } });
    expect(saved.caseNotes.map((note) => note.text)).toEqual(['Home visit.\nKai parcel next week.']);
    // Shown with its line breaks.
    await page.reload();
    const note = page.locator('.note__text', { hasText: 'Kai parcel next week.' }).first();
    expect(await note.evaluate((element) => (element as HTMLElement).innerText)).toBe('Home visit.\nKai parcel next week.');
    expect(await page.locator('.client-details dd', { hasText: '14 Pages Road' }).evaluate((element) => (element as HTMLElement).innerText)).toBe(
      'Flat 2\n14 Pages Road',
    );

    // Its writer shares the note with everyone working with the person: a kind of its own (note.share).
    await page.getByRole('button', { name: 'Share with everyone working with this person' }).click();
    await page.getByText('Shared with everyone working with this person').waitFor({ timeout: 30_000 });
    await page.getByTestId('waiting-count').getByText('Nothing waiting: every change is sent.').waitFor({ timeout: 30_000 });
    expect((await readClient(harness, token, client._id)).caseNotes[0]).toMatchObject({ shared: true });
    expect(offlineFaults(page)).toEqual([]);
    await page.context().close();
  });
});

/** Waits until the device keeps the privacy statement versions the server published (they come down with the caseload). */
async function statementVersionsKept(page: Page): Promise<void> {
  const kept = () =>
    page.evaluate(async () => {
      const database = (await indexedDB.databases()).find((info) => info.name?.startsWith('trust-staff-'))?.name;
      if (!database) return false;
      return new Promise<boolean>((resolve) => {
        const opening = indexedDB.open(database);
        opening.onerror = () => resolve(false);
        opening.onsuccess = () => {
          const db = opening.result;
          const done = (found: boolean) => {
            db.close();
            resolve(found);
          };
          if (!db.objectStoreNames.contains('parts')) return done(false);
          const read = db.transaction('parts').objectStore('parts').get(['statements', 'privacy']);
          read.onsuccess = () => done(read.result !== undefined);
          read.onerror = () => done(false);
        };
      });
    });
  await expect.poll(kept, { timeout: 30_000, interval: 200 }).toBe(true);
}
