import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import sqlite3 from 'sqlite3';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { ClientDetail } from '@contract/clients';
import type { LinkedDevice } from '@contract/whanau-app';
import { checkA11y, screenshot, startHarness, type Harness, type Staff } from './harness';
import { json, newDevice } from './staff-helpers';

/**
 * The staff side of the whānau's own app (issue 34), in the built app against the real server: a
 * kaimahi invites an adult member (a child is refused by the field) and gets a code and its QR
 * code, shares a goal ("Shared by …"); the member, linked with that code through the API, comments,
 * suggests a goal, rates "How are we going?" and proposes a new phone number, and the kaimahi sees
 * each on the whānau page, adds one suggestion to the plan and declines another with a reply,
 * accepts the phone number, records "How are we going?" at a visit and unlinks the phone; with no
 * signal, what needs the server says so. A manager answers an overdue privacy request, counted on
 * the dashboard.
 */

const headers = { 'content-type': 'application/json' };
const phone = { width: 390, height: 844 } as const;
const desktop = { width: 1440, height: 900 } as const;
const screens = '/tmp/screens-staff-voice';
const service = 'whanau_ora_support';

let harness: Harness;
let managerToken: string;
let kaimahi: Staff;
let kaimahiToken: string;
let aroha: ClientDetail;
let whanauId: string;
let goalId: string;

const sync = async (mutations: unknown[], token: string, route = '/api/sync') =>
  json<{ results: { status: string; errors?: unknown }[] }>(await harness.api(route, { method: 'POST', token, headers, body: JSON.stringify({ mutations }) }));
const create = (kind: string, payload: Record<string, unknown>, id = randomUUID()) => ({ _id: id, kind, entityId: id, payload });

/** Today in New Zealand, YYYY-MM-DD. */
const nzToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Auckland' }).format(new Date());

/** Sets a column of one row in the server's SQLite file (what the clock would do over weeks). */
async function setColumn(table: string, column: string, value: string, id: string): Promise<void> {
  const db = await new Promise<sqlite3.Database>((resolve, reject) => {
    const opened = new sqlite3.Database(path.join(harness.server.dataDir, 'trust.sqlite'), (error) => (error ? reject(error) : resolve(opened)));
  });
  try {
    await new Promise<void>((resolve, reject) =>
      db.run(`UPDATE ${table} SET "${column}" = ? WHERE id = ?`, [value, id], (error) => (error ? reject(error) : resolve())),
    );
  } finally {
    await new Promise<void>((resolve) => db.close(() => resolve()));
  }
}

async function openWhanau(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Open the whānau' }).click();
  await page.getByRole('link', { name: 'Te Whānau a Rewi' }).click();
  await page.getByRole('heading', { name: 'Te Whānau a Rewi', level: 1 }).waitFor();
}

async function shoot(page: Page, name: string): Promise<void> {
  await mkdir(screens, { recursive: true });
  await page.screenshot({ path: `${screens}/${name}.png`, fullPage: true });
}

beforeAll(async () => {
  harness = await startHarness();
  managerToken = await harness.tokenFor(await harness.createStaff(2));
  kaimahi = { email: `${randomUUID().slice(0, 8)}@example.org.nz`, name: 'Hemi Kaimahi', password: `correct horse ${randomUUID()}`, access: 1 };
  await json(await harness.api('/api/users', { method: 'POST', token: managerToken, headers, body: JSON.stringify({ ...kaimahi, services: [service] }) }));
  kaimahiToken = await harness.tokenFor(kaimahi);
  const client = async (fields: Record<string, string>) =>
    json<ClientDetail>(
      await harness.api('/api/clients', { method: 'POST', token: kaimahiToken, headers, body: JSON.stringify({ _id: randomUUID(), ...fields }) }),
    );
  aroha = await client({ givenName: 'Aroha', familyName: 'Rewi', dateOfBirth: '1985-04-02', phone: '021 555 0147' });
  const nikau = await client({ givenName: 'Nikau', familyName: 'Rewi', dateOfBirth: '2015-09-10' });
  const whanau = create('whanau.create', { name: 'Te Whānau a Rewi' });
  const goal = create('goal.create', { whanauId: whanau._id, area: 'housing', text: 'A warm, dry home', serviceKey: service });
  whanauId = whanau._id;
  goalId = goal._id;
  const dueOn = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const made = await sync(
    [
      whanau,
      create('member.link', { whanauId, clientId: aroha._id, relationship: 'parent' }),
      create('member.link', { whanauId, clientId: nikau._id, relationship: 'child' }),
      goal,
      create('task.create', { whanauId, goalId, text: 'Home visit about the heat pump', dueOn }),
    ],
    kaimahiToken,
  );
  expect(made.results.map((result) => result.status)).toEqual(['applied', 'applied', 'applied', 'applied', 'applied']);
});

