import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { ClientDetail } from '@contract/clients';
import { serviceKeys } from '@contract/enrolments';
import type { ServiceOutput } from '@contract/reports';
import type { WhanauDetail } from '@contract/whanau';
import { waitForServiceWorker } from './enrol-helpers';
import { checkA11y, screenshot, startHarness, type Harness, type Staff } from './harness';
import { offlineFaults } from './staff-helpers';

/**
 * Whānau work with no signal (issue 20), in the built app against the real server, stopped for
 * "no signal": a kaimahi creates a whānau with two members (one already a client, one new) and a
 * goal, records a home visit, reopens the app offline and unlocks it, and on reconnecting each
 * write arrives once. Then a goal's status changed meanwhile from another device (the API) clashes
 * with the kaimahi's change: both are shown side by side, and the choice is sent.
 */

const phone = { width: 390, height: 844 } as const;
const desktop = { width: 1440, height: 900 } as const;
const json = { 'content-type': 'application/json' };

let harness: Harness;
let kaimahi: Staff;
let token: string;
let managerToken: string;
let kaiParcel: ServiceOutput;
const service = serviceKeys[0] ?? '';

async function read<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

beforeAll(async () => {
  harness = await startHarness();
  kaimahi = await harness.createStaff(1);
  managerToken = await harness.tokenFor(await harness.createStaff(2));
  // The kaimahi works on one service: goals and contacts are written under it.
  const staff = await read<{ _id: string; email: string }[]>(await harness.api('/api/users', { token: managerToken }));
  const me = staff.find((user) => user.email === kaimahi.email);
  await read(
    await harness.api(`/api/users/${me?._id}`, { method: 'PATCH', token: managerToken, headers: json, body: JSON.stringify({ services: [service] }) }),
  );
  token = await harness.tokenFor(kaimahi);
  // What the service delivers, defined by a manager: the contact form offers it (issue 23).
  kaiParcel = await read<ServiceOutput>(
    await harness.api(`/api/services/${service}/outputs`, {
      method: 'POST',
      token: managerToken,
      headers: json,
      body: JSON.stringify({ name: 'Kai parcel', nameMi: 'Pēke kai', hasValue: true }),
    }),
  );
  await read<ClientDetail>(
    await harness.api('/api/clients', {
      method: 'POST',
      token,
      headers: json,
      body: JSON.stringify({ _id: randomUUID(), givenName: 'Aroha', familyName: 'Te Rangi', phone: '021 555 0147' }),
    }),
  );
});

afterAll(async () => {
  await harness?.close();
});

