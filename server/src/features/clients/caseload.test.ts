import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient, buildEnrolment, buildNote } from '../../../test/factories';
import { buildUser, startTestServer, type TestApi } from '../../../test/helpers';
import type { Client } from '../../db/models/client';
import { sequelize } from '../../db/sequelize';
import { caseloadCursorOverlapMs } from './caseload.service';

let api: TestApi;
let manager: Awaited<ReturnType<typeof buildUser>>;
let kaimahi: Awaited<ReturnType<typeof buildUser>>;
let otherKaimahi: Awaited<ReturnType<typeof buildUser>>;

beforeAll(async () => {
  api = await startTestServer();
  manager = await buildUser({ access: 2, name: 'Mere Manager' });
  kaimahi = await buildUser({ access: 1, name: 'Hemi Kaimahi', services: ['whanau_ora_support'] });
  otherKaimahi = await buildUser({ access: 1, name: 'Ani Kaimahi', services: ['raised_gardens'] });
});
afterAll(() => api.close());

/** Moves a record's times into the past, as if it had not changed for a while. */
const longAgo = new Date(Date.now() - 24 * 60 * 60_000);
async function age(client: Client) {
  // Plain SQL: the models' hooks would stamp the time again.
  await sequelize.query('UPDATE clients SET "updatedAt" = :longAgo WHERE id = :id', { replacements: { longAgo, id: client.id } });
  await sequelize.query('UPDATE enrolments SET "updatedAt" = :longAgo WHERE "clientId" = :id', { replacements: { longAgo, id: client.id } });
}

