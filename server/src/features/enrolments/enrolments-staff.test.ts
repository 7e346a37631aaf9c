import crypto from 'node:crypto';
import { nzToday } from '../../../contract/nz-days';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient, buildEnrolment } from '../../../test/factories';
import { buildUser, startTestServer, type TestApi } from '../../../test/helpers';
import { AuditEvent } from '../../db/models/audit-event';
import { Enrolment } from '../../db/models/enrolment';

/** The kaimahi's side of enrolments: need-to-know in the inbox, moving enrolments along, linking them. */
let api: TestApi;
let manager: Awaited<ReturnType<typeof buildUser>>;
let whanauKaimahi: Awaited<ReturnType<typeof buildUser>>;
let gardensKaimahi: Awaited<ReturnType<typeof buildUser>>;
beforeAll(async () => {
  api = await startTestServer();
  manager = await buildUser({ access: 2, name: 'Mere Manager' });
  whanauKaimahi = await buildUser({ access: 1, name: 'Hemi Kaimahi', services: ['whanau_ora_support'] });
  gardensKaimahi = await buildUser({ access: 1, name: 'Ani Kaimahi', services: ['raised_gardens'] });
});
afterAll(() => api.close());

const newId = () => crypto.randomUUID();
/** The funder report's "accepted" for Whānau Ora Support this month so far, in New Zealand days (the report's own days). */
async function accepted(): Promise<number> {
  const today = nzToday();
  const report = await api.get(`/api/reports?from=${today.slice(0, 8)}01&to=${today}&services=whanau_ora_support`, { token: manager.token });
  expect(report.status).toBe(200);
  return report.body.tables.enrolments.rows.find((row: { key: string }) => row.key === 'whanau_ora_support').values.accepted as number;
}
const patch = (token: string, id: string, baseVersion: number, changes: Record<string, unknown>, opId = newId()) =>
  api.patch(`/api/enrolments/${id}`, { token, json: { _id: opId, baseVersion, changes } });

describe('GET /api/enrolments for kaimahi', () => {
  it('lists only the enrolments of the caller’s services; a kaimahi with none sees none', async () => {
    const marker = `Q${crypto.randomBytes(4).toString('hex')}`;
    const whanau = await buildEnrolment({ serviceKey: 'whanau_ora_support', familyName: marker });
    const gardens = await buildEnrolment({ serviceKey: 'raised_gardens', familyName: marker });
    const ids = async (token: string) => (await api.get(`/api/enrolments?q=${marker}`, { token })).body.items.map((item: { _id: string }) => item._id);
    expect(await ids(whanauKaimahi.token)).toEqual([whanau.id]);
    expect(await ids(gardensKaimahi.token)).toEqual([gardens.id]);
    expect((await ids(manager.token)).sort()).toEqual([whanau.id, gardens.id].sort());
    const nobody = await buildUser({ access: 1 });
    expect((await api.get('/api/enrolments', { token: nobody.token })).body).toEqual({ items: [], total: 0, page: 1, pageSize: 50 });
    expect((await api.get('/api/enrolments?service=raised_gardens', { token: whanauKaimahi.token })).body.total).toBe(0);
  });

  it('searches names ignoring case and macrons, and phone digits; counts new ones with status=new', async () => {
    const marker = `Q${crypto.randomBytes(4).toString('hex')}`;
    const mine = await buildEnrolment({ givenName: 'Tūhoe', familyName: `Rangi ${marker}`, phone: '021 444 5555' });
    await buildEnrolment({ familyName: `Other ${marker}`, status: 'contacted' });
    const found = await api.get(`/api/enrolments?q=tuhoe ${marker.toLowerCase()}`, { token: whanauKaimahi.token });
    expect(found.body.items.map((item: { _id: string }) => item._id)).toEqual([mine.id]);
    expect(found.body.items[0]).toMatchObject({ clientId: null, version: 1, status: 'new' });
    const byPhone = await api.get(`/api/enrolments?q=${encodeURIComponent('021 444 5555')}`, { token: whanauKaimahi.token });
    expect(byPhone.body.items.map((item: { _id: string }) => item._id)).toContain(mine.id);
    const fresh = await api.get(`/api/enrolments?status=new&q=${marker}&pageSize=1`, { token: whanauKaimahi.token });
    expect(fresh.body.total).toBe(1);
  });
});

