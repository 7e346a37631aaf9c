import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEnrolment } from '../../../test/factories';
import { buildUser, startTestServer, type TestApi } from '../../../test/helpers';
import { Operation } from '../../db/models/operation';
import { User } from '../../db/models/user';
import { sequelize } from '../../db/sequelize';
import { setClock } from '../../lib/clock';
import { pruneStoredAnswers } from '../../lib/idempotency';
import * as storedAnswers from '../../db/migrations/013-stored-answers-keep-ids';

let api: TestApi;
let manager: Awaited<ReturnType<typeof buildUser>>;
beforeAll(async () => {
  api = await startTestServer();
  manager = await buildUser({ access: 2 });
});
afterAll(async () => {
  setClock();
  await api.close();
});

const newId = () => crypto.randomUUID();
const storedText = async (id: string) => JSON.stringify((await Operation.findByPk(id))?.responseBody);

/** A kaimahi of Whānau Ora with a client of that service, created through the API. */
async function kaimahiWithClient() {
  const kaimahi = await buildUser({ access: 1, services: ['whanau_ora_support'] });
  const clientId = newId();
  const create = { _id: clientId, givenName: 'Ripeka', familyName: 'Hōhaia', phone: '021 555 0111' };
  const created = await api.post('/api/clients', { token: kaimahi.token, json: create });
  expect(created.status).toBe(201);
  await buildEnrolment({ serviceKey: 'whanau_ora_support', clientId });
  return { kaimahi, clientId, create };
}