describe('GET /api/clients/caseload', () => {
  it("gives a kaimahi every client of their caseload with notes and enrolments, and nobody else's", async () => {
    const mine = await buildClient({ givenName: 'Tūhoe', familyName: 'Whānau' });
    const enrolment = await buildEnrolment({ serviceKey: 'whanau_ora_support', clientId: mine.id });
    await buildNote({ clientId: mine.id, authorId: kaimahi.user.id, text: 'Rang about the kai parcel' });
    const created = await buildClient({ givenName: 'Made', familyName: 'ByMe', createdBy: kaimahi.user.id });
    const notMine = await buildClient({ givenName: 'Other', familyName: 'Service' });
    await buildEnrolment({ serviceKey: 'raised_gardens', clientId: notMine.id });

    const res = await api.get('/api/clients/caseload', { token: kaimahi.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body.ids).toEqual(expect.arrayContaining([mine.id, created.id]));
    expect(res.body.ids).not.toContain(notMine.id);
    const page = res.body.clients.find((client: { _id: string }) => client._id === mine.id);
    expect(page).toMatchObject({ givenName: 'Tūhoe', familyName: 'Whānau', version: 1 });
    expect(page.enrolments).toEqual([expect.objectContaining({ _id: enrolment.id, serviceKey: 'whanau_ora_support' })]);
    expect(page.caseNotes).toEqual([expect.objectContaining({ text: 'Rang about the kai parcel', authorName: 'Hemi Kaimahi' })]);
    expect(res.body.clients.map((client: { _id: string }) => client._id)).not.toContain(notMine.id);
    expect(Date.parse(res.body.cursor)).toBeLessThanOrEqual(Date.now() - caseloadCursorOverlapMs + 1000);
  });

  it('with since, sends only the clients whose record, notes or enrolments changed, and always every id', async () => {
    const unchanged = await buildClient({ givenName: 'Quiet', familyName: 'One', createdBy: otherKaimahi.user.id });
    const edited = await buildClient({ givenName: 'Edited', familyName: 'One', createdBy: otherKaimahi.user.id });
    const noted = await buildClient({ givenName: 'Noted', familyName: 'One', createdBy: otherKaimahi.user.id });
    const linked = await buildClient({ givenName: 'Linked', familyName: 'One' });
    const enrolment = await buildEnrolment({ serviceKey: 'raised_gardens', clientId: linked.id });
    for (const client of [unchanged, edited, noted, linked]) await age(client);
    const since = new Date(longAgo.getTime() + 60_000).toISOString();

    const quiet = await api.get(`/api/clients/caseload?since=${encodeURIComponent(since)}`, { token: otherKaimahi.token });
    expect(quiet.status).toBe(200);
    expect(quiet.body.clients.map((client: { _id: string }) => client._id)).not.toEqual(expect.arrayContaining([unchanged.id]));

    const edit = await api.patch(`/api/clients/${edited.id}`, {
      token: otherKaimahi.token,
      json: { _id: crypto.randomUUID(), baseVersion: 1, changes: { suburb: 'Aranui' } },
    });
    expect(edit.status).toBe(200);
    const note = await api.post(`/api/clients/${noted.id}/notes`, {
      token: otherKaimahi.token,
      json: { _id: crypto.randomUUID(), text: 'Dropped off seedlings' },
    });
    expect(note.status).toBe(201);
    const status = await api.patch(`/api/enrolments/${enrolment.id}`, {
      token: otherKaimahi.token,
      json: { _id: crypto.randomUUID(), baseVersion: enrolment.version, changes: { status: 'contacted' } },
    });
    expect(status.status).toBe(200);

    const res = await api.get(`/api/clients/caseload?since=${encodeURIComponent(since)}`, { token: otherKaimahi.token });
    const sent = res.body.clients.map((client: { _id: string }) => client._id);
    expect(sent).toEqual(expect.arrayContaining([edited.id, noted.id, linked.id]));
    expect(sent).not.toContain(unchanged.id);
    expect(res.body.ids).toEqual(expect.arrayContaining([unchanged.id, edited.id, noted.id, linked.id]));
    expect(res.body.clients.find((client: { _id: string }) => client._id === edited.id)).toMatchObject({ suburb: 'Aranui', version: 2 });
  });

  it('a client who leaves the caseload drops out of the ids', async () => {
    const client = await buildClient({ givenName: 'Moving', familyName: 'On' });
    const enrolment = await buildEnrolment({ serviceKey: 'whanau_ora_support', clientId: client.id });
    expect((await api.get('/api/clients/caseload', { token: kaimahi.token })).body.ids).toContain(client.id);
    await enrolment.update({ serviceKey: 'raised_gardens' });
    expect((await api.get('/api/clients/caseload', { token: kaimahi.token })).body.ids).not.toContain(client.id);
  });

  it('gives a manager the clients they created or opened, not the whole register', async () => {
    const opened = await buildClient({ givenName: 'Opened', familyName: 'ByManager' });
    const untouched = await buildClient({ givenName: 'Never', familyName: 'Opened' });
    expect((await api.get(`/api/clients/${opened.id}`, { token: manager.token })).status).toBe(200);
    const res = await api.get('/api/clients/caseload', { token: manager.token });
    expect(res.body.ids).toContain(opened.id);
    expect(res.body.ids).not.toContain(untouched.id);
  });

  it('refuses a since that is not a cursor, and anyone not signed in', async () => {
    const bad = await api.get('/api/clients/caseload?since=yesterday', { token: kaimahi.token });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([expect.objectContaining({ param: 'since', msg: 'Since must be the cursor of an earlier answer' })]);
    expect((await api.get('/api/clients/caseload')).status).toBe(401);
  });
});

describe('the offline search rule in the contract', () => {
  it("gives the same terms and words as the server's search", async () => {
    const { clientSearchTerms, clientSearchWords } = await import('../../../contract/client-search');
    const { searchTermsOf } = await import('../../db/models/client');
    const { searchWords } = await import('./clients.service');
    const samples = [
      { givenName: 'Tūhoe', familyName: 'Te Whānau-ā-Apanui', preferredName: 'Tu', phone: '+64 21 555 0101', email: 'Tu.Hoe@Example.org' },
      { givenName: 'Mere', familyName: "O'Brien", preferredName: null, phone: '03 555 0199', email: null },
      { givenName: 'Ngaio', familyName: 'Kāretu', preferredName: null, phone: null, email: 'ngaio@example.nz' },
    ];
    for (const sample of samples) expect(clientSearchTerms(sample).sort()).toEqual(searchTermsOf(sample).sort());
    for (const q of ['whanau', ' Te  Whā ', '021 555', '+64 (21) 555', 'tu.hoe@example.org', 'ā-apa', 'x'])
      expect(clientSearchWords(q)).toEqual(searchWords(q));
  });
});
