import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { ClientDetail } from '@contract/clients';
import { collectionStatement } from '@contract/enrolments';
import type { TaskRecord, WhanauDetail } from '@contract/whanau';
import { checkA11y, screenshot, startHarness, type Harness, type Staff } from './harness';
import { json, newDevice, offlineFaults, withServerStopped } from './staff-helpers';

/**
 * The whānau page's newer screens with no signal (issue 20), in the built app against the real
 * server, stopped for "no signal": a kaimahi renames a whānau and changes its notes, takes a
 * member out, and adds a follow-up for a colleague of the same service (decision 106). Back in
 * signal each change arrives once; the follow-up is the colleague's, not on the maker's list, and
 * the whānau page shows it with the colleague's name.
 */

const phone = { width: 390, height: 844 } as const;
const desktop = { width: 1440, height: 900 } as const;
const headers = { 'content-type': 'application/json' };
const service = 'whanau_ora_support';
const colleagueName = 'Rāwiri Kaimahi';
const followUpText = 'Ring Kāinga Ora about the heat pump';

let harness: Harness;
let kaimahi: Staff;
let token: string;
let managerToken: string;
let colleague: { _id: string; token: string };
let whanauId = '';
let hemiMemberId = '';

/** An enrolment in the service, as the public form sends it, made a client by the kaimahi (so both kaimahi of the service see them). */
async function enrolledClient(givenName: string): Promise<ClientDetail> {
  const enrolment = randomUUID();
  await json(
    await harness.api('/api/enrolments', {
      method: 'POST',
      headers,
      body: JSON.stringify({
        _id: enrolment,
        serviceKey: service,
        givenName,
        familyName: 'Te Rangi',
        phone: '021 555 0147',
        preferredContact: 'phone',
        consent: true,
        statementVersion: collectionStatement.version,
      }),
    }),
  );
  return json<ClientDetail>(
    await harness.api(`/api/clients?fromEnrolment=${enrolment}`, {
      method: 'POST',
      token,
      headers,
      body: JSON.stringify({ _id: randomUUID(), givenName, familyName: 'Te Rangi', phone: '021 555 0147' }),
    }),
  );
}

const sync = async (mutations: unknown[], as = token) =>
  json<{ results: { status: string }[] }>(await harness.api('/api/sync', { method: 'POST', token: as, headers, body: JSON.stringify({ mutations }) }));
const create = (kind: string, payload: Record<string, unknown>, id = randomUUID()) => ({ _id: id, kind, entityId: id, payload });

beforeAll(async () => {
  harness = await startHarness();
  kaimahi = await harness.createStaff(1);
  managerToken = await harness.tokenFor(await harness.createStaff(2));
  const staff = await json<{ _id: string; email: string }[]>(await harness.api('/api/users', { token: managerToken }));
  const me = staff.find((user) => user.email === kaimahi.email);
  await json(await harness.api(`/api/users/${me?._id}`, { method: 'PATCH', token: managerToken, headers, body: JSON.stringify({ services: [service] }) }));
  token = await harness.tokenFor(kaimahi);
  // A colleague on the same service: someone a follow-up can be assigned to.
  const other: Staff = {
    email: `rawiri-${randomUUID().slice(0, 8)}@example.org.nz`,
    name: colleagueName,
    password: `correct horse ${randomUUID()}`,
    access: 1,
  };
  const made = await json<{ _id: string }>(
    await harness.api('/api/users', { method: 'POST', token: managerToken, headers, body: JSON.stringify({ ...other, services: [service] }) }),
  );
  colleague = { _id: made._id, token: await harness.tokenFor(other) };

  // The whānau as it stood: two members of the service, notes, a goal.
  const aroha = await enrolledClient('Aroha');
  const hemi = await enrolledClient('Hēmi');
  const whanau = create('whanau.create', { name: 'Te Whānau a Rangi', notes: 'Visits after 3pm' });
  const arohaLink = create('member.link', { whanauId: whanau._id, clientId: aroha._id, relationship: 'parent' });
  const hemiLink = create('member.link', { whanauId: whanau._id, clientId: hemi._id, relationship: 'mokopuna' });
  const goal = create('goal.create', { whanauId: whanau._id, area: 'housing', text: 'A warm, dry home before winter', serviceKey: service });
  const made2 = await sync([whanau, arohaLink, hemiLink, goal]);
  expect(made2.results.map((result) => result.status)).toEqual(['applied', 'applied', 'applied', 'applied']);
  whanauId = whanau._id;
  hemiMemberId = hemiLink._id;
});

afterAll(async () => {
  await harness?.close();
});

