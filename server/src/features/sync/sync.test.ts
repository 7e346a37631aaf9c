import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient, buildEnrolment } from '../../../test/factories';
import { buildUser, startTestServer, type TestApi } from '../../../test/helpers';
import { AuditEvent } from '../../db/models/audit-event';
import { CaseNote } from '../../db/models/case-note';
import { Client } from '../../db/models/client';

let api: TestApi;
let kaimahi: Awaited<ReturnType<typeof buildUser>>;
beforeAll(async () => {
  api = await startTestServer();
  kaimahi = await buildUser({ access: 1, name: 'Hemi Kaimahi', services: ['whanau_ora_support'] });
});
afterAll(() => api.close());

const newId = () => crypto.randomUUID();
const sync = (mutations: unknown[], token = kaimahi.token) => api.post('/api/sync', { token, json: { mutations } });

describe('POST /api/sync', () => {
  it('applies mutations in order, each seeing the ones before; a resend answers duplicate', async () => {
    const clientId = newId();
    const enrolment = await buildEnrolment();
    const mutations = [
      { _id: clientId, kind: 'client.create', entityId: clientId, payload: { givenName: 'Ngaio', familyName: 'Tāwhiri' } },
      { _id: newId(), kind: 'client.update', entityId: clientId, baseVersion: 1, payload: { suburb: 'Aranui' } },
      { _id: newId(), kind: 'note.create', entityId: clientId, payload: { text: 'Met at the marae' } },
      { _id: newId(), kind: 'enrolment.update', entityId: enrolment.id, baseVersion: 1, payload: { clientId, status: 'contacted' } },
    ];
    const res = await sync(mutations);
    expect(res.status).toBe(200);
    expect(res.body.results.map((result: { _id: string; status: string }) => [result._id, result.status])).toEqual(
      mutations.map((mutation) => [mutation._id, 'applied']),
    );
    expect(res.body.results[1].record).toMatchObject({ _id: clientId, suburb: 'Aranui', version: 2 });
    expect(res.body.results[3].record).toMatchObject({ clientId, status: 'contacted', version: 2 });
    expect(await CaseNote.count({ where: { clientId } })).toBe(1);
    const again = await sync(mutations);
    expect(again.body.results.map((result: { status: string }) => result.status)).toEqual(['duplicate', 'duplicate', 'duplicate', 'duplicate']);
    expect(again.body.results[1].record).toEqual(res.body.results[1].record);
    expect((await Client.findByPk(clientId))?.version).toBe(2);
    expect((await AuditEvent.findAll({ where: { clientId } })).map((event) => event.action).sort()).toEqual(['create', 'link', 'note', 'status', 'update']);
  });

  it('answers conflict and rejected per mutation without undoing the others', async () => {
    const client = await buildClient({ createdBy: kaimahi.user.id, phone: '021 111 1111' });
    await client.update({ phone: '021 222 2222', version: 2, fieldVersions: { phone: 2 } });
    const hidden = await buildClient();
    const results = (
      await sync([
        { _id: newId(), kind: 'client.update', entityId: client.id, baseVersion: 1, payload: { phone: '021 333 3333' } },
        { _id: newId(), kind: 'client.update', entityId: client.id, baseVersion: 1, payload: { email: 'bad' } },
        { _id: newId(), kind: 'note.create', entityId: hidden.id, payload: { text: 'Not mine' } },
        { _id: newId(), kind: 'client.update', entityId: client.id, baseVersion: 1, payload: { suburb: 'Linwood' } },
      ])
    ).body.results;
    expect(results.map((result: { status: string }) => result.status)).toEqual(['conflict', 'rejected', 'rejected', 'applied']);
    expect(results[0]).toMatchObject({
      conflicts: [{ field: 'phone', mine: '021 333 3333', theirs: '021 222 2222' }],
      record: { _id: client.id, version: 2 },
      errors: [expect.objectContaining({ msg: 'Someone else changed this record since you opened it' })],
    });
    expect(results[1].errors).toEqual([expect.objectContaining({ msg: 'Please give a valid email address', param: 'payload.email' })]);
    expect(results[2].errors).toEqual([expect.objectContaining({ msg: 'Client not found' })]);
    expect(results[3].record).toMatchObject({ suburb: 'Linwood', phone: '021 222 2222', version: 3 });
    expect(await CaseNote.count({ where: { clientId: hidden.id } })).toBe(0);
  });

  it('refuses a bad batch with 400, every problem listed, and applies nothing', async () => {
    const tooMany = Array.from({ length: 101 }, () => ({ _id: newId(), kind: 'note.create', entityId: newId(), payload: { text: 'x' } }));
    const big = await sync(tooMany);
    expect(big.status).toBe(400);
    expect(big.body.errors).toEqual([expect.objectContaining({ msg: 'Send at most 100 mutations at once', param: 'mutations' })]);
    const bad = await sync([{ _id: 'x', kind: 'client.delete', entityId: 'y', payload: 'z' }]);
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((error: { param: string }) => error.param)).toEqual([
      'mutations.0._id',
      'mutations.0.kind',
      'mutations.0.entityId',
      'mutations.0.payload',
    ]);
    expect((await sync([])).body.errors).toEqual([expect.objectContaining({ msg: 'Send at least one mutation' })]);
  });

  it('answers 401 without a token', async () => {
    expect((await api.post('/api/sync', { json: { mutations: [] } })).status).toBe(401);
  });
});
