import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient, buildEnrolment } from '../../../test/factories';
import { buildUser, startTestServer, type TestApi } from '../../../test/helpers';
import { FieldChange } from '../../db/models/field-change';
import { Contact, Goal, NoteCorrection, WhanauMember } from '../../db/models/whanau';

/** What issue 20 adds to client records: phone last digits, the enrolment's message, field history, erasure of case work. */
let api: TestApi;
let manager: Awaited<ReturnType<typeof buildUser>>;
let kaimahi: Awaited<ReturnType<typeof buildUser>>;
beforeAll(async () => {
  api = await startTestServer();
  manager = await buildUser({ access: 2, name: 'Mere Manager' });
  kaimahi = await buildUser({ access: 1, name: 'Hemi Kaimahi', services: ['whanau_ora_support'] });
});
afterAll(() => api.close());

const newId = () => crypto.randomUUID();
const create = (kind: string, payload: Record<string, unknown>, id = newId()) => ({ _id: id, kind, entityId: id, payload });
const sync = async (mutations: unknown[], token = kaimahi.token) =>
  (await api.post('/api/sync', { token, json: { mutations } })).body.results as { status: string }[];

describe('search by the last digits of a phone', () => {
  it('finds "021 555 4567" by 4567 and by 554567, not by digits in its middle, and a name search still works', async () => {
    const client = await buildClient({ givenName: 'Kiri', familyName: 'Paewai', phone: '021 555 4567', createdBy: kaimahi.user.id });
    const found = async (q: string) =>
      (await api.get(`/api/clients?q=${encodeURIComponent(q)}`, { token: kaimahi.token })).body.items.map((item: { _id: string }) => item._id);
    expect(await found('4567')).toContain(client.id);
    expect(await found('55 4567')).toContain(client.id);
    expect(await found('021 555')).toContain(client.id);
    expect(await found('5545')).not.toContain(client.id);
    expect(await found('paewai')).toEqual([client.id]);
  });
});

describe('creating a client from an enrolment', () => {
  it('makes the enrolment’s message the first case note, under the enrolment’s service', async () => {
    const enrolment = await buildEnrolment({ serviceKey: 'whanau_ora_support', message: 'Kia ora, we need help with\nhousing for our tamariki' });
    const res = await api.post(`/api/clients?fromEnrolment=${enrolment.id}`, {
      token: kaimahi.token,
      json: { _id: newId(), givenName: 'Rawiri', familyName: 'Tane' },
    });
    expect(res.status).toBe(201);
    expect(res.body.caseNotes).toEqual([
      expect.objectContaining({ text: 'Kia ora, we need help with\nhousing for our tamariki', serviceKey: 'whanau_ora_support', authorName: 'Hemi Kaimahi' }),
    ]);
    const quiet = await buildEnrolment({ serviceKey: 'whanau_ora_support', message: null });
    const none = await api.post(`/api/clients?fromEnrolment=${quiet.id}`, {
      token: kaimahi.token,
      json: { _id: newId(), givenName: 'Aroha', familyName: 'Tane' },
    });
    expect(none.body.caseNotes).toEqual([]);
  });
});

describe('GET /api/clients/{id}/history', () => {
  it('tells a manager who changed which field from what to what, newest first; kaimahi get 403', async () => {
    const client = await buildClient({ createdBy: kaimahi.user.id, suburb: 'Linwood' });
    const edit = (baseVersion: number, changes: Record<string, unknown>, token = kaimahi.token) =>
      api.patch(`/api/clients/${client.id}`, { token, json: { _id: newId(), baseVersion, changes } });
    expect((await edit(1, { suburb: 'Aranui' })).status).toBe(200);
    expect((await edit(2, { phone: '021 555 0000', suburb: null }, manager.token)).status).toBe(200);
    const res = await api.get(`/api/clients/${client.id}/history`, { token: manager.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 3, page: 1 });
    expect(res.body.items.map((item: Record<string, unknown>) => [item.actorName, item.field, item.from, item.to])).toEqual([
      ['Mere Manager', 'suburb', 'Aranui', null],
      ['Mere Manager', 'phone', null, '021 555 0000'],
      ['Hemi Kaimahi', 'suburb', 'Linwood', 'Aranui'],
    ]);
    expect((await api.get(`/api/clients/${client.id}/history`, { token: kaimahi.token })).status).toBe(403);
    expect((await api.get(`/api/clients/${newId()}/history`, { token: manager.token })).status).toBe(404);
    expect((await api.get(`/api/clients/${client.id}/history?pageSize=0`, { token: manager.token })).body.errors).toEqual([
      expect.objectContaining({ param: 'pageSize' }),
    ]);
  });
});

describe('erasing a client', () => {
  it('leaves no summary, goal text, correction, membership or field history about them', async () => {
    const client = await buildClient({ givenName: 'Erased', familyName: 'Person' });
    await buildEnrolment({ serviceKey: 'whanau_ora_support', clientId: client.id });
    const whanau = create('whanau.create', { name: 'Person', leadClientId: client.id });
    const link = create('member.link', { whanauId: whanau._id, clientId: client.id, relationship: 'parent' });
    const goal = create('goal.create', {
      whanauId: whanau._id,
      clientId: client.id,
      area: 'health',
      text: 'See a GP about their asthma',
      serviceKey: 'whanau_ora_support',
    });
    const contact = create('contact.create', {
      clientId: client.id,
      on: '2026-11-25',
      kind: 'phone',
      minutes: 10,
      serviceKey: 'whanau_ora_support',
      summary: 'Talked about their asthma',
    });
    const fix = create('note.correct', { correctsNoteId: contact._id, text: 'Talked about asthma and housing', reason: 'Missed a topic' });
    expect((await sync([whanau, link, goal, contact, fix])).map((result) => result.status)).toEqual(Array(5).fill('applied'));
    await api.patch(`/api/clients/${client.id}`, { token: kaimahi.token, json: { _id: newId(), baseVersion: 1, changes: { suburb: 'Aranui' } } });
    expect(await FieldChange.count({ where: { clientId: client.id } })).toBe(1);

    const erased = await api.post(`/api/clients/${client.id}/erase`, { token: manager.token });
    expect(erased.status).toBe(200);
    expect((await Contact.findByPk(contact._id))?.summary).toBe('');
    expect((await Goal.findByPk(goal._id))?.text).toBe('');
    expect(await NoteCorrection.count({ where: { id: fix._id } })).toBe(0);
    expect(await WhanauMember.count({ where: { clientId: client.id } })).toBe(0);
    expect(await FieldChange.count({ where: { clientId: client.id } })).toBe(0);
    const page = (await api.get(`/api/whanau/${whanau._id}`, { token: manager.token })).body;
    expect(page.leadClientId).toBeNull();
    expect(JSON.stringify(page)).not.toMatch(/asthma|Erased/);
  });
});
