import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient, buildEnrolment } from '../../../test/factories';
import { buildUser, startTestServer, type TestApi } from '../../../test/helpers';
import { AuditEvent } from '../../db/models/audit-event';
import { CaseNote } from '../../db/models/case-note';
import { Client } from '../../db/models/client';
import { Operation } from '../../db/models/operation';
import { Task, Whanau } from '../../db/models/whanau';

/** Issue 31 item 1: a record keeps when it was written on the device beside when the server received it. */
let api: TestApi;
let kaimahi: Awaited<ReturnType<typeof buildUser>>;
beforeAll(async () => {
  api = await startTestServer();
  kaimahi = await buildUser({ access: 1, name: 'Hemi Kaimahi', services: ['whanau_ora_support'] });
});
afterAll(() => api.close());

const newId = () => crypto.randomUUID();
const sync = (mutations: unknown[]) => api.post('/api/sync', { token: kaimahi.token, json: { mutations } });
const create = (kind: string, payload: Record<string, unknown>, writtenAt?: string, id = newId()) => ({
  _id: id,
  kind,
  entityId: id,
  payload,
  ...(writtenAt === undefined ? {} : { writtenAt }),
});
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 60 * 60_000);
const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60_000);

async function enrolledClient() {
  const client = await buildClient({ givenName: 'Hine', familyName: 'Walker', createdBy: kaimahi.user.id });
  await buildEnrolment({ serviceKey: 'whanau_ora_support', clientId: client.id });
  return client;
}

describe('writtenAt through POST /api/sync', () => {
  it('keeps the written time of every kind of record beside the received time, in answers, pages and the audit trail', async () => {
    const hine = await enrolledClient();
    // Written at 7:54 this morning on the phone (12 hours ago), received now.
    const written = hoursAgo(12);
    const iso = written.toISOString();
    const whanau = create('whanau.create', { name: 'Te Whānau o Walker' }, iso);
    const link = create('member.link', { whanauId: whanau._id, clientId: hine.id, relationship: 'parent' }, iso);
    const goal = create('goal.create', { whanauId: whanau._id, area: 'housing', text: 'A warm, dry home', serviceKey: 'whanau_ora_support' }, iso);
    const task = create('task.create', { whanauId: whanau._id, text: 'Call Kāinga Ora', dueOn: '2026-12-09' }, iso);
    const contact = create(
      'contact.create',
      { whanauId: whanau._id, on: '2026-11-28', kind: 'phone', minutes: 10, serviceKey: 'whanau_ora_support', summary: 'Rang Hine' },
      iso,
    );
    const correction = create('note.correct', { correctsNoteId: contact._id, text: 'Rang Hine twice', reason: 'Missed one' }, iso);
    const note = create('note.create', { clientId: hine.id, text: 'Met at the marae' }, iso);
    const client = create('client.create', { givenName: 'Tama', familyName: 'Walker' }, iso);
    const mutations = [whanau, link, goal, task, contact, correction, note, client];
    const started = Date.now();
    const res = await sync(mutations);
    expect(res.status).toBe(200);
    expect(res.body.results.map((result: { status: string }) => result.status)).toEqual(mutations.map(() => 'applied'));
    const records = res.body.results.map((result: { record: { writtenAt?: string; createdAt?: string } }) => result.record);
    for (const [index, record] of records.entries()) {
      if (index === 1) continue; // a membership is a link, not a record written
      expect(record.writtenAt).toBe(iso);
      expect(Date.parse(record.createdAt ?? '')).toBeGreaterThanOrEqual(started - 1000);
    }
    // As the pages read them again.
    const page = (await api.get(`/api/whanau/${whanau._id}`, { token: kaimahi.token })).body;
    expect(page.writtenAt).toBe(iso);
    expect(page.tasks.find((one: { _id: string }) => one._id === task._id).writtenAt).toBe(iso);
    const clientPage = (await api.get(`/api/clients/${hine.id}`, { token: kaimahi.token })).body;
    expect(clientPage.caseNotes.find((one: { _id: string }) => one._id === note._id)).toMatchObject({ writtenAt: iso, text: 'Met at the marae' });
    expect((await Whanau.findByPk(whanau._id))?.writtenAt.toISOString()).toBe(iso);
    expect((await CaseNote.findByPk(note._id))?.writtenAt.toISOString()).toBe(iso);
    // The create's audit event says when it was written.
    const event = await AuditEvent.findOne({ where: { entity: 'note', entityId: note._id } });
    expect(event?.details).toMatchObject({ writtenAt: iso });
    // A resend is a duplicate and changes nothing.
    const again = await sync([note]);
    expect(again.body.results[0]).toMatchObject({ status: 'duplicate', record: { writtenAt: iso } });
  });

  it('treats a mutation without a written time as written when received', async () => {
    const hine = await enrolledClient();
    const task = create('task.create', { clientId: hine.id, text: 'Ring the school', dueOn: '2026-12-09' });
    const before = Date.now();
    const res = await sync([task]);
    expect(res.body.results[0]).toMatchObject({ status: 'applied' });
    const kept = await Task.findByPk(task._id);
    expect(kept?.writtenAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(Math.abs((kept?.writtenAt.getTime() ?? 0) - (kept?.createdAt.getTime() ?? 0))).toBeLessThan(1000);
  });

  it('refuses a written time in the future or older than operations are kept, that mutation only', async () => {
    const hine = await enrolledClient();
    const future = create('note.create', { clientId: hine.id, text: 'From tomorrow' }, new Date(Date.now() + 10 * 60_000).toISOString());
    const slightlyAhead = create('note.create', { clientId: hine.id, text: 'Clock a minute fast' }, new Date(Date.now() + 60_000).toISOString());
    const old = create('task.create', { clientId: hine.id, text: 'Long ago', dueOn: '2026-10-01' }, daysAgo(31).toISOString());
    const monthOld = create('task.create', { clientId: hine.id, text: 'Four weeks on the phone', dueOn: '2026-10-01' }, daysAgo(28).toISOString());
    const res = await sync([future, slightlyAhead, old, monthOld]);
    expect(res.status).toBe(200);
    expect(res.body.results.map((result: { status: string }) => result.status)).toEqual(['rejected', 'applied', 'rejected', 'applied']);
    expect(res.body.results[0].errors).toEqual([
      { msg: 'Written at is in the future: check the date and time on the device', param: 'writtenAt', code: 'written_in_future' },
    ]);
    expect(res.body.results[2].errors).toEqual([
      { msg: 'Written at is more than 30 days ago, longer than the server keeps operations', param: 'writtenAt', code: 'written_too_long_ago' },
    ]);
    expect(await CaseNote.count({ where: { id: future._id } })).toBe(0);
    expect(await Task.count({ where: { id: old._id } })).toBe(0);
    expect(await Operation.count({ where: { id: [future._id, old._id] } })).toBe(0);
  });

  it('refuses a written time that is not a time, naming the mutation and the field', async () => {
    const res = await sync([create('task.create', { text: 'Ring', dueOn: '2026-12-09' }, 'yesterday morning')]);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { msg: 'Written at must be a date and time like 2026-11-28T07:54:00.000+13:00', param: 'mutations.0.writtenAt', code: 'invalid_date' },
    ]);
  });
});