afterAll(async () => {
  await harness?.close();
});

describe('the whānau app, as staff see it', () => {
  it('invites an adult member with a code and a QR code, shares a goal, shows what the member sent, adds their suggestion to the plan and unlinks the phone', async () => {
    const page = await newDevice(harness, phone);
    page.setDefaultTimeout(30_000);
    onTestFailed(async () => {
      await screenshot(page, 'whanau-app-staff-failed', { fullPage: true });
    });
    await harness.signInWithPassword(page, kaimahi);
    await openWhanau(page);

    // A child cannot link a phone: the server's reason is by the field.
    const phones = page.getByTestId('linked-phones');
    await phones.getByText('No phones are linked yet.').waitFor();
    await phones.getByRole('button', { name: 'Invite to the whānau app' }).click();
    await phones.getByLabel('Member').selectOption({ label: 'Nikau Rewi' });
    await phones.getByRole('button', { name: 'Make the code' }).click();
    await phones.locator('.field__error').getByText('Only members aged 16 or over can link a phone').waitFor();
    await phones.getByLabel('Member').selectOption({ label: 'Aroha Rewi' });
    await phones.getByRole('button', { name: 'Make the code' }).click();
    const codeText = (await page.getByTestId('invite-code-text').textContent()) ?? '';
    expect(codeText).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    const qr = page.getByRole('img', { name: 'QR code to link the phone of Aroha Rewi' });
    await qr.waitFor();
    expect(await qr.locator('path').getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    await phones.getByText(/^Use it before .+\. It works once\.$/).waitFor();
    await checkA11y(page);
    await shoot(page, 'invite-390');
    await phones.screenshot({ path: `${screens}/section-invite-390.png` });

    // Share the goal: who shared it and when.
    await page.getByRole('checkbox', { name: 'Share with the whānau: A warm, dry home' }).check();
    await page
      .getByTestId('share')
      .first()
      .getByText(/^Shared by Hemi Kaimahi, /)
      .waitFor();
    expect(await page.getByRole('checkbox', { name: 'Share with the whānau: Home visit about the heat pump' }).isChecked()).toBe(false);

    // The member links their phone with the code shown, and speaks through their app.
    const linked = await json<LinkedDevice>(await harness.api('/api/whanau-app/link', { method: 'POST', headers, body: JSON.stringify({ code: codeText }) }));
    const suggestion = create('goal.suggest', { text: 'Learn to swim together', area: 'wellbeing' });
    const ratings = {
      selfManaging: 3,
      healthyLifestyles: 2,
      participatingInSociety: 4,
      teAoMaori: 5,
      economicallySecure: 1,
      cohesiveResilientNurturing: 4,
      stewardsOfEnvironment: 3,
    };
    const sent = await sync(
      [
        create('whanau.comment', { goalId, topic: 'in_the_way', text: 'The landlord has not replied about the heat pump' }),
        suggestion,
        create('goal.suggest', { text: 'A trampoline for the kids' }),
        create('rating.create', { on: nzToday(), ratings, comment: 'Feeling more settled' }),
        create('details.propose', { phone: '027 444 0199' }),
      ],
      linked.token,
      '/api/whanau-app/sync',
    );
    expect(sent.results.map((result) => result.status)).toEqual(['applied', 'applied', 'applied', 'applied', 'applied']);

    await phones.getByRole('button', { name: 'Done' }).click();
    await phones.getByTestId('linked-phone').getByText('Aroha Rewi').waitFor();
    // Away and back (a reload would lock the device's copy): the page reads the whānau's voice again.
    await page.getByRole('link', { name: 'Back to whānau' }).click();
    await page.getByRole('link', { name: 'Te Whānau a Rewi' }).click();
    await page.getByRole('heading', { name: 'Te Whānau a Rewi', level: 1 }).waitFor();
    const comment = page.getByTestId('whanau-comment');
    await comment.getByText('What is getting in the way').waitFor();
    await comment.getByText('The landlord has not replied about the heat pump').waitFor();
    await comment.getByText(/^From Aroha, /).waitFor();
    const ratingsCard = page.getByTestId('ratings');
    expect(await ratingsCard.getByTestId('rating-teAoMaori').locator('td.whanau-ratings__score').textContent()).toBe('5');
    expect(await ratingsCard.getByTestId('rating-economicallySecure').locator('td.whanau-ratings__score').textContent()).toBe('1');
    await ratingsCard.getByText(/Aroha said: Feeling more settled/).waitFor();

    for (const section of [
      '.whanau-plan',
      '[data-testid=suggestions]',
      '[data-testid=ratings]',
      '[data-testid=detail-changes]',
      '[data-testid=linked-phones]',
    ]) {
      await page.locator(section).screenshot({ path: `${screens}/section-${section.replace(/\W+/g, '')}-390.png` });
    }
    await page.setViewportSize(desktop);
    await shoot(page, 'voice-1440');
    await page.setViewportSize(phone);
    // The proposed phone number beside the one on record, accepted.
    const change = page.getByTestId('detail-change');
    await change.getByText('027 444 0199').waitFor();
    await change.getByRole('button', { name: 'Accept Phone' }).click();
    await page.getByText('Phone accepted and saved to their record.').waitFor();
    expect((await json<ClientDetail>(await harness.api(`/api/clients/${aroha._id}`, { token: kaimahiToken }))).phone).toBe('027 444 0199');

    // The suggestion into the plan, through the outbox.
    const suggestions = page.getByTestId('suggestions');
    await suggestions.getByText('Learn to swim together').waitFor();
    const swim = suggestions.getByTestId('suggestion').filter({ hasText: 'Learn to swim together' });
    await swim.getByRole('button', { name: 'Add to the plan' }).click();
    // The plan's own goal form, opened with the whānau's words.
    await expect.poll(() => swim.getByLabel('Goal', { exact: true }).inputValue()).toBe('Learn to swim together');
    await suggestions.screenshot({ path: `${screens}/section-add-suggestion-390.png` });
    await suggestions.getByRole('form', { name: 'Add to the plan' }).getByRole('button', { name: 'Add to the plan' }).click();
    await page.getByTestId('goal').filter({ hasText: 'Learn to swim together' }).waitFor();
    await swim.getByText('Added to the plan').waitFor();
    // The other declined: a reply is needed, and the whānau sees it.
    const trampoline = suggestions.getByTestId('suggestion').filter({ hasText: 'A trampoline for the kids' });
    await trampoline.getByRole('button', { name: 'Decline' }).click();
    await trampoline.getByRole('button', { name: 'Decline with this reply' }).click();
    await trampoline.locator('.field__error').getByText('Reply is required').waitFor();
    await trampoline.getByLabel('Your reply to the whānau').fill('Not one the trust can fund; the school holiday programme has one');
    await trampoline.getByRole('button', { name: 'Decline with this reply' }).click();
    await trampoline.getByText('Declined: Not one the trust can fund; the school holiday programme has one').waitFor();
    const plan = await json<{ goals: { text: string }[] }>(await harness.api(`/api/whanau/${whanauId}`, { token: kaimahiToken }));
    expect(plan.goals.filter((goal) => goal.text === 'Learn to swim together')).toHaveLength(1);
    await checkA11y(page);

    // "How are we going?" recorded with the whānau at a visit, through the outbox, beside the member's.
    await ratingsCard.getByRole('button', { name: 'Record how we are going' }).click();
    const atVisit = { ...ratings, economicallySecure: 2 };
    for (const [outcome, value] of Object.entries(atVisit)) await ratingsCard.locator(`input[name=${outcome}][value="${value}"]`).check();
    await ratingsCard
      .locator('.outcome-rating__outcome')
      .first()
      .screenshot({ path: `${screens}/section-record-rating-390.png` });
    await ratingsCard.getByRole('button', { name: 'Save our answers' }).click();
    await ratingsCard.getByRole('columnheader', { name: /Hemi Kaimahi/ }).waitFor();
    expect(await ratingsCard.getByTestId('rating-economicallySecure').locator('td.whanau-ratings__score').allTextContents()).toHaveLength(2);
    await checkA11y(page);
    await ratingsCard.screenshot({ path: `${screens}/section-ratings-two-390.png` });

    // Unlink the phone, after a confirmation; the phone is refused from then on.
    await phones.getByRole('button', { name: 'Unlink the phone of Aroha Rewi' }).click();
    await phones.getByRole('button', { name: 'Unlink the phone', exact: true }).click();
    await phones.getByText('The phone of Aroha Rewi is unlinked.').waitFor();
    await phones.getByText('No phones are linked yet.').waitFor();
    expect((await harness.api('/api/whanau-app', { token: linked.token })).status).toBe(401);

    // With no signal, what needs the server says so plainly instead of failing.
    await page.context().setOffline(true);
    await phones.getByText('Inviting and unlinking need signal. Try again when you are connected.').waitFor();
    expect(await phones.getByRole('button', { name: 'Invite to the whānau app' }).isDisabled()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Share with the whānau: A warm, dry home' }).isDisabled()).toBe(true);
    await page.getByTestId('share').first().getByText('Sharing needs signal').waitFor();
    await page.context().setOffline(false);
    await phones.getByRole('button', { name: 'Invite to the whānau app' }).and(page.locator(':enabled')).waitFor();

    await page.setViewportSize(desktop);
    await shoot(page, 'whanau-page-1440');
    await page.setViewportSize(phone);
    await shoot(page, 'whanau-page-390');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    // In te reo Māori: the same sections, nothing wider than the phone.
    await page.getByRole('button', { name: /Māori/ }).first().click();
    await page.getByRole('heading', { name: 'Ngā waea kua hono' }).waitFor();
    await shoot(page, 'whanau-page-mi-390');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await page.setViewportSize(desktop);
    await shoot(page, 'whanau-page-mi-1440');
    await page.context().close();
  });

  it('lets a manager answer an overdue privacy request, counted on the dashboard', async () => {
    // A member asks for a copy of their information; it is past its due date by now.
    const invite = await json<{ code: string }>(
      await harness.api(`/api/whanau/${whanauId}/invites`, { method: 'POST', token: kaimahiToken, headers, body: JSON.stringify({ clientId: aroha._id }) }),
    );
    const linked = await json<LinkedDevice>(
      await harness.api('/api/whanau-app/link', { method: 'POST', headers, body: JSON.stringify({ code: invite.code }) }),
    );
    const overdue = create('privacy.request', { kind: 'access', text: 'A copy of everything you hold about me' });
    const onTime = create('privacy.request', { kind: 'correction', text: 'My iwi is Ngāti Porou, not Ngāti Kahungunu' });
    const sent = await sync([overdue, onTime], linked.token, '/api/whanau-app/sync');
    expect(sent.results.map((result) => result.status)).toEqual(['applied', 'applied']);
    await setColumn('privacy_requests', 'dueOn', '2026-01-15', overdue._id);

    const page = await harness.newPage({ viewport: phone });
    page.setDefaultTimeout(30_000);
    onTestFailed(async () => {
      await screenshot(page, 'privacy-requests-failed', { fullPage: true });
    });
    await harness.loginAs(page, 2);
    await page.goto('/dashboard');
    const count = page.getByTestId('privacy-overdue');
    await count.getByText('privacy request overdue (of 2 open)').waitFor();
    expect(await count.locator('.dashboard-stat__value').textContent()).toBe('1');
    await count.getByRole('link', { name: 'Open the privacy requests' }).click();

    const list = page.getByTestId('privacy-requests');
    const first = list.getByTestId('privacy-request').first();
    await first.getByText('Overdue', { exact: true }).waitFor();
    await first.getByText('Copy of their information (IPP 6)').waitFor();
    await first.getByText(/due 15 Jan 2026/).waitFor();
    await first.getByRole('link', { name: 'Open Aroha Rewi’s record' }).waitFor();
    await list.getByTestId('privacy-request').nth(1).getByText('Correction (IPP 7)').waitFor();
    expect(await list.getByTestId('privacy-request').nth(1).getByText('Overdue', { exact: true }).count()).toBe(0);
    await checkA11y(page);
    await shoot(page, 'privacy-390');
    await page.setViewportSize(desktop);
    await shoot(page, 'privacy-1440');
    await page.setViewportSize(phone);

    // A refusal needs its reason; then the answer is kept.
    await first.getByRole('button', { name: 'Record the answer' }).click();
    await first.getByLabel('Refused').check();
    await first.getByRole('button', { name: 'Save the answer' }).click();
    await first.locator('.field__error').getByText('Give the reason for the refusal.').waitFor();
    await first.getByLabel('Reason for the refusal').fill('We hold nothing more than the record you can already see');
    await first.getByRole('button', { name: 'Save the answer' }).click();
    const answered = list.getByTestId('privacy-request').filter({ hasText: 'Copy of their information (IPP 6)' });
    await answered.getByText('Answered', { exact: true }).waitFor();
    await answered.getByText(/^Refused on /).waitFor();

    await page.goto('/dashboard');
    await page.getByTestId('privacy-overdue').getByText('privacy requests overdue (of 1 open)').waitFor();
    expect(await page.getByTestId('privacy-overdue').locator('.dashboard-stat__value').textContent()).toBe('0');
    await page.context().close();
  });
});
