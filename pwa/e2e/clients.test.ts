import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionStatement } from '@contract/enrolments';
import type { ClientDetail } from '@contract/clients';
import type { StaffUser } from '@contract/users';
import { checkA11y, pageProblems, screenshot, startHarness, type Harness, type Staff } from './harness';
import { json } from './staff-helpers';

/**
 * A kaimahi's week in the built app against the real server: an enrolment sent through the
 * public API reaches their inbox, becomes a client, gets a note and an edit, and moves the
 * dashboard; a manager exports the record and reads its audit trail; an edit made elsewhere
 * meanwhile is shown beside the kaimahi's and settled by them.
 */

const phone = { width: 390, height: 844 } as const;
const desktop = { width: 1440, height: 900 } as const;
const service = 'whanau_ora_support';

let harness: Harness;
let kaimahi: Staff;
let managerToken: string;

beforeAll(async () => {
  harness = await startHarness();
  kaimahi = await harness.createStaff(1);
  managerToken = await harness.tokenFor(await harness.createStaff(2));
});

afterAll(async () => {
  await harness?.close();
});

/**
 * axe on the page. The nav bar's language button (the language layer's, not this area's) shows
 * "MI" while its accessible name is a sentence, which axe flags at phone width: reported to the
 * lead, left out here so this file tests the client screens.
 */

/** An enrolment as a whānau member sends it from the public form. */
async function enrol(person: { givenName: string; familyName: string; phone: string }): Promise<string> {
  const _id = randomUUID();
  await json(
    await harness.api('/api/enrolments', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        _id,
        serviceKey: service,
        ...person,
        suburb: 'Aranui',
        householdSize: 4,
        preferredContact: 'phone',
        message: 'Kia ora, we would like some support for our whānau.',
        consent: true,
        statementVersion: collectionStatement.version,
      }),
    }),
  );
  return _id;
}

async function clientOf(id: string): Promise<ClientDetail> {
  return json<ClientDetail>(await harness.api(`/api/clients/${id}`, { token: managerToken }));
}

/** Signs in with the password, as a person does: the client screens open only with the device's copy made. */
async function signIn(page: Page, staff: Staff): Promise<void> {
  await harness.signInWithPassword(page, staff);
}

/** The number on the dashboard's "new enrolments waiting" card. */
async function dashboardNewCount(page: Page): Promise<number> {
  await page.goto('/dashboard');
  const value = page.getByTestId('new-enrolments').locator('.dashboard-stat__value');
  await value.waitFor();
  return Number((await value.textContent())?.replace(/\D/g, ''));
}

describe('a manager sets the services a kaimahi works on', () => {
  it('ticks Whānau Ora Support in /manage/users/{id} and the server keeps it', async () => {
    const users = await json<StaffUser[]>(await harness.api('/api/users', { token: managerToken }));
    const account = users.find((user) => user.email === kaimahi.email);
    expect(account?.services).toEqual([]);
    const page = await harness.newPage({ viewport: desktop });
    await signIn(page, await harness.createStaff(2));
    await page.goto(`/manage/users/${account!._id}`);
    const section = page.getByRole('region', { name: 'Services this person works on' });
    await section.getByRole('checkbox', { name: 'Whānau Ora Support' }).check();
    await section.getByRole('button', { name: 'Save services' }).click();
    await section.getByRole('status').filter({ hasText: 'Services saved.' }).waitFor();
    await screenshot(page, 'manage-user-services-1440');
    const after = await json<StaffUser>(await harness.api(`/api/users/${account!._id}`, { token: managerToken }));
    expect(after.services).toEqual([service]);
    expect(pageProblems(page)).toEqual([]);
    await page.context().close();
  });
});

