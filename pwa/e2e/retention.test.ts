import { randomUUID } from 'node:crypto';
import path from 'node:path';
import sqlite3 from 'sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientDetail, RetentionCandidate } from '@contract/clients';
import type { Page as ApiPage } from '@contract/common';
import { alertShown, checkA11y, pageProblems, recordAlerts, screenshot, startHarness, type Harness } from './harness';
import { json } from './staff-helpers';

/**
 * /manage/retention (Privacy Act IPP 9, decision 089) as a manager uses it: the people with no
 * contact for RETENTION_YEARS, archived or erased after a confirmation, and what the API answers
 * after. RETENTION_YEARS is at least 1, so the test makes two people quiet for eight years by
 * moving their rows' times back in the server's SQLite file, as the server tests do.
 */

let harness: Harness;
let token: string;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.close();
});

const headers = { 'content-type': 'application/json' };
const eightYearsAgo = new Date(Date.now() - 8 * 365.25 * 24 * 60 * 60 * 1000);

/** A client made through the API by the manager, with a case note. */
async function createClient(givenName: string, familyName: string): Promise<ClientDetail> {
  const client = await json<ClientDetail>(
    await harness.api('/api/clients', {
      method: 'POST',
      token,
      headers,
      body: JSON.stringify({ _id: randomUUID(), givenName, familyName, phone: '021 555 0404', email: `${familyName.toLowerCase()}@example.org.nz` }),
    }),
  );
  await json(
    await harness.api(`/api/clients/${client._id}/notes`, {
      method: 'POST',
      token,
      headers,
      body: JSON.stringify({ _id: randomUUID(), text: 'Talked about the whare' }),
    }),
  );
  return client;
}

/** Sequelize's SQLite form of a time (`YYYY-MM-DD HH:MM:SS.SSS +00:00`), which the server compares as text. */
const sqliteTime = (at: Date) => `${at.toISOString().replace('T', ' ').replace('Z', '')} +00:00`;

/** Moves the record and case notes of these clients back to `at`: no contact since. */
function makeQuiet(ids: string[], at: Date): Promise<void> {
  const file = path.join(harness.server.dataDir, 'trust.sqlite');
  const marks = ids.map(() => '?').join(', ');
  return new Promise((resolve, reject) => {
    const db = new sqlite3.Database(file, (error) => {
      if (error) return reject(error);
      db.configure('busyTimeout', 10_000);
      db.serialize(() => {
        db.run(`UPDATE clients SET "updatedAt" = ? WHERE id IN (${marks})`, [sqliteTime(at), ...ids]);
        db.run(`UPDATE case_notes SET "createdAt" = ? WHERE "clientId" IN (${marks})`, [sqliteTime(at), ...ids], (failed) =>
          db.close((closing) => (failed || closing ? reject(failed ?? closing) : resolve())),
        );
      });
    });
  });
}