describe('whānau with no signal', () => {
  it('creates a whānau with two members, a goal and a home visit offline, keeps them through an offline reopen, sends each once, and settles a clash on a goal', async () => {
    const page = await harness.newPage({ viewport: phone, serviceWorkers: 'allow' });
    const step = (name: string) => process.env.WHANAU_DEBUG && console.log(name, page.url());
    page.setDefaultTimeout(20_000);
    onTestFailed(async () => {
      await screenshot(page, 'whanau-failed', { fullPage: true });
    });
    await page.goto('/');
    await waitForServiceWorker(page);
    await harness.signInWithPassword(page, kaimahi);
    // The service's outputs come onto the device with the whānau, for the contact form offline.
    const outputsKept = page.waitForResponse((response) => response.url().includes(`/api/services/${service}/outputs`) && response.ok());
    await page.getByRole('link', { name: 'Open the whānau' }).click();
    await page.getByRole('heading', { name: 'Whānau', level: 1 }).waitFor();
    await outputsKept;

    await harness.server.stop();
    let whanauId = '';
    try {
      step('A new whānau, named as it names itself.');
      // A new whānau, named as it names itself.
      await page.getByRole('link', { name: 'New whānau' }).click();
      await page.getByLabel('Name of the whānau').fill('Te Whānau a Rangi');
      await page.getByRole('button', { name: 'Create whānau' }).click();
      await page.getByRole('heading', { name: 'Te Whānau a Rangi' }).waitFor();
      await page.getByText('Saved on this device. It goes to the server when there is signal.').waitFor();
      whanauId = new URL(page.url()).pathname.split('/').pop() ?? '';

      step('A member who is already a client, found ');
      // A member who is already a client, found by search.
      await page.getByRole('button', { name: 'Add a member' }).click();
      await page.getByLabel('Search clients').fill('aroha');
      await page.getByLabel('Aroha Te Rangi').check();
      await page.getByLabel('Relationship in the whānau').selectOption('parent');
      await page.getByRole('button', { name: 'Add to the whānau' }).click();
      await page.getByText('Member saved on this device. It is sent when there is signal.').waitFor();

      step('A member who is a new client.');
      // A member who is a new client.
      await page.getByRole('button', { name: 'Add a member' }).click();
      await page.getByLabel('A new client').check();
      await page.getByLabel('Given name').fill('Hēmi');
      await page.getByLabel('Family name').fill('Te Rangi');
      await page.getByLabel('Relationship in the whānau').selectOption('mokopuna');
      await page.getByRole('button', { name: 'Add to the whānau' }).click();
      await page.getByTestId('member').filter({ hasText: 'Hēmi Te Rangi' }).waitFor();

      step('A goal of the plan.');
      // A goal of the plan.
      await page.getByRole('button', { name: 'Add a goal' }).click();
      await page.getByLabel('Area').selectOption('housing');
      await page.getByLabel('Goal', { exact: true }).fill('A warm, dry home before winter');
      await page.getByLabel('Target date (optional)').fill('2027-05-01');
      await page.getByRole('button', { name: 'Add goal' }).click();
      await page.getByTestId('goal').filter({ hasText: 'A warm, dry home before winter' }).waitFor();

      step('A home visit that served the goal, with ');
      // A home visit that served the goal, with what was delivered.
      await page.getByRole('link', { name: 'Record a contact' }).click();
      await page.getByLabel('Home visit').check();
      await page.getByLabel('Minutes').fill('45');
      await page.getByLabel('Aroha Te Rangi').check();
      await page.getByLabel(/A warm, dry home before winter/).check();
      await page.getByLabel('Summary').fill('Talked through the housing application at the kitchen table');
      const parcel = page.getByRole('group', { name: 'Kai parcel' });
      await parcel.getByLabel('How many or how much').fill('1');
      await parcel.getByLabel('Value in dollars (optional)').fill('60');
      await checkA11y(page);
      await screenshot(page, 'whanau-contact-390');
      await page.setViewportSize(desktop);
      await screenshot(page, 'whanau-contact-1440');
      await page.setViewportSize(phone);
      await page.getByRole('button', { name: 'Save contact' }).click();
      // The output is named as the service defines it, from the device's copy.
      await page
        .getByTestId('contact')
        .filter({ hasText: 'Talked through the housing application' })
        .getByText(/Delivered: Kai parcel 1 \$60/)
        .waitFor();
      await page.getByTestId('whanau-waiting').getByText('5 changes waiting to be sent').waitFor();

      step('Reopened with no signal: the password op');
      // Reopened with no signal: the password opens the copy, and everything is still here.
      await page.reload();
      await page.getByRole('heading', { name: 'Unlock client records' }).waitFor({ timeout: 20_000 });
      await page.getByLabel('Password').fill(kaimahi.password);
      await page.getByRole('button', { name: 'Unlock' }).click();
      await page.getByRole('heading', { name: 'Te Whānau a Rangi' }).waitFor({ timeout: 15_000 });
      await page.getByTestId('member').filter({ hasText: 'Aroha Te Rangi' }).waitFor();
      await page.getByTestId('member').filter({ hasText: 'Hēmi Te Rangi' }).waitFor();
      await page.getByTestId('goal').filter({ hasText: 'A warm, dry home before winter' }).getByText('Saved on this device').waitFor();
      await page.getByTestId('contact').filter({ hasText: 'Talked through the housing application' }).waitFor();
      await page.getByTestId('whanau-waiting').getByText('5 changes waiting to be sent').waitFor();
      await checkA11y(page);
      await screenshot(page, 'whanau-offline-390', { fullPage: true });
      await page.setViewportSize(desktop);
      await screenshot(page, 'whanau-offline-1440', { fullPage: true });
      await page.setViewportSize(phone);
    } finally {
      await harness.server.start();
    }

    // Back in signal: each write arrives once.
    await page.getByTestId('whanau-waiting').getByText('Nothing waiting: every change is sent.').waitFor({ timeout: 60_000 });
    const sent = await read<WhanauDetail>(await harness.api(`/api/whanau/${whanauId}`, { token }));
    expect(sent.name).toBe('Te Whānau a Rangi');
    expect(sent.members.map((member) => member.client?.givenName).sort()).toEqual(['Aroha', 'Hēmi']);
    expect(sent.goals).toHaveLength(1);
    expect(sent.goals[0]).toMatchObject({ area: 'housing', status: 'not started', targetDate: '2027-05-01', version: 1, serviceKey: service });
    expect(sent.contacts).toHaveLength(1);
    expect(sent.contacts[0]).toMatchObject({
      kind: 'home visit',
      minutes: 45,
      goalIds: [sent.goals[0]?._id],
      outputs: [{ kind: kaiParcel._id, quantity: 1, value: 60 }],
    });
    const hemi = await read<{ total: number }>(await harness.api('/api/clients?q=hemi', { token }));
    expect(hemi.total).toBe(1);
    const goal = sent.goals[0];
    if (!goal) throw new Error('no goal');

    // The page reads the sent whānau again (a reopening with signal), then sits still.
    const detailRead = page.waitForResponse((response) => response.url().endsWith(`/api/whanau/${whanauId}`) && response.ok());
    const copyRead = page.waitForResponse((response) => response.url().includes('/api/whanau/caseload') && response.ok());
    await page.reload();
    await Promise.all([detailRead, copyRead]);
    await page.getByRole('button', { name: 'Change the goal: A warm, dry home before winter' }).waitFor();

    // Meanwhile another device moves the goal on.
    const other = await read<{ results: { status: string }[] }>(
      await harness.api('/api/sync', {
        method: 'POST',
        token: managerToken,
        headers: json,
        body: JSON.stringify({
          mutations: [{ _id: randomUUID(), kind: 'goal.update', entityId: goal._id, baseVersion: 1, payload: { status: 'in progress' } }],
        }),
      }),
    );
    expect(other.results[0]?.status).toBe('applied');

    // With no signal, the kaimahi marks it achieved from what they last saw.
    await harness.server.stop();
    try {
      await page.getByRole('button', { name: 'Change the goal: A warm, dry home before winter' }).click();
      await page.getByLabel('Status').selectOption('achieved');
      await page.getByRole('button', { name: 'Save change' }).click();
      await page.getByText('Change saved on this device. It is sent when there is signal.').waitFor();
    } finally {
      await harness.server.start();
    }

    await page.getByRole('heading', { name: 'Someone else changed this goal' }).waitFor({ timeout: 60_000 });
    await page.getByTestId('goal-mine-status').getByText('Achieved').waitFor();
    await page.getByTestId('goal-theirs-status').getByText('In progress').waitFor();
    await checkA11y(page);
    await screenshot(page, 'whanau-clash-390', { fullPage: true });
    await page.setViewportSize(desktop);
    await checkA11y(page);
    await screenshot(page, 'whanau-clash-1440', { fullPage: true });
    await page.setViewportSize(phone);

    await page.getByRole('button', { name: 'Save with these choices' }).click();
    await page.getByRole('heading', { name: 'Someone else changed this goal' }).waitFor({ state: 'detached', timeout: 30_000 });
    await page.getByTestId('whanau-waiting').getByText('Nothing waiting: every change is sent.').waitFor({ timeout: 30_000 });
    const settled = await read<WhanauDetail>(await harness.api(`/api/whanau/${whanauId}`, { token }));
    expect(settled.goals[0]).toMatchObject({ status: 'achieved', version: 3 });

    expect(offlineFaults(page)).toEqual([]);
    await page.context().close();
  }, 300_000);
});