describe('stored answers keep no stale personal data', () => {
  it('keeps only ids and version, and a resend after a phone correction answers with the record as it is now', async () => {
    const { kaimahi, clientId, create } = await kaimahiWithClient();
    const edit = { _id: newId(), baseVersion: 1, changes: { suburb: 'Aranui' } };
    expect((await api.patch(`/api/clients/${clientId}`, { token: kaimahi.token, json: edit })).status).toBe(200);
    const correction = { _id: newId(), baseVersion: 2, changes: { phone: '027 444 0222' } };
    expect((await api.patch(`/api/clients/${clientId}`, { token: kaimahi.token, json: correction })).status).toBe(200);

    for (const id of [clientId, edit._id, correction._id]) {
      const text = await storedText(id);
      // Whole numbers: a short run of digits could be part of a random id in the answer.
      expect(text).not.toContain('021 555 0111');
      expect(text).not.toContain('027 444 0222');
      expect(text).not.toContain('Ripeka');
      expect(text).not.toContain('Aranui');
    }
    expect((await Operation.findByPk(edit._id))?.responseBody).toEqual({ kept: { id: clientId, version: 2 } });

    const again = await api.patch(`/api/clients/${clientId}`, { token: kaimahi.token, json: edit });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ _id: clientId, phone: '027 444 0222', suburb: 'Aranui', version: 3 });
    const createdAgain = await api.post('/api/clients', { token: kaimahi.token, json: create });
    expect(createdAgain.status).toBe(201);
    expect(createdAgain.body).toMatchObject({ _id: clientId, phone: '027 444 0222' });
  });

  it('answers 404 to a resend from a kaimahi who has since lost access, by route and by sync', async () => {
    const { kaimahi, clientId } = await kaimahiWithClient();
    const note = { _id: newId(), text: 'Whānau hui planned' };
    expect((await api.post(`/api/clients/${clientId}/notes`, { token: kaimahi.token, json: note })).status).toBe(201);
    const edit = { _id: newId(), baseVersion: 1, changes: { suburb: 'Linwood' } };
    expect((await api.patch(`/api/clients/${clientId}`, { token: kaimahi.token, json: edit })).status).toBe(200);
    const mutation = { _id: newId(), kind: 'client.update', entityId: clientId, baseVersion: 2, payload: { suburb: 'Wainoni' } };
    const sync = () => api.post('/api/sync', { token: kaimahi.token, json: { mutations: [mutation] } });
    expect((await sync()).body.results).toEqual([expect.objectContaining({ status: 'applied' })]);
    // Moved to another service; the client was created by them, so make someone else its creator.
    await sequelize.query('UPDATE clients SET "createdBy" = NULL WHERE id = :clientId', { replacements: { clientId } });
    await api.patch(`/api/users/${kaimahi.user.id}`, { token: manager.token, json: { services: ['raised_gardens'] } });

    const replayed = await api.patch(`/api/clients/${clientId}`, { token: kaimahi.token, json: edit });
    expect(replayed.status).toBe(404);
    expect(replayed.body).toEqual({ errors: [{ msg: 'Client not found', code: 'not_found' }] });
    expect(replayed.text).not.toContain('Linwood');
    const noteAgain = await api.post(`/api/clients/${clientId}/notes`, { token: kaimahi.token, json: note });
    expect(noteAgain.status).toBe(404);
    expect(noteAgain.text).not.toContain('hui');
    const synced = await sync();
    expect(synced.body.results).toEqual([{ _id: mutation._id, status: 'rejected', errors: [{ msg: 'Client not found', code: 'not_found' }] }]);
    expect(synced.text).not.toContain('Wainoni');
  });

  it('re-reads an enrolment update through the caller’s services too', async () => {
    const kaimahi = await buildUser({ access: 1, services: ['whanau_ora_support'] });
    const enrolment = await buildEnrolment({ serviceKey: 'whanau_ora_support', phone: '03 555 0177' });
    const move = { _id: newId(), baseVersion: 1, changes: { status: 'contacted' } };
    expect((await api.patch(`/api/enrolments/${enrolment.id}`, { token: kaimahi.token, json: move })).status).toBe(200);
    expect(await storedText(move._id)).not.toContain('03 555 0177');
    expect((await api.patch(`/api/enrolments/${enrolment.id}`, { token: kaimahi.token, json: move })).body).toMatchObject({
      status: 'contacted',
      phone: '03 555 0177',
    });
    await User.update({ services: ['raised_gardens'] }, { where: { id: kaimahi.user.id } });
    const gone = await api.patch(`/api/enrolments/${enrolment.id}`, { token: kaimahi.token, json: move });
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ errors: [{ msg: 'Enrolment not found', code: 'not_found' }] });
  });

  it('prunes records of staff writes older than 30 days, and keeps younger ones and enrolment receipts', async () => {
    const { clientId } = await kaimahiWithClient();
    const receipt = await Operation.create({
      id: newId(),
      kind: 'enrolment.create',
      actorId: null,
      requestHash: 'x',
      responseStatus: 201,
      responseBody: { _id: 'r' },
    });
    const day = 24 * 60 * 60 * 1000;
    await pruneStoredAnswers(Date.now() + 29 * day);
    expect(await Operation.findByPk(clientId)).not.toBeNull();
    await pruneStoredAnswers(Date.now() + 31 * day);
    expect(await Operation.findByPk(clientId)).toBeNull();
    expect(await Operation.findByPk(receipt.id)).not.toBeNull();
  });
});

describe('migration 013', () => {
  it('turns a stored staff answer holding a whole record into its ids, and leaves receipts alone', async () => {
    const old = await Operation.create({
      id: newId(),
      kind: 'client.update',
      actorId: manager.user.id,
      requestHash: 'y',
      responseStatus: 200,
      responseBody: { _id: 'c1', givenName: 'Old', phone: '021 555 0999', version: 4 },
    });
    const receipt = await Operation.create({
      id: newId(),
      kind: 'enrolment.create',
      actorId: null,
      requestHash: 'z',
      responseStatus: 201,
      responseBody: { _id: 'e1', reference: 'E-1' },
    });
    await storedAnswers.up({ context: sequelize.getQueryInterface() });
    expect((await Operation.findByPk(old.id))?.responseBody).toEqual({ kept: { id: 'c1', version: 4 } });
    expect((await Operation.findByPk(receipt.id))?.responseBody).toEqual({ _id: 'e1', reference: 'E-1' });
  });
});