describe('the retention screen', () => {
  it('lists the people with no contact for years; a manager archives one and erases another after confirming', async () => {
    const phone = await harness.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    ({ token } = await harness.loginAs(phone, 2));
    const toArchive = await createClient('Aroha', 'Quietwater');
    const toErase = await createClient('Hemi', 'Longago');
    const recent = await createClient('Tama', 'Recent');
    // Hemi's whānau is named after him, and its notes name him: the erase dialog offers to rewrite both (decision 110).
    const whanauId = randomUUID();
    const linkId = randomUUID();
    const made = await json<{ results: { status: string }[] }>(
      await harness.api('/api/sync', {
        method: 'POST',
        token,
        headers,
        body: JSON.stringify({
          mutations: [
            {
              _id: whanauId,
              kind: 'whanau.create',
              entityId: whanauId,
              payload: { name: 'Te Whānau o Hemi Longago', notes: 'Hemi Longago is the one to ring.' },
            },
            { _id: linkId, kind: 'member.link', entityId: linkId, payload: { whanauId, clientId: toErase._id, relationship: 'parent' } },
          ],
        }),
      }),
    );
    expect(made.results.map((result) => result.status)).toEqual(['applied', 'applied']);
    await makeQuiet([toArchive._id, toErase._id], eightYearsAgo);

    const listed = await json<ApiPage<RetentionCandidate>>(await harness.api('/api/clients/retention', { token }));
    expect(listed.items.map((item) => item._id)).toEqual([toArchive._id, toErase._id].sort());

    // The way in: /manage, near the audit trail link.
    await phone.goto('/manage');
    await phone.getByRole('link', { name: 'People with no contact for years: archive or erase (Privacy Act)' }).click();
    await phone.getByRole('heading', { level: 1, name: 'People with no recent contact' }).waitFor();
    const people = phone.getByRole('region', { name: 'People to review' });
    await people.getByRole('link', { name: 'Aroha Quietwater' }).waitFor();
    expect(
      await people
        .getByRole('listitem')
        .filter({ has: phone.getByRole('button', { name: 'Archive' }) })
        .count(),
    ).toBe(2);
    expect(await people.innerText()).not.toContain('Tama Recent');
    expect(await people.innerText()).toContain('2 people');
    const year = String(eightYearsAgo.getFullYear());
    expect(await people.getByRole('listitem').filter({ hasText: 'Hemi Longago' }).innerText()).toContain(`Last contact`);
    expect(await people.getByRole('listitem').filter({ hasText: 'Hemi Longago' }).innerText()).toContain(year);
    await checkA11y(phone);
    await screenshot(phone, 'retention-390');

    const desk = await harness.newPage({ viewport: { width: 1440, height: 900 } });
    await recordAlerts(desk);
    await harness.loginAs(desk, 2);
    await desk.goto('/manage/retention');
    const list = desk.getByRole('region', { name: 'People to review' });
    await list.getByRole('link', { name: 'Aroha Quietwater' }).waitFor();
    await screenshot(desk, 'retention-1440');

    // A refusal arrives in the error shape and is shown as the server's message, in the reader's language.
    const aroha = list.getByRole('listitem').filter({ hasText: 'Aroha Quietwater' });
    await desk.route('**/api/clients/*/archive', (route) =>
      route.fulfill({ status: 404, contentType: 'application/json', body: JSON.stringify({ errors: [{ msg: 'Client not found', code: 'not_found' }] }) }),
    );
    await aroha.getByRole('button', { name: 'Archive' }).click();
    const dialog = desk.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Archive' }).click();
    await alertShown(desk, 'Client not found', 'danger');
    await desk.unrouteAll();

    // Archive: asked first; Cancel changes nothing.
    await aroha.getByRole('button', { name: 'Archive' }).click();
    await dialog.getByRole('heading', { name: 'Archive Aroha Quietwater?' }).waitFor();
    expect(await dialog.innerText()).toContain('Managers can still read the record.');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await json<ApiPage<RetentionCandidate>>(await harness.api('/api/clients/retention', { token }))).total).toBe(2);

    await aroha.getByRole('button', { name: 'Archive' }).click();
    await dialog.getByRole('button', { name: 'Archive' }).click();
    const result = desk.getByRole('status').filter({ hasText: 'Aroha Quietwater was archived on' });
    await result.waitFor();
    await aroha.waitFor({ state: 'detached' });
    await list.getByText('1 person', { exact: true }).waitFor();
    expect(await result.innerText()).toContain('read-only and out of every caseload');

    const archived = await json<ClientDetail>(await harness.api(`/api/clients/${toArchive._id}`, { token }));
    expect(archived.givenName).toBe('Aroha');
    const edit = await harness.api(`/api/clients/${toArchive._id}`, {
      method: 'PATCH',
      token,
      headers,
      body: JSON.stringify({ _id: randomUUID(), baseVersion: archived.version, changes: { suburb: 'Aranui' } }),
    });
    expect(edit.status).toBe(409);
    expect(((await edit.json()) as { errors: { msg: string }[] }).errors[0]?.msg).toBe('This record is archived: it can be read but not changed');

    // Erase: the dialog says plainly it cannot be undone.
    const hemi = list.getByRole('listitem').filter({ hasText: 'Hemi Longago' });
    await hemi.getByRole('button', { name: 'Erase' }).click();
    await dialog.getByRole('heading', { name: 'Erase Hemi Longago?' }).waitFor();
    expect(await dialog.innerText()).toContain('This cannot be undone.');
    const whanau = dialog.getByRole('region', { name: 'Whānau of Hemi Longago' });
    const group = whanau.getByRole('group', { name: 'Te Whānau o Hemi Longago' });
    expect(await group.getByLabel('Whānau name').inputValue()).toBe('Te Whānau o Hemi Longago');
    expect(await group.getByLabel('Whānau notes').inputValue()).toBe('Hemi Longago is the one to ring.');
    await group.getByLabel('Whānau name').fill('Te Whānau');
    await group.getByLabel('Whānau notes').fill('');
    await checkA11y(desk);
    await screenshot(desk, 'retention-erase-dialog-1440', { fullPage: false });
    await desk.setViewportSize({ width: 390, height: 844 });
    await screenshot(desk, 'retention-erase-dialog-390', { fullPage: false });
    await desk.setViewportSize({ width: 1440, height: 900 });
    await dialog.getByRole('button', { name: 'Erase for good' }).click();
    await desk.getByRole('status').filter({ hasText: 'Hemi Longago’s details were erased on' }).waitFor();
    await list.getByText('No one has gone without contact that long.').waitFor();
    await checkA11y(desk);
    await screenshot(desk, 'retention-done-1440');

    const erased = await json<ClientDetail>(await harness.api(`/api/clients/${toErase._id}`, { token }));
    expect(erased).toMatchObject({ givenName: '', familyName: '', phone: null, email: null, caseNotes: [] });
    const trail = await json<ApiPage<{ action: string; fields?: string[] }>>(await harness.api(`/api/clients/${toErase._id}/audit`, { token }));
    expect(trail.items.some((event) => event.action === 'update' && event.fields?.includes('givenName'))).toBe(true);
    expect((await json<ApiPage<RetentionCandidate>>(await harness.api('/api/clients/retention', { token }))).total).toBe(0);
    const rewritten = await json<{ name: string; notes: string | null }>(await harness.api(`/api/whanau/${whanauId}`, { token }));
    expect(rewritten).toMatchObject({ name: 'Te Whānau', notes: null });
    // The person with recent contact was never listed and is untouched.
    expect((await json<ClientDetail>(await harness.api(`/api/clients/${recent._id}`, { token }))).givenName).toBe('Tama');

    expect(pageProblems(phone)).toEqual([]);
    expect(pageProblems(desk)).toEqual([]);
  });
});