describe('PATCH /api/enrolments/{id}', () => {
  it('moves an enrolment along (version + 1) and records a status event', async () => {
    const enrolment = await buildEnrolment();
    const res = await patch(whanauKaimahi.token, enrolment.id, 1, { status: 'contacted' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: enrolment.id, status: 'contacted', version: 2, clientId: null });
    const events = await AuditEvent.findAll({ where: { entityId: enrolment.id } });
    expect(events.map((event) => [event.action, event.details])).toEqual([['status', { from: 'new', to: 'contacted' }]]);
    expect((await patch(whanauKaimahi.token, enrolment.id, 2, { status: 'enrolled' })).body).toMatchObject({ status: 'enrolled', version: 3 });
    expect((await patch(whanauKaimahi.token, enrolment.id, 3, { status: 'completed' })).status).toBe(200);
  });

  it('refuses moves the workflow does not allow with 409, writing nothing', async () => {
    const enrolment = await buildEnrolment({ status: 'completed' });
    const res = await patch(whanauKaimahi.token, enrolment.id, 1, { status: 'new' });
    expect(res.status).toBe(409);
    expect(res.body.errors).toEqual([expect.objectContaining({ msg: 'An enrolment that is completed cannot become new', param: 'changes.status' })]);
    expect((await Enrolment.findByPk(enrolment.id))?.version).toBe(1);
    expect(await AuditEvent.count({ where: { entityId: enrolment.id } })).toBe(0);
    const declined = await buildEnrolment();
    expect((await patch(whanauKaimahi.token, declined.id, 1, { status: 'declined' })).status).toBe(200);
    expect((await patch(whanauKaimahi.token, declined.id, 2, { status: 'contacted' })).status).toBe(409);
  });

  it('links an enrolment to a client the caller may see, recorded on the client’s trail', async () => {
    const enrolment = await buildEnrolment();
    const client = await buildClient({ createdBy: whanauKaimahi.user.id });
    const res = await patch(whanauKaimahi.token, enrolment.id, 1, { clientId: client.id, status: 'contacted' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ clientId: client.id, status: 'contacted', version: 2 });
    const trail = await AuditEvent.findAll({ where: { clientId: client.id }, order: [['seq', 'ASC']] });
    expect(trail.map((event) => event.action)).toEqual(['link', 'status']);
    // The client's page now lists it.
    const page = await api.get(`/api/clients/${client.id}`, { token: whanauKaimahi.token });
    expect(page.body.enrolments.map((item: { _id: string }) => item._id)).toEqual([enrolment.id]);
  });

  it('answers 404 when linking to a client the caller may not see, writing nothing', async () => {
    const enrolment = await buildEnrolment();
    const hidden = await buildClient();
    const res = await patch(whanauKaimahi.token, enrolment.id, 1, { clientId: hidden.id });
    expect(res.status).toBe(404);
    expect(res.body.errors).toEqual([expect.objectContaining({ msg: 'Client not found' })]);
    expect((await Enrolment.findByPk(enrolment.id))?.clientId).toBeNull();
  });

  it('answers 409 with the conflict when the status changed since the base version; other fields merge', async () => {
    const enrolment = await buildEnrolment();
    expect((await patch(manager.token, enrolment.id, 1, { status: 'contacted' })).status).toBe(200);
    const clash = await patch(whanauKaimahi.token, enrolment.id, 1, { status: 'declined' });
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({
      conflicts: [{ field: 'status', mine: 'declined', theirs: 'contacted' }],
      record: { _id: enrolment.id, status: 'contacted', version: 2 },
    });
    const client = await buildClient({ createdBy: whanauKaimahi.user.id });
    const merged = await patch(whanauKaimahi.token, enrolment.id, 1, { clientId: client.id });
    expect(merged.status).toBe(200);
    // Linking a client to a contacted enrolment enrols it.
    expect(merged.body).toMatchObject({ status: 'enrolled', clientId: client.id, version: 3 });
  });

  it('enrols a new or contacted enrolment when a client is linked, never a declined one, and the report counts it accepted', async () => {
    const serviceKey = 'whanau_ora_support';
    const before = await accepted();
    const fresh = await buildEnrolment({ serviceKey });
    const declined = await buildEnrolment({ serviceKey });
    expect((await patch(manager.token, declined.id, 1, { status: 'declined' })).status).toBe(200);
    const client = await buildClient({ createdBy: whanauKaimahi.user.id });
    const linked = await patch(whanauKaimahi.token, fresh.id, 1, { clientId: client.id });
    expect(linked.body).toMatchObject({ status: 'enrolled', clientId: client.id, version: 2 });
    const stays = await patch(manager.token, declined.id, 2, { clientId: client.id });
    expect(stays.body).toMatchObject({ status: 'declined', clientId: client.id, version: 3 });
    const trail = await AuditEvent.findAll({ where: { entityId: fresh.id }, order: [['seq', 'ASC']] });
    expect(trail.map((event) => [event.action, event.details])).toEqual([
      ['link', { enrolmentId: fresh.id }],
      ['status', { from: 'new', to: 'enrolled' }],
    ]);
    expect(await accepted()).toBe(before + 1);
  });

  it('enrols through the sync kinds too: a client made offline and linked by enrolment.update, never a completed one', async () => {
    const before = await accepted();
    const fresh = await buildEnrolment({ serviceKey: 'whanau_ora_support' });
    const completed = await buildEnrolment({ serviceKey: 'whanau_ora_support', status: 'completed' });
    const clientId = newId();
    const mutations = [
      { _id: clientId, kind: 'client.create', entityId: clientId, payload: { givenName: 'Ngaio', familyName: 'Tāwhiri' } },
      { _id: newId(), kind: 'enrolment.update', entityId: fresh.id, baseVersion: 1, payload: { clientId } },
      { _id: newId(), kind: 'enrolment.update', entityId: completed.id, baseVersion: 1, payload: { clientId } },
    ];
    const res = await api.post('/api/sync', { token: whanauKaimahi.token, json: { mutations } });
    expect(res.status).toBe(200);
    expect(res.body.results.map((result: { status: string }) => result.status)).toEqual(['applied', 'applied', 'applied']);
    expect(res.body.results[1].record).toMatchObject({ _id: fresh.id, clientId, status: 'enrolled', version: 2 });
    expect(res.body.results[2].record).toMatchObject({ _id: completed.id, clientId, status: 'completed', version: 2 });
    const trail = await AuditEvent.findAll({ where: { entityId: fresh.id }, order: [['seq', 'ASC']] });
    expect(trail.map((event) => [event.action, event.details])).toEqual([
      ['link', { enrolmentId: fresh.id }],
      ['status', { from: 'new', to: 'enrolled' }],
    ]);
    expect(await AuditEvent.count({ where: { entityId: completed.id, action: 'status' } })).toBe(0);
    // The completed one counted as accepted already; only the new one is added.
    expect(await accepted()).toBe(before + 2);
  });

  it('is exactly once per operation id', async () => {
    const enrolment = await buildEnrolment();
    const opId = newId();
    const first = await patch(whanauKaimahi.token, enrolment.id, 1, { status: 'contacted' }, opId);
    const again = await patch(whanauKaimahi.token, enrolment.id, 1, { status: 'contacted' }, opId);
    expect(again.text).toBe(first.text);
    expect(await AuditEvent.count({ where: { entityId: enrolment.id } })).toBe(1);
    expect((await patch(whanauKaimahi.token, enrolment.id, 1, { status: 'declined' }, opId)).status).toBe(409);
  });

  it('answers 404 to a kaimahi of another service and for a guessed id; 400 with every problem; 401/403 rules', async () => {
    const enrolment = await buildEnrolment();
    expect((await patch(gardensKaimahi.token, enrolment.id, 1, { status: 'contacted' })).status).toBe(404);
    expect((await patch(manager.token, newId(), 1, { status: 'contacted' })).status).toBe(404);
    const bad = await api.patch(`/api/enrolments/${enrolment.id}`, {
      token: whanauKaimahi.token,
      json: { _id: 'x', baseVersion: 'one', changes: { status: 'done' } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      expect.objectContaining({ msg: 'Must be a valid id', param: '_id' }),
      expect.objectContaining({ msg: 'Base version must be a number', param: 'baseVersion' }),
      expect.objectContaining({ msg: 'Status must be one of: new, contacted, enrolled, completed, declined', param: 'changes.status' }),
    ]);
    const empty = await patch(whanauKaimahi.token, enrolment.id, 1, {});
    expect(empty.body.errors).toEqual([expect.objectContaining({ msg: 'Give a status or a client to link', param: 'changes' })]);
    expect((await api.patch(`/api/enrolments/${enrolment.id}`, { json: {} })).status).toBe(401);
    expect((await Enrolment.findByPk(enrolment.id))?.version).toBe(1);
  });
});

describe('GET /api/clients/duplicates?enrolment=ID', () => {
  it('suggests clients the caller may see who may be the person who enrolled', async () => {
    const enrolment = await buildEnrolment({ givenName: 'Hōhepa', familyName: 'Kereama', dateOfBirth: '1980-01-02', phone: '022 101 2020' });
    const samePerson = await buildClient({ givenName: 'Hohepa', familyName: 'Kereama', dateOfBirth: '1980-01-02', createdBy: whanauKaimahi.user.id });
    const samePhone = await buildClient({ givenName: 'Joe', familyName: 'K', phone: '+64 22 101 2020', createdBy: whanauKaimahi.user.id });
    await buildClient({ givenName: 'Hohepa', familyName: 'Kereama', dateOfBirth: '1980-01-02' });
    const res = await api.get(`/api/clients/duplicates?enrolment=${enrolment.id}`, { token: whanauKaimahi.token });
    expect(res.status).toBe(200);
    expect(res.body.map((item: { client: { _id: string } }) => item.client._id).sort()).toEqual([samePerson.id, samePhone.id].sort());
    expect((await api.get(`/api/clients/duplicates?enrolment=${enrolment.id}`, { token: gardensKaimahi.token })).status).toBe(404);
    const bad = await api.get('/api/clients/duplicates', { token: manager.token });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([expect.objectContaining({ param: 'enrolment' })]);
  });
});
