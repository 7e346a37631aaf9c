import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient, buildEnrolment, buildNote } from '../../../test/factories';
import { buildUser, startTestServer, type TestApi } from '../../../test/helpers';
import { AuditEvent } from '../../db/models/audit-event';
import { CaseNote } from '../../db/models/case-note';
import { Enrolment } from '../../db/models/enrolment';
import { sequelize } from '../../db/sequelize';
import type { Client } from '../../db/models/client';

let api: TestApi;
let manager: Awaited<ReturnType<typeof buildUser>>;
let kaimahi: Awaited<ReturnType<typeof buildUser>>;
beforeAll(async () => {
  api = await startTestServer();
  manager = await buildUser({ access: 2, name: 'Mere Manager' });
  kaimahi = await buildUser({ access: 1, services: ['whanau_ora_support'] });
});
afterAll(() => api.close());

const eightYearsAgo = new Date(Date.now() - 8 * 365.25 * 24 * 60 * 60 * 1000);

/** A client of Whānau Ora untouched for eight years: record, enrolment and note. */
async function quietClient(familyName = `Quiet${crypto.randomUUID().slice(0, 6)}`): Promise<Client> {
  const client = await buildClient({ familyName, phone: '021 555 0303' });
  await buildEnrolment({ serviceKey: 'whanau_ora_support', clientId: client.id, givenName: 'Hine', familyName, phone: '021 555 0303' });
  await buildNote({ clientId: client.id, authorId: kaimahi.user.id, text: 'Talked about the whare', createdAt: eightYearsAgo });
  for (const table of ['clients', 'enrolments']) {
    const column = table === 'clients' ? 'id' : '"clientId"';
    await sequelize.query(`UPDATE ${table} SET "updatedAt" = :at WHERE ${column} = :id`, { replacements: { at: eightYearsAgo, id: client.id } });
  }
  return client;
}

