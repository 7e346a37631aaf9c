import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Page } from 'playwright-core';
import { checkA11y, chooseLanguage, screenshot, startHarness, type Harness, type Staff } from './harness';
import { json as read, newDevice, offlineFaults, withServerStopped } from './staff-helpers';

/**
 * The whānau's own app (issue 34), in the built app against the real server, with two browser
 * contexts: the kaimahi's (the whānau page) and the member's phone. The kaimahi's invite links the
 * phone with its code; the member sets a PIN and sees only what was shared; with the server
 * stopped they mark a step done, comment on a goal, answer "How are we going?", suggest a goal and
 * ask for a copy of their information; they reopen the app with no signal and the PIN; on
 * reconnecting each write arrives once and the kaimahi sees it on the whānau page; the goal the
 * kaimahi stops sharing leaves the phone.
 */

const phone = { width: 390, height: 844 } as const;
const headers = { 'content-type': 'application/json' };
const service = 'whanau_ora_support';
const pin = '470825';

let harness: Harness;
let token: string;
let manager: Staff;
let world: { whanauId: string; goalId: string; hiddenGoalId: string; stepId: string };

const op = (kind: string, payload: Record<string, unknown>, entityId?: string) => {
  const _id = randomUUID();
  return { _id, kind, entityId: entityId ?? _id, payload };
};

async function sync(mutations: ReturnType<typeof op>[]) {
  const answer = await read<{ results: { status: string }[] }>(
    await harness.api('/api/sync', { method: 'POST', token, headers, body: JSON.stringify({ mutations }) }),
  );
  expect(answer.results.map((result) => result.status)).toEqual(mutations.map(() => 'applied'));
}

async function share(itemKind: 'goal' | 'task', itemId: string, shared: boolean) {
  await read(await harness.api(`/api/whanau/${world.whanauId}/shares`, { method: 'PUT', token, headers, body: JSON.stringify({ itemKind, itemId, shared }) }));
}

beforeAll(async () => {
  harness = await startHarness();
  manager = await harness.createStaff(2);
  token = await harness.tokenFor(manager);
  const tama = randomUUID();
  await read(
    await harness.api('/api/clients', {
      method: 'POST',
      token,
      headers,
      body: JSON.stringify({ _id: tama, givenName: 'Tama', familyName: 'Rewi', dateOfBirth: '1984-06-02', phone: '021 555 0147' }),
    }),
  );
  const whanau = op('whanau.create', { name: 'Rewi' });
  const goal = op('goal.create', { whanauId: whanau._id, area: 'housing', text: 'A warm, dry home', serviceKey: service, targetDate: '2027-03-31' });
  const hidden = op('goal.create', { whanauId: whanau._id, area: 'income', text: 'Budget with the bank', serviceKey: service });
  const step = op('task.create', { whanauId: whanau._id, goalId: goal._id, text: 'Visit: meet the landlord', dueOn: '2026-12-10' });
  await sync([whanau, op('member.link', { whanauId: whanau._id, clientId: tama, relationship: 'parent' }), goal, hidden, step]);
  world = { whanauId: whanau._id, goalId: goal._id, hiddenGoalId: hidden._id, stepId: step._id };
  await share('goal', goal._id, true);
  await share('task', step._id, true);
  world = { ...world, tama } as typeof world & { tama: string };
});

afterAll(async () => {
  await harness?.close();
});

async function inviteCode(): Promise<string> {
  const { tama } = world as typeof world & { tama: string };
  const invite = await read<{ code: string }>(
    await harness.api(`/api/whanau/${world.whanauId}/invites`, { method: 'POST', token, headers, body: JSON.stringify({ clientId: tama }) }),
  );
  return invite.code;
}

async function voice() {
  return read<{ comments: { text: string }[]; suggestions: { text: string }[]; ratings: { ratings: Record<string, number> }[] }>(
    await harness.api(`/api/whanau/${world.whanauId}/voice`, { token }),
  );
}

/** Answers "How are we going?": the point `score` for each of the seven outcomes. */
async function rate(page: Page, score: number) {
  const groups = page.locator('.outcome-rating__outcome');
  await expect.poll(() => groups.count()).toBe(7);
  for (let index = 0; index < 7; index += 1) await groups.nth(index).locator(`input[value="${score}"]`).check({ force: true });
  await page.getByRole('button', { name: 'Save our answers' }).click();
  await page.getByText('Saved. Thank you.').waitFor();
}