describe('writtenAt through the direct routes', () => {
  it('keeps the written time of a client and a note made by POST, and refuses one in the future or too old', async () => {
    const written = hoursAgo(3).toISOString();
    const clientId = newId();
    const made = await api.post('/api/clients', { token: kaimahi.token, json: { _id: clientId, givenName: 'Aroha', familyName: 'Ngata', writtenAt: written } });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ _id: clientId, writtenAt: written });
    expect((await Client.findByPk(clientId))?.writtenAt.toISOString()).toBe(written);
    const created = await AuditEvent.findOne({ where: { entity: 'client', entityId: clientId, action: 'create' } });
    expect(created?.details).toEqual({ writtenAt: written });
    expect(created?.fields).not.toContain('writtenAt');

    const noteId = newId();
    const note = await api.post(`/api/clients/${clientId}/notes`, { token: kaimahi.token, json: { _id: noteId, text: 'First visit', writtenAt: written } });
    expect(note.status).toBe(201);
    expect(note.body).toMatchObject({ _id: noteId, writtenAt: written });

    const ahead = await api.post(`/api/clients/${clientId}/notes`, {
      token: kaimahi.token,
      json: { _id: newId(), text: 'Ahead', writtenAt: new Date(Date.now() + 60 * 60_000).toISOString() },
    });
    expect(ahead.status).toBe(400);
    expect(ahead.body).toEqual({
      errors: [{ msg: 'Written at is in the future: check the date and time on the device', param: 'writtenAt', code: 'written_in_future' }],
    });
    const old = await api.post('/api/clients', {
      token: kaimahi.token,
      json: { _id: newId(), givenName: 'Old', familyName: 'Record', writtenAt: daysAgo(45).toISOString() },
    });
    expect(old.status).toBe(400);
    expect(old.body.errors).toEqual([
      { msg: 'Written at is more than 30 days ago, longer than the server keeps operations', param: 'writtenAt', code: 'written_too_long_ago' },
    ]);
    const garbled = await api.post(`/api/clients/${clientId}/notes`, { token: kaimahi.token, json: { _id: newId(), text: 'x', writtenAt: 42 } });
    expect(garbled.status).toBe(400);
    expect(garbled.body.errors).toEqual([expect.objectContaining({ param: 'writtenAt' })]);
    expect(await CaseNote.count({ where: { clientId } })).toBe(1);
  });
});