describe('the whānau page with no signal', () => {
  it('renames the whānau, changes its notes, takes a member out and assigns a follow-up to a colleague offline; each arrives once', async () => {
    const page = await newDevice(harness, phone);
    page.setDefaultTimeout(30_000);
    onTestFailed(async () => {
      await screenshot(page, 'whanau-edits-failed', { fullPage: true });
    });
    await harness.signInWithPassword(page, kaimahi);
    await page.getByRole('link', { name: 'Open the whānau' }).click();
    // The page's follow-ups list brings the colleagues of the kaimahi's service onto the device.
    const staffKept = page.waitForResponse((response) => response.url().endsWith(`/api/services/${service}/staff`) && response.ok());
    const detailRead = page.waitForResponse((response) => response.url().endsWith(`/api/whanau/${whanauId}`) && response.ok());
    await page.getByRole('link', { name: 'Te Whānau a Rangi' }).click();
    await page.getByRole('heading', { name: 'Te Whānau a Rangi', level: 1 }).waitFor();
    await Promise.all([staffKept, detailRead]);

    await withServerStopped(harness, async () => {
      // Renamed as the whānau now names itself, with new notes: one change.
      await page.getByRole('button', { name: 'Edit name and notes' }).click();
      await page.getByLabel('Name of the whānau').fill('Ngā Uri o Rangi');
      await page.getByLabel('Notes (optional)').fill('Visits after 3pm; ring first');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByText('Changes saved on this device. They are sent when there is signal.').waitFor();
      await page.getByRole('heading', { name: 'Ngā Uri o Rangi', level: 1 }).waitFor();
      await page.getByTestId('whanau-notes').getByText('Visits after 3pm; ring first').waitFor();

      // Hēmi goes to live with other whānau: taken out, his client record stays.
      await page.getByRole('button', { name: 'Take Hēmi Te Rangi out of the whānau' }).click();
      await page
        .getByRole('group', { name: /Take Hēmi Te Rangi out of this whānau/ })
        .getByRole('button', { name: 'Take out' })
        .click();
      await page.getByText('Hēmi Te Rangi taken out on this device. It is sent when there is signal.').waitFor();
      await page.getByTestId('member').filter({ hasText: 'Hēmi Te Rangi' }).waitFor({ state: 'detached' });
      await page.getByTestId('whanau-waiting').getByText('2 changes waiting to be sent').waitFor();

      // A follow-up for the colleague, for the goal: offered from the device's copy.
      await page.getByRole('button', { name: 'Add a follow-up' }).click();
      await page.getByLabel('What to do').fill(followUpText);
      await page.getByLabel('Goal (optional)').selectOption({ label: 'A warm, dry home before winter' });
      const who = page.getByLabel('Who does it');
      expect(await who.locator('option').allTextContents()).toEqual([`Me (${kaimahi.name})`, colleagueName]);
      await who.selectOption({ label: colleagueName });
      await page.getByRole('button', { name: 'Add follow-up' }).click();
      await page.getByText(`Follow-up for ${colleagueName} saved on this device.`, { exact: false }).waitFor();
      const item = page.getByTestId('follow-up').filter({ hasText: followUpText });
      await item.getByText(`Assigned to ${colleagueName}`).waitFor();
      // Its state on this device ("Saved on this device", or "Not sent yet" once it has tried).
      await item.locator('.sync-badge').waitFor();

      await checkA11y(page);
      await screenshot(page, 'whanau-edits-offline-390', { fullPage: true });
      await page.setViewportSize(desktop);
      await checkA11y(page);
      await screenshot(page, 'whanau-edits-offline-1440', { fullPage: true });
      await page.setViewportSize(phone);

      // It is the colleague's: not on the maker's own list, even before it is sent.
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('link', { name: /My follow-ups/ }).click();
      await page.getByRole('heading', { name: 'My follow-ups', level: 1 }).waitFor();
      await page.getByText('Nothing to follow up.', { exact: false }).waitFor();
      expect(await page.getByText(followUpText).count()).toBe(0);
      await page.goBack();
      await page.getByRole('heading', { name: 'Ngā Uri o Rangi', level: 1 }).waitFor();
    });

    // Back in signal: the whānau's changes are sent, and the follow-up with them.
    await page.getByTestId('whanau-waiting').getByText('Nothing waiting: every change is sent.').waitFor({ timeout: 60_000 });
    const item = page.getByTestId('follow-up').filter({ hasText: followUpText });
    await item.locator('.sync-badge').waitFor({ state: 'detached', timeout: 60_000 });
    await item.getByText(`Assigned to ${colleagueName}`).waitFor();

    const sent = await json<WhanauDetail>(await harness.api(`/api/whanau/${whanauId}`, { token }));
    expect(sent).toMatchObject({ name: 'Ngā Uri o Rangi', notes: 'Visits after 3pm; ring first', version: 2 });
    expect(sent.members.map((member) => member.client?.givenName)).toEqual(['Aroha']);
    expect(sent.members.map((member) => member._id)).not.toContain(hemiMemberId);
    const theirs = sent.tasks.filter((task) => task.text === followUpText);
    expect(theirs).toEqual([
      expect.objectContaining({ assignedTo: colleague._id, assignedToName: colleagueName, goalId: sent.goals[0]?._id, version: 1, doneAt: null }),
    ]);
    // On the colleague's list once; not on the maker's.
    const colleagueList = await json<TaskRecord[]>(await harness.api('/api/follow-ups', { token: colleague.token }));
    expect(colleagueList.filter((task) => task.text === followUpText)).toHaveLength(1);
    const makerList = await json<TaskRecord[]>(await harness.api('/api/follow-ups', { token }));
    expect(makerList.filter((task) => task.text === followUpText)).toEqual([]);
    // Hēmi's record stays; only the membership ended.
    const hemi = await json<{ total: number }>(await harness.api('/api/clients?q=hemi', { token }));
    expect(hemi.total).toBe(1);

    expect(offlineFaults(page)).toEqual([]);
    await page.context().close();
  }, 300_000);
});