describe('the whānau’s own app', () => {
  it('links with a code and a PIN, shows only what was shared, keeps the member’s voice with no signal and sends each once', async () => {
    // The kaimahi, on the whānau page.
    const staff = await newDevice(harness, { width: 1440, height: 900 });
    staff.setDefaultTimeout(30_000);
    await harness.signInWithPassword(staff, manager);
    const openWhanau = async () => {
      await staff.getByRole('link', { name: 'Open the whānau' }).click();
      await staff.getByRole('link', { name: 'Rewi', exact: true }).click();
      await staff.getByRole('heading', { name: 'Rewi', level: 1 }).waitFor();
    };
    await openWhanau();
    const phones = staff.getByTestId('linked-phones');
    await phones.getByRole('button', { name: 'Invite to the whānau app' }).click();
    await phones.getByLabel('Member').selectOption({ label: 'Tama Rewi' });
    await phones.getByRole('button', { name: 'Make the code' }).click();
    const code = (await staff.getByTestId('invite-code-text').textContent()) ?? '';

    const page = await newDevice(harness, phone);
    page.setDefaultTimeout(30_000);
    onTestFailed(async () => {
      await screenshot(page, 'whanau-app-failed', { fullPage: true });
      await screenshot(staff, 'whanau-app-staff-side-failed', { fullPage: true });
    });

    // A wrong code: the server's sentence by the field, nothing linked.
    await page.goto('/whanau-app/link?code=ABCD-EFGH-JKMN');
    await page.getByRole('button', { name: 'Link this phone' }).click();
    await expect.poll(() => page.getByText('That code is not right, or it has expired.').count()).toBeGreaterThan(0);

    // The QR code's link fills the code in; then a PIN too easy to guess, then a good one.
    await page.goto(`/whanau-app/link?code=${code}`);
    await page.getByRole('button', { name: 'Link this phone' }).click();
    await page.getByLabel('PIN (6 to 12 digits)').fill('111111');
    await page.getByLabel('The same PIN again').fill('111111');
    await page.getByRole('button', { name: 'Save my PIN' }).click();
    await page.getByText('That PIN is too easy to guess').first().waitFor();
    await page.getByLabel('PIN (6 to 12 digits)').fill(pin);
    await page.getByLabel('The same PIN again').fill(pin);
    await page.getByRole('button', { name: 'Save my PIN' }).click();

    await page.getByRole('heading', { name: 'Kia ora Tama' }).waitFor({ timeout: 60_000 });
    await page.getByText('A warm, dry home').waitFor();
    await page.getByText('Visit: meet the landlord').waitFor();
    expect(await page.getByText('Budget with the bank').count()).toBe(0);
    // A Māori word the catalogue marks (the "Kai" goal area among the suggestion's choices) is read, never shown as its mark.
    await page.getByRole('option', { name: 'Kai', exact: true }).waitFor({ state: 'attached' });
    expect(await page.content()).not.toContain('&lt;mi&gt;');
    await screenshot(page, 'whanau-app-home-390', { fullPage: true });
    await checkA11y(page);

    await withServerStopped(harness, async () => {
      await page.getByRole('button', { name: 'Mark as done' }).click();
      await page.getByText('Done · Waiting to send').waitFor();
      await page.getByLabel('Your words').fill('We rang the landlord');
      await page.getByRole('button', { name: 'Add comment' }).click();
      await page.getByText('Comment saved.').waitFor();
      await rate(page, 4);
      await page.getByLabel('A goal your whānau would like to work on').fill('Learn te reo together');
      await page.getByRole('button', { name: 'Suggest this goal' }).click();
      await page.getByText('Suggestion saved.').waitFor();
      await page.getByRole('button', { name: 'A copy of my information' }).click();
      await page.getByLabel('Tell us more').fill('Everything the trust holds about me, please');
      await page.getByRole('button', { name: 'Send my request' }).click();
      await page.getByText('Your request is saved').waitFor();
      await page.getByText('5 things are waiting to send.').waitFor();

      // Reopened with no signal: the PIN opens the copy kept on the phone.
      await page.reload();
      await page.getByLabel('PIN (6 to 12 digits)').fill('000000');
      await page.getByRole('button', { name: 'Open' }).click();
      await page.locator('.field__error', { hasText: 'That PIN is not right. 4 more tries' }).waitFor();
      await page.getByLabel('PIN (6 to 12 digits)').fill(pin);
      await page.getByRole('button', { name: 'Open' }).click();
      await page.getByText('A warm, dry home').waitFor({ timeout: 60_000 });
      await page.getByText('5 things are waiting to send.').waitFor();
      await page.getByText('We rang the landlord').waitFor();
      await screenshot(page, 'whanau-app-offline-390', { fullPage: true });
    });

    // Back on signal: each arrives once, and the kaimahi sees it.
    await expect.poll(async () => (await voice()).comments.length, { timeout: 60_000 }).toBe(1);
    await expect.poll(async () => (await voice()).ratings.length).toBe(1);
    await expect.poll(async () => (await voice()).suggestions.length).toBe(1);
    await expect.poll(async () => (await read<{ total: number }>(await harness.api('/api/privacy-requests', { token }))).total).toBe(1);
    await page.getByText('5 things are waiting to send.').waitFor({ state: 'detached' });
    const heard = await voice();
    expect(heard.comments.map((comment) => comment.text)).toEqual(['We rang the landlord']);
    expect(Object.values(heard.ratings[0]!.ratings)).toEqual([4, 4, 4, 4, 4, 4, 4]);
    expect(heard.suggestions.map((suggestion) => suggestion.text)).toEqual(['Learn te reo together']);
    const requests = await read<{ items: { kind: string; text: string; dueOn: string }[] }>(await harness.api('/api/privacy-requests', { token }));
    expect(requests.items).toEqual([expect.objectContaining({ kind: 'access', text: 'Everything the trust holds about me, please' })]);
    // The member sees where their request stands, with its due date.
    await page.getByText(`Answer due by`).waitFor();
    const shares = await read<{ tasks: { _id: string; doneAt: string | null }[] }>(await harness.api(`/api/whanau/${world.whanauId}`, { token }));
    expect(shares.tasks.find((task) => task._id === world.stepId)?.doneAt).toBeTruthy();

    // The kaimahi sees what the whānau said on the whānau page, and stops sharing the goal.
    await staff.reload();
    await staff.getByRole('heading', { name: 'Rewi', level: 1 }).waitFor({ timeout: 60_000 });
    await staff.getByText('We rang the landlord').waitFor();
    await staff.getByText('Learn te reo together').waitFor();
    await staff.getByRole('checkbox', { name: 'Share with the whānau: A warm, dry home' }).uncheck();
    await expect.poll(async () => (await read<unknown[]>(await harness.api(`/api/whanau/${world.whanauId}/shares`, { token }))).length).toBe(1);

    // Unshared: the goal leaves the phone at its next contact.
    await page.reload();
    await page.getByRole('heading', { name: 'Kia ora Tama' }).waitFor({ timeout: 60_000 });
    await page.getByText('Visit: meet the landlord').waitFor();
    await expect.poll(() => page.getByText('A warm, dry home').count()).toBe(0);

    // In te reo Māori, and on a wider screen.
    await chooseLanguage(page, 'mi');
    await page.reload();
    await page.getByRole('heading', { name: 'Tēnā koe, Tama' }).waitFor({ timeout: 60_000 });
    await screenshot(page, 'whanau-app-home-mi-390', { fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    await screenshot(page, 'whanau-app-home-mi-1440');
    expect(offlineFaults(page)).toEqual([]);
  });

  it('five wrong PINs wipe the phone’s copy and unlink it; a phone a kaimahi unlinks is wiped at its next contact', async () => {
    const devices = async () => read<{ _id: string; revokedAt: string | null }[]>(await harness.api(`/api/whanau/${world.whanauId}/devices`, { token }));
    const linkDevice = async () => {
      const page = await newDevice(harness, phone);
      page.setDefaultTimeout(30_000);
      await page.goto(`/whanau-app/link?code=${await inviteCode()}`);
      await page.getByRole('button', { name: 'Link this phone' }).click();
      await page.getByLabel('PIN (6 to 12 digits)').fill(pin);
      await page.getByLabel('The same PIN again').fill(pin);
      await page.getByRole('button', { name: 'Save my PIN' }).click();
      await page.getByRole('heading', { name: 'Kia ora Tama' }).waitFor({ timeout: 60_000 });
      return page;
    };
    const memberDatabases = (page: Page) =>
      page.evaluate(async () => (await indexedDB.databases()).map((info) => info.name).filter((name) => name === 'trust-whanau-app'));

    const lost = await linkDevice();
    const before = new Set((await devices()).map((device) => device._id));
    await withServerStopped(harness, async () => {
      await lost.reload();
      for (let tries = 0; tries < 5; tries += 1) {
        await lost.getByLabel('PIN (6 to 12 digits)').fill('135790');
        await lost.getByRole('button', { name: 'Open' }).click();
        if (tries < 4) await lost.locator('.field__error', { hasText: `${4 - tries} more tr` }).waitFor({ timeout: 60_000 });
      }
      await lost.getByText('The PIN was wrong five times').waitFor({ timeout: 60_000 });
      expect(await memberDatabases(lost)).toEqual([]);
    });
    // The server hears of it at the phone's next contact: the link is over.
    await expect
      .poll(async () => (await devices()).filter((device) => before.has(device._id) && device.revokedAt !== null).length, { timeout: 90_000 })
      .toBeGreaterThan(0);

    const unlinked = await linkDevice();
    const mine = (await devices()).find((device) => !before.has(device._id) && device.revokedAt === null);
    expect(mine).toBeDefined();
    await read(await harness.api(`/api/whanau/${world.whanauId}/devices/${mine!._id}/unlink`, { method: 'POST', token }));
    await unlinked.reload();
    await unlinked.getByText('This phone is no longer linked to your whānau').waitFor({ timeout: 60_000 });
    expect(await memberDatabases(unlinked)).toEqual([]);
    await screenshot(unlinked, 'whanau-app-unlinked-390');
  });
});