describe.each([
  ['phone', phone],
  ['desktop', desktop],
] as const)('a kaimahi at %s width', (label, viewport) => {
  const width = viewport.width;
  const tag = randomUUID().slice(0, 4);
  const person = { givenName: `Aroha${tag}`, familyName: 'Tūhoe-Parata', phone: `021 555 ${String(1000 + width).slice(-4)}` };
  const name = `${person.givenName} ${person.familyName}`;
  let clientId = '';

  it('finds a new enrolment in the inbox, with the count on the dashboard and in the side menu', async () => {
    const page = await harness.newPage({ viewport });
    await signIn(page, kaimahi);
    const before = await dashboardNewCount(page);
    await enrol(person);
    // The dashboard asks again when the window gets focus; a fresh visit shows the new count.
    expect(await dashboardNewCount(page)).toBe(before + 1);
    await screenshot(page, `staff-dashboard-${width}`);
    await checkA11y(page);

    await page.goto('/clients');
    const card = page.getByRole('article', { name });
    await card.waitFor().catch(async (error: unknown) => {
      await screenshot(page, 'debug-inbox');
      throw error;
    });
    await expect(card.locator('.status-chip').textContent()).resolves.toBe('New');
    await screenshot(page, `clients-inbox-${width}`);
    await checkA11y(page);

    await page.getByRole('button', { name: 'Menu' }).click();
    const clientsLink = page.getByRole('link', { name: /CLIENTS/ });
    await expect(clientsLink.textContent()).resolves.toContain('CLIENTS');
    await page
      .getByTestId('new-enrolments-badge')
      .getByText(`${before + 1} new enrolment${before + 1 === 1 ? '' : 's'}`)
      .waitFor({ state: 'attached' });
    await page.getByRole('button', { name: 'Close menu' }).click();
    expect(pageProblems(page)).toEqual([]);
    await page.context().close();
  });

  it('creates the client from the enrolment, adds a note and edits a field', async () => {
    const page = await harness.newPage({ viewport });
    await signIn(page, kaimahi);
    await page.goto('/clients');
    await page.getByRole('button', { name: `Create client: ${name}` }).click();
    const form = page.getByRole('region', { name: 'New client' });
    // Prefilled from what the person sent.
    await expect(form.getByLabel('Given name').inputValue()).resolves.toBe(person.givenName);
    await expect(form.getByLabel('Family name').inputValue()).resolves.toBe(person.familyName);
    await expect(form.getByLabel('Suburb').inputValue()).resolves.toBe('Aranui');
    await expect(form.getByLabel('How consent was given').inputValue()).resolves.toBe('online');
    await screenshot(page, `client-create-${width}`);
    await checkA11y(page);
    // A bad input: its problem on its field, listed in a summary that takes focus (issue 22).
    await form.getByLabel('Given name').fill('');
    await form.getByLabel('Email').fill('not an address');
    await form.getByRole('button', { name: 'Create client' }).click();
    await form.locator('.error-summary').getByText('There are 2 things to fix').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('error-summary'))).toBe(true);
    await form.locator('.field__error', { hasText: 'Given name is required' }).waitFor();
    await form.locator('.field__error', { hasText: 'Please give a valid email address' }).waitFor();
    expect(await form.getByLabel('Given name').getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, `client-create-errors-${width}`);
    await checkA11y(page);
    await form.getByLabel('Given name').fill(person.givenName);
    await form.getByLabel('Email').fill('');
    await form.getByRole('button', { name: 'Create client' }).click();
    await page.waitForURL(/\/client\/[0-9a-f-]{36}$/);
    clientId = page.url().split('/').pop()!;
    await page.getByRole('heading', { level: 1, name }).waitFor();
    // Linked: the enrolment shows on the record, and the record on the server has it.
    await page.getByRole('region', { name: 'Enrolments' }).getByText('Whānau Ora Support').waitFor();
    expect((await clientOf(clientId)).enrolments.map((enrolment) => enrolment.serviceKey)).toEqual([service]);

    // An empty note: its problem on its field, in te reo for a te reo reader.
    const noteForm = page.locator('form.note-form');
    await page.getByRole('button', { name: 'Te reo Māori', exact: true }).click();
    await noteForm.getByRole('button', { name: 'Tāpiri tuhipoka' }).click();
    await noteForm.locator('.field__error', { hasText: 'Me whakakī tēnei.' }).waitFor();
    await noteForm.locator('.error-summary').getByText('Kotahi te mea hei whakatika').waitFor();
    expect(await noteForm.getByLabel('Tāpiri tuhipoka take').getAttribute('aria-invalid')).toBe('true');
    await checkA11y(page);
    await page.getByRole('button', { name: 'English', exact: true }).click();
    await page.getByRole('region', { name: 'Case notes' }).waitFor();

    const noteText = `Rang ${person.givenName}; visit booked for Thursday.`;
    const notes = page.getByRole('region', { name: 'Case notes' });
    await notes.getByLabel('Add a case note').fill(noteText);
    await notes.getByRole('button', { name: 'Add note' }).click();
    // Saved on this device first, then the server's note, with its author, once sent.
    const note = notes.locator('.note:not(.note--waiting)', { hasText: noteText });
    await note.waitFor();
    await expect(note.locator('.note__meta').textContent()).resolves.toMatch(new RegExp(`^${kaimahi.name}, `));

    await page.getByRole('button', { name: 'Edit details' }).click();
    const edit = page.getByRole('region', { name: 'Edit details' });
    await edit.getByLabel('Phone').fill('no digits');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await edit.locator('.error-summary').getByText('There is 1 thing to fix').waitFor();
    expect(await edit.getByLabel('Phone').getAttribute('aria-invalid')).toBe('true');
    await edit.getByLabel('Phone').fill(person.phone);
    await edit.getByLabel('Suburb').fill('Wainoni');
    await edit.getByLabel('Hapū').fill('Ngāti Huikai');
    await screenshot(page, `client-edit-${width}`);
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('status').filter({ hasText: 'Changes saved.' }).waitFor();
    const details = page.getByRole('region', { name: 'Details' });
    await details.getByText('Wainoni').waitFor();
    const saved = await clientOf(clientId);
    expect([saved.suburb, saved.hapu, saved.version]).toEqual(['Wainoni', 'Ngāti Huikai', 2]);
    // Newest first: the kaimahi's note, then the enrolment's message, which became the first note (issue 20).
    expect(saved.caseNotes.map((item) => item.text)).toEqual([noteText, 'Kia ora, we would like some support for our whānau.']);
    await screenshot(page, `client-${width}`);
    await checkA11y(page);
    expect(pageProblems(page)).toEqual([]);
    await page.context().close();
  });

  it('shows an edit made elsewhere meanwhile beside the kaimahi’s, and sends what they choose', async () => {
    const page = await harness.newPage({ viewport });
    await signIn(page, kaimahi);
    await page.goto(`/client/${clientId}`);
    await page.getByRole('button', { name: 'Edit details' }).click();
    const edit = page.getByRole('region', { name: 'Edit details' });
    await edit.getByLabel('Phone').fill('027 111 2222');
    await edit.getByLabel('Iwi').fill('Ngāi Tahu');

    // Meanwhile a manager changes the phone on the server.
    const current = await clientOf(clientId);
    await json(
      await harness.api(`/api/clients/${clientId}`, {
        method: 'PATCH',
        token: managerToken,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ _id: randomUUID(), baseVersion: current.version, changes: { phone: '03 555 1234' } }),
      }),
    );

    // The edit is saved on this device and sent at once; the clash comes back as the server's answer.
    await edit.getByRole('button', { name: 'Save changes' }).click();
    const conflict = page.getByRole('region', { name: 'Someone else changed this record' });
    await conflict.waitFor();
    await expect(conflict.getByTestId('mine-phone').textContent()).resolves.toBe('027 111 2222');
    await expect(conflict.getByTestId('theirs-phone').textContent()).resolves.toBe('03 555 1234');
    await conflict.getByText('Your other changes are saved with your choices: Iwi.').waitFor();
    // Nothing was written by the clashing edit, not even the field that did not clash.
    expect((await clientOf(clientId)).iwi).toBeNull();
    await screenshot(page, `client-conflict-${width}`);
    await checkA11y(page);

    await conflict.getByRole('radio', { name: 'Type another' }).check();
    await conflict.getByLabel('New value for Phone').fill('027 999 0000');
    await conflict.getByRole('button', { name: 'Save with these choices' }).click();
    await page.getByRole('status').filter({ hasText: 'Changes saved.' }).waitFor();
    const settled = await clientOf(clientId);
    expect([settled.phone, settled.iwi]).toEqual(['027 999 0000', 'Ngāi Tahu']);
    await page.getByRole('region', { name: 'Details' }).getByText('027 999 0000', { exact: true }).first().waitFor();
    expect(pageProblems(page)).toEqual([]);
    await page.context().close();
  });

  it('finds the client by search without macrons, in cards on a phone and a table on a desktop', async () => {
    const page = await harness.newPage({ viewport });
    await signIn(page, kaimahi);
    await page.goto('/clients?tab=clients');
    await page.getByLabel('Search clients').fill(`${person.givenName.toLowerCase()} tuhoe`);
    const link = page.getByRole('link', { name, exact: true }).filter({ visible: true });
    await link.waitFor();
    await expect(page.locator(label === 'phone' ? '.client-cards' : '.client-table').isVisible()).resolves.toBe(true);
    await screenshot(page, `clients-list-${width}`);
    await checkA11y(page);
    await link.click();
    await page.waitForURL(`**/client/${clientId}`);
    expect(pageProblems(page)).toEqual([]);
    await page.context().close();
  });

  it('lets a manager export the record and read its audit trail', async () => {
    const page = await harness.newPage({ viewport });
    await signIn(page, await harness.createStaff(2));
    await page.goto(`/client/${clientId}`);
    const audit = page.getByRole('region', { name: 'Audit trail' });
    for (const action of ['Viewed', 'Case note added', 'Changed']) await audit.getByText(action).first().waitFor();
    // Newest first, 20 a page: its making is on the last page (every read of the record is an event, so how many pages there are varies).
    const where = audit.locator('.pager__where');
    const pages = (await where.count()) === 0 ? 1 : Number(/of (\d+)$/.exec((await where.textContent()) ?? '')?.[1]);
    const turnTo = async (shown: number, button: 'Next' | 'Previous') => {
      await audit.getByRole('button', { name: button }).click();
      await audit.locator('.pager__where', { hasText: `Page ${shown} of ${pages}` }).waitFor();
    };
    for (let shown = 2; shown <= pages; shown += 1) await turnTo(shown, 'Next');
    await audit.getByText('Created').first().waitFor();
    for (let shown = pages - 1; shown >= 1; shown -= 1) await turnTo(shown, 'Previous');

    const exportSection = page.getByRole('region', { name: "Export this person's data" });
    const [download] = await Promise.all([page.waitForEvent('download'), exportSection.getByRole('button', { name: 'Download CSV' }).click()]);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv).toContain(person.givenName);
    expect(download.suggestedFilename()).toBe(`client-${clientId}.csv`);
    const [jsonDownload] = await Promise.all([page.waitForEvent('download'), exportSection.getByRole('button', { name: 'Download JSON' }).click()]);
    const exported = JSON.parse(await readFile((await jsonDownload.path())!, 'utf8')) as unknown;
    expect(JSON.stringify(exported)).toContain(person.givenName);
    // The export itself is in the trail, newest first.
    await expect(audit.locator('.audit-list__action').first().textContent()).resolves.toBe('Data exported');
    await screenshot(page, `client-manager-${width}`);
    await checkA11y(page);
    expect(pageProblems(page)).toEqual([]);
    await page.context().close();
  });

  it('moves the enrolment along from the inbox', async () => {
    // Another person's: the first one's enrolment was enrolled when their client was made from it (issue 31).
    const next = { ...person, givenName: `Hine${tag}`, phone: `021 556 ${String(1000 + width).slice(-4)}` };
    const nextName = `${next.givenName} ${next.familyName}`;
    await enrol(next);
    const page = await harness.newPage({ viewport });
    await signIn(page, kaimahi);
    await page.goto('/clients');
    await page.getByRole('button', { name: `Mark contacted: ${nextName}` }).click();
    // It leaves the list of new enrolments.
    await page.getByRole('article', { name: nextName }).waitFor({ state: 'detached' });
    await page.getByLabel('Enrolment status').selectOption('contacted');
    const card = page.getByRole('article', { name: nextName });
    await expect(card.locator('.status-chip').textContent()).resolves.toBe('Contacted');
    expect(pageProblems(page)).toEqual([]);
    await page.context().close();
  });
});

describe('staff code stays off public pages', () => {
  it('loads no client, clients or dashboard chunk on the home and services pages', async () => {
    const page = await harness.newPage({ viewport: phone });
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.goto('/services');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((pathname) => /\/(clients?|dashboard)-[\w-]+\.js$/.test(pathname))).toEqual([]);
    await page.context().close();
  });
});
