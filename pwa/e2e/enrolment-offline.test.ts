import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientDetail } from '@contract/clients';
import { collectionStatement, type EnrolmentListItem } from '@contract/enrolments';
import type { StaffUser } from '@contract/users';
import { checkA11y, pageProblems, screenshot, startHarness, type Harness, type Staff } from './harness';
import { createClient, json, newDevice, offlineFaults, withServerStopped } from './staff-helpers';

/**
 * Enrolments with no signal (issue 33, "the last second paths"), in the built app against the real
 * server, "no signal" being the server stopped. A kaimahi moves one enrolment along in the inbox,
 * makes a client from another, and marks a client's enrolment completed on the client page: each
 * shows at once, marked as waiting; back in signal each arrives once, as the API shows.
 */

const phone = { width: 390, height: 844 } as const;
const desktop = { width: 1440, height: 900 } as const;
const service = 'whanau_ora_support';
const headers = { 'content-type': 'application/json' };

let harness: Harness;
let kaimahi: Staff;
let token: string;

beforeAll(async () => {
  harness = await startHarness();
  kaimahi = await harness.createStaff(1);
  token = await harness.tokenFor(kaimahi);
  // A kaimahi of Whānau Ora Support, as a manager sets it.
  const managerToken = await harness.tokenFor(await harness.createStaff(2));
  const users = await json<StaffUser[]>(await harness.api('/api/users', { token: managerToken }));
  const account = users.find((user) => user.email === kaimahi.email);
  await json(await harness.api(`/api/users/${account?._id}`, { method: 'PATCH', token: managerToken, headers, body: JSON.stringify({ services: [service] }) }));
});

afterAll(async () => {
  await harness?.close();
});

type Person = { givenName: string; familyName: string; phone: string };

/** An enrolment as a whānau member sends it from the public form. */
async function enrol(person: Person): Promise<string> {
  const _id = randomUUID();
  await json(
    await harness.api('/api/enrolments', {
      method: 'POST',
      headers,
      body: JSON.stringify({
        _id,
        serviceKey: service,
        ...person,
        preferredContact: 'phone',
        consent: true,
        statementVersion: collectionStatement.version,
      }),
    }),
  );
  return _id;
}

/** The enrolment as the server holds it now (found by the person's family name, which is theirs alone). */
async function enrolmentOf(familyName: string): Promise<EnrolmentListItem> {
  const page = await json<{ items: EnrolmentListItem[] }>(await harness.api(`/api/enrolments?q=${encodeURIComponent(familyName)}`, { token }));
  expect(page.items).toHaveLength(1);
  return page.items[0]!;
}