describe('GET /api/clients/retention', () => {
  it('lists the people with no contact for seven years, and not those with a recent note', async () => {
    const quiet = await quietClient();
    const recent = await quietClient();
    await buildNote({ clientId: recent.id, authorId: kaimahi.user.id });
    const res = await api.get('/api/clients/retention?pageSize=200', { token: manager.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const ids = res.body.items.map((item: { _id: string }) => item._id);
    expect(ids).toContain(quiet.id);
    expect(ids).not.toContain(recent.id);
    const item = res.body.items.find((candidate: { _id: string }) => candidate._id === quiet.id);
    expect(item).toEqual({ _id: quiet.id, givenName: 'Hine', familyName: quiet.familyName, lastContactAt: expect.any(String) });
    expect(Date.parse(item.lastContactAt)).toBeLessThan(Date.now() - 7 * 365 * 24 * 60 * 60 * 1000);
  });

  it('is for managers only, and lists every bad paging value', async () => {
    expect((await api.get('/api/clients/retention', { token: kaimahi.token })).status).toBe(403);
    const bad = await api.get('/api/clients/retention?page=0&pageSize=500', { token: manager.token });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((error: { param: string }) => error.param).sort()).toEqual(['page', 'pageSize']);
  });
});

describe('POST /api/clients/{id}/archive', () => {
  it('takes the person out of every kaimahi view and caseload, keeps them readable by managers, and refuses changes', async () => {
    const client = await quietClient();
    const caseloadBefore = await api.get('/api/clients/caseload', { token: kaimahi.token });
    expect(caseloadBefore.body.ids).toContain(client.id);
    const archived = await api.post(`/api/clients/${client.id}/archive`, { token: manager.token });
    expect(archived.status).toBe(200);
    expect(archived.body).toEqual({ _id: client.id, archivedAt: expect.any(String), erasedAt: null });

    expect((await api.get('/api/clients/caseload', { token: kaimahi.token })).body.ids).not.toContain(client.id);
    expect((await api.get(`/api/clients/${client.id}`, { token: kaimahi.token })).status).toBe(404);
    expect((await api.get(`/api/clients?q=${client.familyName}`, { token: kaimahi.token })).body.total).toBe(0);
    expect((await api.get(`/api/clients/${client.id}`, { token: manager.token })).status).toBe(200);
    const edit = await api.patch(`/api/clients/${client.id}`, {
      token: manager.token,
      json: { _id: crypto.randomUUID(), baseVersion: 2, changes: { suburb: 'Aranui' } },
    });
    expect(edit.status).toBe(409);
    expect(edit.body).toEqual({ errors: [{ msg: 'This record is archived: it can be read but not changed', code: 'conflict' }] });
    const note = await api.post(`/api/clients/${client.id}/notes`, { token: manager.token, json: { _id: crypto.randomUUID(), text: 'Hello' } });
    expect(note.status).toBe(409);
    expect((await api.get(`/api/clients/retention?pageSize=200`, { token: manager.token })).body.items.map((item: { _id: string }) => item._id)).not.toContain(
      client.id,
    );
    // Again: the same answer and one event.
    expect((await api.post(`/api/clients/${client.id}/archive`, { token: manager.token })).status).toBe(200);
    const events = await AuditEvent.findAll({ where: { clientId: client.id, action: 'update' } });
    expect(events.map((event) => event.fields)).toEqual([['archivedAt']]);
  });

  it('answers 403 to a kaimahi, 404 to an unknown id and 400 to a bad one, changing nothing', async () => {
    const client = await quietClient();
    expect((await api.post(`/api/clients/${client.id}/archive`, { token: kaimahi.token })).status).toBe(403);
    const unknown = await api.post(`/api/clients/${crypto.randomUUID()}/archive`, { token: manager.token });
    expect(unknown.body).toEqual({ errors: [{ msg: 'Client not found', code: 'not_found' }] });
    const bad = await api.post('/api/clients/nope/erase', { token: manager.token });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([expect.objectContaining({ msg: 'Must be a valid id', param: 'id' })]);
    expect((await api.get(`/api/clients/${client.id}`, { token: kaimahi.token })).status).toBe(200);
  });
});

describe('POST /api/clients/{id}/erase', () => {
  it('removes the personal fields, notes and enrolment details, keeping a tombstone and the audit trail', async () => {
    const client = await quietClient();
    await api.get(`/api/clients/${client.id}`, { token: manager.token });
    const erased = await api.post(`/api/clients/${client.id}/erase`, { token: manager.token });
    expect(erased.status).toBe(200);
    expect(erased.body).toEqual({ _id: client.id, archivedAt: expect.any(String), erasedAt: expect.any(String) });

    const tombstone = await api.get(`/api/clients/${client.id}`, { token: manager.token });
    expect(tombstone.body).toMatchObject({ _id: client.id, givenName: '', familyName: '', phone: null, caseNotes: [] });
    // The phone as stored and as bare digits (a bare '555' can turn up in a UUID or a time).
    for (const phone of ['021 555 0303', '0215550303']) expect(tombstone.text).not.toContain(phone);
    expect(await CaseNote.count({ where: { clientId: client.id } })).toBe(0);
    const enrolment = await Enrolment.findOne({ where: { clientId: client.id } });
    expect(enrolment).toMatchObject({ givenName: '', familyName: '', phone: null });
    expect((await api.get(`/api/clients?q=${client.familyName}`, { token: manager.token })).body.total).toBe(0);

    const trail = await api.get(`/api/clients/${client.id}/audit`, { token: manager.token });
    // Newest first: the view of the tombstone, the erasure, the view before it.
    expect(trail.body.items.map((event: { action: string }) => event.action)).toEqual(['view', 'update', 'view']);
    expect(trail.body.items[1]).toMatchObject({ actorName: 'Mere Manager', details: { erased: 'true', notes: '1', enrolments: '1' } });
    for (const phone of ['021 555 0303', '0215550303']) expect(trail.text).not.toContain(phone);
  });
});
