import { randomUUID } from 'node:crypto';
import path from 'node:path';
import sqlite3 from 'sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientDetail } from '@contract/clients';
import { collectionStatement } from '@contract/enrolments';
import type { StaffUser } from '@contract/users';
import { pageProblems, screenshot, startHarness, type Harness, type Staff } from './harness';
import { json } from './staff-helpers';

/**
 * Dates are New Zealand dates (issue 31, decision 115): a whānau enrols early in the morning in
 * New Zealand, when it is still the day before in UTC. With the phone's clock fixed at that
 * moment, "Create client" prefills the consent with New Zealand's date, a consent given in person
 * is dated today there, and the record keeps the moment the person agreed.
 */

const service = 'whanau_ora_support';
/**
 * The latest 18:43 UTC before now: early next morning in New Zealand (7:43 am in summer, 6:43 am
 * in winter) while UTC is still on the day before. Taken from today, not a fixed day, because the
 * client is now created through the outbox, whose operations carry the phone's time, and the
 * server refuses one older than it keeps operations (on 29 November 2026 it was 7:43 am NZDT).
 */
const morningAt = new Date();
morningAt.setUTCHours(18, 43, 0, 0);
if (morningAt.getTime() > Date.now()) morningAt.setUTCDate(morningAt.getUTCDate() - 1);
const morning = morningAt.toISOString();
/** That morning's New Zealand date, as the date field holds it and as the page shows it. */
const nzDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Auckland' }).format(morningAt);
const nzShown = new Intl.DateTimeFormat('en-NZ', { timeZone: 'Pacific/Auckland', day: 'numeric', month: 'short', year: 'numeric' }).format(morningAt);

let harness: Harness;
let kaimahi: Staff;
let managerToken: string;

beforeAll(async () => {
  harness = await startHarness();
  kaimahi = await harness.createStaff(1);
  managerToken = await harness.tokenFor(await harness.createStaff(2));
  const users = await json<StaffUser[]>(await harness.api('/api/users', { token: managerToken }));
  const account = users.find((user) => user.email === kaimahi.email);
  await json(
    await harness.api(`/api/users/${account?._id}`, {
      method: 'PATCH',
      token: managerToken,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ services: [service] }),
    }),
  );
});

afterAll(async () => {
  await harness?.close();
});

/** Sequelize's SQLite form of a time (`YYYY-MM-DD HH:MM:SS.SSS +00:00`). */
const sqliteTime = (iso: string) => `${iso.replace('T', ' ').replace('Z', '')} +00:00`;

/** Dates an enrolment as received and agreed to at `at`: the server takes its own time, so the test moves it. */
function enrolledAt(id: string, at: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const db = new sqlite3.Database(path.join(harness.server.dataDir, 'trust.sqlite'), (error) => {
      if (error) return reject(error);
      db.configure('busyTimeout', 10_000);
      db.run('UPDATE enrolments SET "consentedAt" = ?, "receivedAt" = ? WHERE id = ?', [sqliteTime(at), sqliteTime(at), id], (failed) =>
        db.close((closing) => (failed || closing ? reject(failed ?? closing) : resolve())),
      );
    });
  });
}

describe('early morning in New Zealand while it is still the day before in UTC', () => {
  it('"Create client" prefills the consent with New Zealand’s date, dates a consent given in person today, and keeps the moment', async () => {
    const person = { givenName: `Hine${randomUUID().slice(0, 4)}`, familyName: 'Te Awa', phone: '021 555 0743' };
    const enrolmentId = randomUUID();
    await json(
      await harness.api('/api/enrolments', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          _id: enrolmentId,
          serviceKey: service,
          ...person,
          suburb: 'Aranui',
          householdSize: 3,
          preferredContact: 'phone',
          consent: true,
          statementVersion: collectionStatement.version,
        }),
      }),
    );
    await enrolledAt(enrolmentId, morning);

    const page = await harness.newPage({ viewport: { width: 390, height: 844 } });
    await harness.signInWithPassword(page, kaimahi);
    await page.clock.setFixedTime(new Date(morning));
    await page.goto('/clients');
    await page.getByRole('button', { name: `Create client: ${person.givenName} ${person.familyName}` }).click();
    const form = page.getByRole('region', { name: 'New client' });
    const consentDay = form.getByLabel('Date consent was given');
    await expect(form.getByLabel('How consent was given').inputValue()).resolves.toBe('online');
    await expect(consentDay.inputValue()).resolves.toBe(nzDay);
    await screenshot(page, 'nz-dates-create-client-390');

    // Consent given in person instead, the day cleared first: today is New Zealand's day, not UTC's day before.
    await form.getByLabel('How consent was given').selectOption('');
    await consentDay.fill('');
    await form.getByLabel('How consent was given').selectOption('in person');
    await expect(consentDay.inputValue()).resolves.toBe(nzDay);

    // Back to the enrolment's own consent: the record keeps the moment the person agreed.
    await form.getByLabel('How consent was given').selectOption('online');
    await form.getByRole('button', { name: 'Create client' }).click();
    await page.waitForURL(/\/client\/[0-9a-f-]{36}$/);
    const clientId = page.url().split('/').pop()!;
    // Saved on the phone and sent by the outbox at once: on the server as soon as it has arrived.
    await expect.poll(async () => (await harness.api(`/api/clients/${clientId}`, { token: managerToken })).status, { timeout: 30_000 }).toBe(200);
    const client = await json<ClientDetail>(await harness.api(`/api/clients/${clientId}`, { token: managerToken }));
    expect(client.consent).toMatchObject({ how: 'online', at: morning });
    expect(client.enrolments).toEqual([expect.objectContaining({ _id: enrolmentId, status: 'enrolled' })]);
    await page.getByText(`Online, ${nzShown}`).waitFor();
    expect(pageProblems(page)).toEqual([]);
    await page.context().close();
  });
});
