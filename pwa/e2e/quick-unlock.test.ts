import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { checkA11y, screenshot, signIn, startHarness, type Harness, type Staff } from './harness';
import { createClient, newDevice, offlineFaults, openClients, staffDatabases, withServerStopped } from './staff-helpers';

/**
 * Quick unlock with no signal (issue 31): a PIN set for this phone opens the device copy instead
 * of the password; wrong PINs and passwords count together, and the fifth wipes the copy, signs
 * the person out and, once the server answers again, ends the session there too.
 */

const phone = { width: 390, height: 844 } as const;
const desktop = { width: 1440, height: 900 } as const;

let harness: Harness;
let kaimahi: Staff;

beforeAll(async () => {
  harness = await startHarness();
  kaimahi = await harness.createStaff(1);
});

afterAll(async () => {
  await harness?.close();
});

/** The same screen at the phone's width and the desktop's (what is in view: the page's sticky bar stays at the top). */
async function screenshotBoth(page: Page, name: string): Promise<void> {
  await screenshot(page, `${name}-390`, { fullPage: false });
  await page.setViewportSize(desktop);
  await screenshot(page, `${name}-1440`, { fullPage: false });
  await page.setViewportSize(phone);
}

describe('a PIN for this phone', () => {
  it('is set after sign-in, opens the caseload with no signal; five wrong tries (PIN and password together) wipe, sign out and, back in signal, revoke the session', async () => {
    const token = await harness.tokenFor(kaimahi);
    await createClient(harness, token, { givenName: 'Pīni', familyName: 'Tere', phone: '021 555 0391' });
    const page = await newDevice(harness, phone);
    await signIn(page, kaimahi);
    await openClients(page);

    const card = page.getByRole('region', { name: 'Quick unlock with a PIN' });
    await card.getByRole('button', { name: 'Set a PIN for this phone' }).click();
    await card.getByLabel('Password', { exact: true }).fill(kaimahi.password);
    await card.getByLabel('New PIN').fill('802417');
    await card.getByLabel('The same PIN again').fill('802471');
    await card.getByRole('button', { name: 'Save PIN' }).click();
    await card.getByText('The two PINs are not the same').waitFor();
    await card.getByLabel('New PIN').fill('123456');
    await card.getByLabel('The same PIN again').fill('123456');
    await card.getByRole('button', { name: 'Save PIN' }).click();
    await card.getByText('Choose a PIN harder to guess than a run or one digit repeated').waitFor({ timeout: 30_000 });
    await card.scrollIntoViewIfNeeded();
    await checkA11y(page);
    await screenshotBoth(page, 'unlock-pin-setup');
    await card.getByLabel('New PIN').fill('802417');
    await card.getByLabel('The same PIN again').fill('802417');
    await card.getByRole('button', { name: 'Save PIN' }).click();
    // The password is checked and the key wrapped for the PIN on the device (PBKDF2 twice): seconds on a busy machine.
    await card.getByText('PIN saved. Use it to open your client records on this phone with no signal.').waitFor({ timeout: 60_000 });
    await card.getByRole('button', { name: 'Change the PIN' }).waitFor();

    const session = await page.evaluate(() => localStorage.getItem('token'));
    expect(session).toBeTruthy();
    expect((await harness.api('/api/auth', { token: session ?? '' })).status).toBe(200);

    await withServerStopped(harness, async () => {
      // Reopened with no signal: the PIN is asked, the password one tap away.
      await page.reload();
      await page.getByRole('heading', { name: 'Unlock client records' }).waitFor({ timeout: 20_000 });
      await page.getByLabel('PIN', { exact: true }).fill('802418');
      await page.getByRole('button', { name: 'Unlock' }).click();
      await page.getByText('That is not your PIN. 4 tries left before the client records on this device are removed.').waitFor({ timeout: 60_000 });
      await checkA11y(page);
      await screenshotBoth(page, 'unlock-pin-unlock');
      await page.getByLabel('PIN', { exact: true }).fill('802417');
      await page.getByRole('button', { name: 'Unlock' }).click();
      await page.getByText('No signal: searching the 1 client kept on this device.').waitFor({ timeout: 60_000 });
      await page.getByText('Pīni Tere').first().waitFor();

      // A found phone: three wrong PINs and two wrong passwords, one counter.
      await page.reload();
      await page.getByRole('heading', { name: 'Unlock client records' }).waitFor({ timeout: 20_000 });
      for (const [left, wrong] of [
        [4, '111112'],
        [3, '111113'],
        [2, '111114'],
      ] as const) {
        await page.getByLabel('PIN', { exact: true }).fill(wrong);
        await page.getByRole('button', { name: 'Unlock' }).click();
        await page.getByText(`That is not your PIN. ${left} tries left`).waitFor({ timeout: 60_000 });
      }
      await page.getByRole('button', { name: 'Use my password instead' }).click();
      await page.getByLabel('Password', { exact: true }).fill('not the password');
      await page.getByRole('button', { name: 'Unlock' }).click();
      await page.getByText('That is not your password. 1 try left').waitFor({ timeout: 60_000 });
      await page.getByLabel('Password', { exact: true }).fill('still not it');
      await page.getByRole('button', { name: 'Unlock' }).click();
      await page
        .locator('.alert--danger', { hasText: 'After five wrong PINs or passwords, the client records and unsent changes on this device were removed' })
        .waitFor({ timeout: 60_000 });
      await page.waitForURL((url) => url.pathname === '/login');
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
      expect(await staffDatabases(page)).toEqual([]);
      // No signal: the session still stands on the server, and the device owes its end.
      expect(await page.evaluate(() => localStorage.getItem('revokeOwed'))).toContain(session);
    });

    // Back in signal (the app on the sign-in page checks again by itself): the copied token is no good any more.
    await expect.poll(async () => (await harness.api('/api/auth', { token: session ?? '' })).status, { timeout: 120_000, interval: 1_000 }).toBe(401);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('revokeOwed')), { timeout: 10_000 }).toBeNull();
    expect(offlineFaults(page)).toEqual([]);
    await page.context().close();
  });
});
