import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { ClientDetail } from '@contract/clients';
import { collectionStatement } from '@contract/enrolments';
import { checkA11y, screenshot, startHarness, type Harness, type Staff } from './harness';
import { json, newDevice } from './staff-helpers';

/**
 * A whānau two services share, as the second service's kaimahi sees it (issue 32, decision 111):
 * the first service's notes are withheld with no field to overwrite them, and the plan says how
 * many goals the other service holds instead of inviting a first goal.
 */

const headers = { 'content-type': 'application/json' };
const screens = '/tmp/screens-boundary';

let harness: Harness;
let managerToken: string;
let gardener: Staff;

/** A staff account of one service, made by a manager. */
async function staffOf(name: string, service: string): Promise<Staff> {
  const staff: Staff = { email: `${randomUUID().slice(0, 8)}@example.org.nz`, name, password: `correct horse ${randomUUID()}`, access: 1 };
  await json(await harness.api('/api/users', { method: 'POST', token: managerToken, headers, body: JSON.stringify({ ...staff, services: [service] }) }));
  return staff;
}

/** An enrolment in the service made a client by a kaimahi of it. */
async function enrolledClient(givenName: string, service: string, token: string): Promise<ClientDetail> {
  const enrolment = randomUUID();
  const person = { givenName, familyName: 'Rewi', phone: '021 555 0147' };
  await json(
    await harness.api('/api/enrolments', {
      method: 'POST',
      headers,
      body: JSON.stringify({
        _id: enrolment,
        serviceKey: service,
        ...person,
        preferredContact: 'phone',
        consent: true,
        statementVersion: collectionStatement.version,
      }),
    }),
  );
  return json<ClientDetail>(
    await harness.api(`/api/clients?fromEnrolment=${enrolment}`, { method: 'POST', token, headers, body: JSON.stringify({ _id: randomUUID(), ...person }) }),
  );
}

const sync = async (mutations: unknown[], token: string) =>
  json<{ results: { status: string }[] }>(await harness.api('/api/sync', { method: 'POST', token, headers, body: JSON.stringify({ mutations }) }));
const create = (kind: string, payload: Record<string, unknown>, id = randomUUID()) => ({ _id: id, kind, entityId: id, payload });

beforeAll(async () => {
  harness = await startHarness();
  managerToken = await harness.tokenFor(await harness.createStaff(2));
  const ora = await harness.tokenFor(await staffOf('Hemi Kaimahi', 'whanau_ora_support'));
  gardener = await staffOf('Ani Kaimahi', 'raised_gardens');
  const tama = await enrolledClient('Tama', 'whanau_ora_support', ora);
  // Raised Gardens takes no enrolments now: its kaimahi records Mere-Ana herself (so she sees her).
  const mereAna = await json<ClientDetail>(
    await harness.api('/api/clients', {
      method: 'POST',
      token: await harness.tokenFor(gardener),
      headers,
      body: JSON.stringify({ _id: randomUUID(), givenName: 'Mere-Ana', familyName: 'Rewi' }),
    }),
  );
  const whanau = create('whanau.create', { name: 'Te Whānau a Rewi', notes: 'Koro’s dialysis is on Tuesdays' });
  const made = await sync(
    [
      whanau,
      create('member.link', { whanauId: whanau._id, clientId: tama._id, relationship: 'parent' }),
      create('goal.create', { whanauId: whanau._id, area: 'housing', text: 'A warm, dry home', serviceKey: 'whanau_ora_support' }),
      create('goal.create', { whanauId: whanau._id, area: 'health', text: 'Doctor visits', serviceKey: 'whanau_ora_support' }),
    ],
    ora,
  );
  expect(made.results.map((result) => result.status)).toEqual(['applied', 'applied', 'applied', 'applied']);
  const linked = await sync([create('member.link', { whanauId: whanau._id, clientId: mereAna._id, relationship: 'child' })], managerToken);
  expect(linked.results[0]?.status).toBe('applied');
});

afterAll(async () => {
  await harness?.close();
});

describe('a shared whānau seen by the second service', () => {
  it.each([
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ])('withholds the first service’s notes and counts its goals at $width', async (viewport) => {
    const page = await newDevice(harness, viewport);
    page.setDefaultTimeout(30_000);
    onTestFailed(async () => {
      await screenshot(page, `whanau-second-service-failed-${viewport.width}`, { fullPage: true });
    });
    await harness.signInWithPassword(page, gardener);
    await page.getByRole('link', { name: 'Open the whānau' }).click();
    await page.getByRole('link', { name: 'Te Whānau a Rewi' }).click();
    await page.getByRole('heading', { name: 'Te Whānau a Rewi', level: 1 }).waitFor();
    await page.getByTestId('goals-held-elsewhere').getByText('2 goals held by another service').waitFor();
    expect(await page.getByText('No goals yet').count()).toBe(0);
    await page.getByTestId('whanau-notes-hidden').waitFor();
    expect(await page.getByText(/dialysis/).count()).toBe(0);
    // She may still rename it (she works with Mere-Ana), but the notes are not offered.
    await page.getByRole('button', { name: 'Change the name' }).click();
    await page.getByLabel('Name of the whānau').waitFor();
    expect(await page.getByLabel('Notes (optional)').count()).toBe(0);
    await page.getByRole('button', { name: 'Cancel' }).click();
    // Nothing wider than the screen (the page's column grew to its longest button before).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await checkA11y(page);
    await mkdir(screens, { recursive: true });
    await page.screenshot({ path: `${screens}/whanau-second-service-${viewport.width}.png` });
    await page.context().close();
  });
});