describe('enrolments with no signal', () => {
  it('a status change and a client made from an enrolment wait on the phone, shown at once, and each arrives once back in signal', async () => {
    const tag = randomUUID().slice(0, 6).replace(/\d/g, 'k');
    const moving: Person = { givenName: 'Aroha', familyName: `Moana${tag}`, phone: '021 555 0401' };
    const making: Person = { givenName: 'Piripi', familyName: `Mahuika${tag}`, phone: '021 555 0402' };
    const keptPerson: Person = { givenName: 'Kahu', familyName: `Pōtae${tag}`, phone: '021 555 0403' };
    await enrol(moving);
    await enrol(making);
    // A client of the kaimahi's (so kept on the phone), made from an enrolment: enrolled.
    const keptEnrolment = await enrol(keptPerson);
    const kept = await json<ClientDetail>(
      await harness.api(`/api/clients?fromEnrolment=${keptEnrolment}`, {
        method: 'POST',
        token,
        headers,
        body: JSON.stringify({ _id: randomUUID(), givenName: keptPerson.givenName, familyName: keptPerson.familyName }),
      }),
    );
    const keptVersion = kept.enrolments[0]?.version ?? 0;
    expect(kept.enrolments[0]?.status).toBe('enrolled');

    const movingName = `${moving.givenName} ${moving.familyName}`;
    const makingName = `${making.givenName} ${making.familyName}`;
    const keptName = `${keptPerson.givenName} ${keptPerson.familyName}`;
    const page = await newDevice(harness, phone);
    await harness.signInWithPassword(page, kaimahi);
    // The inbox as loaded with signal: both new enrolments.
    const movingCard = page.getByRole('article', { name: movingName });
    const makingCard = page.getByRole('article', { name: makingName });
    await movingCard.waitFor({ timeout: 30_000 });
    await makingCard.waitFor();

    let newClientId = '';
    await withServerStopped(harness, async () => {
      // Moved along in the inbox: the new status at once, marked as waiting.
      await page.getByRole('button', { name: `Mark contacted: ${movingName}` }).click();
      await movingCard.locator('.status-chip--waiting', { hasText: 'Contacted' }).waitFor();
      await movingCard.locator('.status-with-state__state', { hasText: 'Saved on this device' }).waitFor();

      // A client made from the other: saved here, its page opened from what the phone holds.
      await page.getByRole('button', { name: `Create client: ${makingName}` }).click();
      const form = page.getByRole('region', { name: 'New client' });
      await expect(form.getByLabel('Family name').inputValue()).resolves.toBe(making.familyName);
      await form.getByRole('button', { name: 'Create client' }).click();
      await page.waitForURL(/\/client\/[0-9a-f-]{36}$/);
      newClientId = new URL(page.url()).pathname.split('/').pop() ?? '';
      await page.getByText('Saved on this device. It goes to the server when there is signal.').waitFor();
      await page.getByRole('heading', { level: 1, name: makingName }).waitFor();

      // Back in the inbox, as last loaded: both cards say what waits, and no second client can be made.
      await page.getByRole('link', { name: 'Back to clients' }).click();
      await makingCard.locator('.status-chip--waiting', { hasText: 'Enrolled' }).waitFor();
      await makingCard.locator('.status-with-state__state', { hasText: 'Saved on this device' }).waitFor();
      expect(await makingCard.getByRole('link', { name: 'Open client record' }).getAttribute('href')).toBe(`/client/${newClientId}`);
      expect(await makingCard.getByRole('button', { name: `Create client: ${makingName}` }).count()).toBe(0);
      await movingCard.locator('.status-chip--waiting', { hasText: 'Contacted' }).waitFor();
      await page.getByTestId('waiting-count').getByText('2 changes waiting to be sent').waitFor();
      await page.getByTestId('sync-item').filter({ hasText: 'Enrolment status: Contacted' }).waitFor();
      await page
        .getByTestId('sync-item')
        .filter({ hasText: `New client: ${makingName}` })
        .waitFor();
      await checkA11y(page);
      await screenshot(page, 'enrolment-offline-inbox-390');
      await page.setViewportSize(desktop);
      await screenshot(page, 'enrolment-offline-inbox-1440');
      await page.setViewportSize(phone);

      // On a kept client's page: their enrolment marked completed, shown at once, listed with the client's changes.
      await page.getByRole('link', { name: 'Clients', exact: true }).and(page.locator('.clients-tabs__tab')).click();
      await page.getByRole('link', { name: keptName }).first().click();
      await page.getByText('No signal: this is the copy kept on this device.').waitFor();
      const enrolments = page.getByRole('region', { name: 'Enrolments' });
      await enrolments.getByRole('button', { name: `Mark completed: ${keptName}, Whānau Ora Support` }).click();
      await enrolments.locator('.status-chip--waiting', { hasText: 'Completed' }).waitFor();
      await enrolments.locator('.status-with-state__state', { hasText: 'Saved on this device' }).waitFor();
      await page.getByTestId('waiting-count').getByText('1 change waiting to be sent').waitFor();
      await page.getByTestId('sync-item').filter({ hasText: 'Enrolment status: Completed' }).waitFor();
      await checkA11y(page);
      await screenshot(page, 'enrolment-offline-client-390');
      await page.setViewportSize(desktop);
      await screenshot(page, 'enrolment-offline-client-1440');
      await page.setViewportSize(phone);
    });

    // Signal again: "Send now", and the page shows what the server holds.
    await page.getByRole('button', { name: 'Send now' }).click();
    const enrolments = page.getByRole('region', { name: 'Enrolments' });
    await enrolments.locator('.status-chip--waiting').waitFor({ state: 'detached', timeout: 60_000 });
    await enrolments.locator('.status-chip', { hasText: 'Completed' }).waitFor({ timeout: 30_000 });
    await page.getByTestId('waiting-count').getByText('Nothing waiting: every change is sent.').waitFor({ timeout: 30_000 });

    // Each arrived once: one version step each, one client, linked and enrolled.
    await expect.poll(async () => (await enrolmentOf(moving.familyName)).status, { timeout: 30_000 }).toBe('contacted');
    expect(await enrolmentOf(moving.familyName)).toMatchObject({ status: 'contacted', version: 2, clientId: null });
    await expect.poll(async () => (await enrolmentOf(making.familyName)).clientId, { timeout: 30_000 }).toBe(newClientId);
    expect(await enrolmentOf(making.familyName)).toMatchObject({ status: 'enrolled', version: 2 });
    const made = await json<{ total: number; items: ClientDetail[] }>(await harness.api(`/api/clients?q=${encodeURIComponent(making.familyName)}`, { token }));
    expect(made.total).toBe(1);
    expect(made.items[0]?._id).toBe(newClientId);
    const keptNow = await json<ClientDetail>(await harness.api(`/api/clients/${kept._id}`, { token }));
    expect(keptNow.enrolments).toEqual([expect.objectContaining({ _id: keptEnrolment, status: 'completed', version: keptVersion + 1 })]);

    // The inbox of new enrolments, asked again: neither is new any more.
    await page.getByRole('link', { name: 'Back to clients' }).click();
    await page.getByTestId('waiting-count').getByText('Nothing waiting: every change is sent.').waitFor();
    await movingCard.waitFor({ state: 'detached', timeout: 30_000 });
    await makingCard.waitFor({ state: 'detached', timeout: 30_000 });
    expect(offlineFaults(page)).toEqual([]);
    await page.context().close();
  });

  it('links an enrolment to the client it matches through the outbox: the client’s page shows it once sent, and it is linked once', async () => {
    const tag = randomUUID().slice(0, 6).replace(/\d/g, 'k');
    const person: Person = { givenName: 'Mere', familyName: `Tāwhiri${tag}`, phone: '021 555 0404' };
    const client = await createClient(harness, token, { givenName: person.givenName, familyName: person.familyName, phone: person.phone });
    await enrol(person);
    const name = `${person.givenName} ${person.familyName}`;
    const page = await newDevice(harness, desktop);
    await harness.signInWithPassword(page, kaimahi);
    await page.getByRole('button', { name: `Link to a client: ${name}` }).click();
    // The same phone: offered as a likely match.
    await page.getByRole('button', { name: `Link: ${name}` }).click();
    await page.waitForURL(`**/client/${client._id}`);
    await page.getByRole('region', { name: 'Enrolments' }).locator('.status-chip', { hasText: 'Enrolled' }).waitFor({ timeout: 30_000 });
    await page.getByTestId('waiting-count').getByText('Nothing waiting: every change is sent.').waitFor();
    // Linking enrols it, once.
    expect(await enrolmentOf(person.familyName)).toMatchObject({ clientId: client._id, status: 'enrolled', version: 2 });
    expect(pageProblems(page)).toEqual([]);
    await page.context().close();
  });
});
