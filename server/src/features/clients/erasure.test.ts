import crypto from 'node:crypto';
import fs from 'node:fs';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient, buildEnrolment, buildWhanau } from '../../../test/factories';
import { buildUser, startTestServer, type TestApi } from '../../../test/helpers';
import { getConfig } from '../../config';
import { AuditEvent } from '../../db/models/audit-event';
import { whanauOraOutcomes } from '../../../contract/report-card';
import { OutcomeRatingRow } from '../../db/models/outcome-rating';
import { Whanau } from '../../db/models/whanau';
import { WhanauComment, WhanauDevice } from '../../db/models/whanau-app';
import { sequelize } from '../../db/sequelize';

/**
 * Issue 32: an erased person is really gone (the columns derived from their details are
 * rewritten, their stored searches forgotten, the bytes leave the file), and an archived
 * person's enrolments leave every kaimahi list and search (decisions 089, 110).
 */
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
/** A name no other test writes, so finding it can only mean this person. */
const distinctName = () => `Zq${crypto.randomBytes(6).toString('hex').replace(/\d/g, 'x')}`;
/** A phone number no other test uses: 021 then 7 random digits. */
const distinctPhone = () => `021 ${crypto.randomInt(100, 999)} ${crypto.randomInt(1000, 9999)}`;

type RawClient = { givenKey: string; familyKey: string; sortName: string; phoneKey: string | null; emailKey: string | null };
const rawClient = async (id: string) =>
  (
    await sequelize.query<RawClient>('SELECT "givenKey", "familyKey", "sortName", "phoneKey", "emailKey" FROM clients WHERE id = :id', {
      type: QueryTypes.SELECT,
      replacements: { id },
    })
  )[0];
const rawSearchText = async (id: string) =>
  (await sequelize.query<{ searchText: string }>('SELECT "searchText" FROM enrolments WHERE id = :id', { type: QueryTypes.SELECT, replacements: { id } }))[0]
    ?.searchText;
const rawTerms = async (id: string) =>
  (
    await sequelize.query<{ term: string }>('SELECT term FROM client_search_terms WHERE "clientId" = :id ORDER BY term', {
      type: QueryTypes.SELECT,
      replacements: { id },
    })
  ).map((row) => row.term);

/** A Whānau Ora client with a linked enrolment, both carrying the same distinctive details. */
async function enrolledPerson() {
  const familyName = distinctName();
  const phone = distinctPhone();
  const email = `${familyName.toLowerCase()}@example.nz`;
  const client = await buildClient({ givenName: 'Aroha', familyName, phone, email, createdBy: kaimahi.user.id });
  const enrolment = await buildEnrolment({ clientId: client.id, givenName: 'Aroha', familyName, phone, email });
  return { client, enrolment, familyName, phone, email, digits: phone.replace(/\D/g, '') };
}

const edit = (id: string, baseVersion: number, changes: Record<string, unknown>, token = kaimahi.token) =>
  api.patch(`/api/clients/${id}`, { token, json: { _id: newId(), baseVersion, changes } });
const inbox = (q: string, token: string) => api.get(`/api/enrolments?q=${encodeURIComponent(q)}`, { token });

describe('the derived columns follow every save', () => {
  it('an edit rewrites the keys, the sort name and the search terms: duplicates match the new number, the list the new name', async () => {
    const person = await enrolledPerson();
    const newPhone = distinctPhone();
    const newFamily = distinctName();
    const res = await edit(person.client.id, 1, { familyName: newFamily, phone: newPhone, email: null });
    expect(res.status).toBe(200);
    expect(await rawClient(person.client.id)).toEqual({
      givenKey: 'aroha',
      familyKey: newFamily.toLowerCase(),
      sortName: `${newFamily.toLowerCase()} aroha`,
      phoneKey: newPhone.replace(/\D/g, ''),
      emailKey: null,
    });
    expect(await rawTerms(person.client.id)).not.toContain(person.familyName.toLowerCase());

    // The duplicate check of an enrolment with the new number finds the client; with the old one, not.
    const withNew = await buildEnrolment({ givenName: 'Someone', familyName: 'Else', phone: newPhone });
    const withOld = await buildEnrolment({ givenName: 'Someone', familyName: 'Else', phone: person.phone });
    const ids = async (enrolmentId: string) =>
      (await api.get(`/api/clients/duplicates?enrolment=${enrolmentId}`, { token: manager.token })).body.map(
        (found: { client: { _id: string } }) => found.client._id,
      );
    expect(await ids(withNew.id)).toContain(person.client.id);
    expect(await ids(withOld.id)).not.toContain(person.client.id);

    // The list is in family-name order: renamed from "Zq…" to "Aaa…", the person moves ahead of one named "Ab…".
    const marker = distinctName().slice(2);
    const first = await buildClient({ givenName: marker, familyName: 'Ab', createdBy: kaimahi.user.id });
    const second = await buildClient({ givenName: marker, familyName: 'Zz', createdBy: kaimahi.user.id });
    expect((await edit(second.id, 1, { familyName: 'Aa' })).status).toBe(200);
    const listed = await api.get(`/api/clients?q=${marker}`, { token: kaimahi.token });
    expect(listed.body.items.map((item: { _id: string }) => item._id)).toEqual([second.id, first.id]);
  });

  it('an archive keeps the keys, an erasure empties them and the enrolment search text, raw in the database', async () => {
    const person = await enrolledPerson();
    expect((await api.post(`/api/clients/${person.client.id}/archive`, { token: manager.token })).status).toBe(200);
    expect(await rawClient(person.client.id)).toMatchObject({ familyKey: person.familyName.toLowerCase(), phoneKey: person.digits });
    expect((await api.post(`/api/clients/${person.client.id}/erase`, { token: manager.token })).status).toBe(200);
    expect(await rawClient(person.client.id)).toEqual({ givenKey: '', familyKey: '', sortName: ' ', phoneKey: null, emailKey: null });
    expect(await rawSearchText(person.enrolment.id)).toBe('   ');
    expect(await rawTerms(person.client.id)).toEqual([]);
  });
});

describe('their “How are we going?” answers', () => {
  it('stay the whānau’s scores, no longer naming them nor keeping their words', async () => {
    const person = await enrolledPerson();
    const whanau = await Whanau.create({ id: newId(), name: 'Te Whare o Aroha', leadClientId: null, notes: null, createdBy: manager.user.id, updatedBy: null });
    const scores = Object.fromEntries(whanauOraOutcomes.map((key) => [key, 3])) as Record<(typeof whanauOraOutcomes)[number], number>;
    const rating = await OutcomeRatingRow.create({
      id: newId(),
      whanauId: whanau.id,
      clientId: person.client.id,
      recordedBy: null,
      on: '2026-11-01',
      comment: 'Aroha says the kids are settled',
      ...scores,
    });
    expect((await api.post(`/api/clients/${person.client.id}/erase`, { token: manager.token })).status).toBe(200);
    const raw = await sequelize.query<Record<string, unknown>>('SELECT * FROM outcome_ratings WHERE id = :id', {
      type: QueryTypes.SELECT,
      replacements: { id: rating.id },
    });
    expect(raw[0]).toMatchObject({ whanauId: whanau.id, clientId: null, comment: null, selfManaging: 3, stewardsOfEnvironment: 3 });
  });
});

describe('their voice in the whānau’s app', () => {
  it('loses its words, and their phone is unlinked', async () => {
    const person = await enrolledPerson();
    const whanau = await Whanau.create({
      id: newId(),
      name: 'Te Whare o Aroha 2',
      leadClientId: null,
      notes: null,
      createdBy: manager.user.id,
      updatedBy: null,
    });
    const at = new Date();
    const comment = await WhanauComment.create({
      id: newId(),
      whanauId: whanau.id,
      goalId: newId(),
      clientId: person.client.id,
      topic: 'done',
      text: 'Aroha rang the school',
      createdAt: at,
      writtenAt: at,
    });
    const device = await WhanauDevice.create({ id: newId(), whanauId: whanau.id, clientId: person.client.id, inviteId: newId(), linkedAt: at, lastSeenAt: at });
    expect((await api.post(`/api/clients/${person.client.id}/erase`, { token: manager.token })).status).toBe(200);
    expect((await WhanauComment.findByPk(comment.id))?.text).toBe('');
    expect(await WhanauDevice.findByPk(device.id)).toMatchObject({ revokedWhy: 'erased', tokenVersion: device.tokenVersion + 1 });
    expect((await WhanauDevice.findByPk(device.id))?.revokedAt).not.toBeNull();
  });
});

describe('after an erasure', () => {
  it('no enrolment search by the old name, phone digits or email finds them, for kaimahi or managers, and duplicates never offer the tombstone', async () => {
    const person = await enrolledPerson();
    for (const token of [kaimahi.token, manager.token]) expect((await inbox(person.familyName, token)).body.total).toBe(1);
    expect((await api.post(`/api/clients/${person.client.id}/erase`, { token: manager.token })).status).toBe(200);
    for (const q of [person.familyName, person.digits, person.digits.slice(-7), person.email]) {
      for (const token of [kaimahi.token, manager.token]) expect((await inbox(q, token)).body.total, `${q}`).toBe(0);
    }
    const again = await buildEnrolment({ givenName: 'Aroha', familyName: 'New', phone: person.phone, email: person.email });
    const offered = await api.get(`/api/clients/duplicates?enrolment=${again.id}`, { token: manager.token });
    expect(offered.status).toBe(200);
    expect(offered.body.map((found: { client: { _id: string } }) => found.client._id)).not.toContain(person.client.id);
  });

  it('their goals and follow-ups answer the same 409 as their record, through sync', async () => {
    const person = await enrolledPerson();
    const whanauId = newId();
    const goalId = newId();
    const taskId = newId();
    const create = (kind: string, id: string, payload: Record<string, unknown>) => ({ _id: id, kind, entityId: id, payload });
    const made = await api.post('/api/sync', {
      token: kaimahi.token,
      json: {
        mutations: [
          { _id: whanauId, kind: 'whanau.create', entityId: whanauId, payload: { name: 'Te Whānau o Aroha' } },
          create('member.link', newId(), { whanauId, clientId: person.client.id, relationship: 'parent' }),
          {
            _id: goalId,
            kind: 'goal.create',
            entityId: goalId,
            payload: { whanauId, clientId: person.client.id, area: 'housing', text: 'A warm whare', status: 'in progress', serviceKey: 'whanau_ora_support' },
          },
          { _id: taskId, kind: 'task.create', entityId: taskId, payload: { clientId: person.client.id, text: 'Ring about the whare', dueOn: '2026-12-09' } },
        ],
      },
    });
    expect(made.body.results.map((result: { status: string }) => result.status)).toEqual(['applied', 'applied', 'applied', 'applied']);
    expect((await api.post(`/api/clients/${person.client.id}/erase`, { token: manager.token })).status).toBe(200);
    const edits = await api.post('/api/sync', {
      token: manager.token,
      json: {
        mutations: [
          { _id: newId(), kind: 'goal.update', entityId: goalId, baseVersion: 1, payload: { status: 'achieved' } },
          { _id: newId(), kind: 'task.update', entityId: taskId, baseVersion: 1, payload: { text: 'Aroha rang back' } },
        ],
      },
    });
    const archived = [{ msg: 'This record is archived: it can be read but not changed', code: 'conflict' }];
    expect(edits.body.results).toEqual([
      expect.objectContaining({ status: 'rejected', errors: archived }),
      expect.objectContaining({ status: 'rejected', errors: archived }),
    ]);
    const record = await edit(person.client.id, 3, { suburb: 'Aranui' }, manager.token);
    expect(record.body).toEqual({ errors: archived });
  });

  it('stored searches that named them keep only their shape', async () => {
    const person = await enrolledPerson();
    const other = distinctName();
    for (const q of [person.familyName, `aroha ${person.familyName.slice(0, 5)}`, person.phone, person.email, other]) {
      expect((await inbox(q, kaimahi.token)).status).toBe(200);
    }
    expect((await api.get(`/api/clients?q=${person.digits.slice(-4)}`, { token: kaimahi.token })).status).toBe(200);
    const erased = await api.post(`/api/clients/${person.client.id}/erase`, { token: manager.token });
    expect(erased.status).toBe(200);
    const events = await AuditEvent.findAll({ where: { action: 'list', actorId: kaimahi.user.id }, order: [['seq', 'DESC']], limit: 6 });
    expect(events.map((event) => event.details?.q).reverse()).toEqual(['[name]', '[name] [name]', '[phone]', '[email]', other, '[phone]']);
    const trail = await AuditEvent.findOne({ where: { clientId: person.client.id, action: 'update' }, order: [['seq', 'DESC']] });
    expect(Number(trail?.details?.searches)).toBeGreaterThanOrEqual(5);
    // Anything else about an audit event stays refused by the database.
    await expect(sequelize.query(`UPDATE audit_events SET "actorName" = 'x' WHERE seq = ${events[0]!.seq}`)).rejects.toThrow();
    await expect(sequelize.query(`UPDATE audit_events SET details = '{}' WHERE seq = ${trail!.seq}`)).rejects.toThrow();
    await events[0]!.reload();
    await trail!.reload();
    expect([events[0]!.actorName, trail!.details?.erased]).toEqual(['Hemi Kaimahi', 'true']);
  });

  it.runIf(getConfig().database.dialect === 'sqlite')('leaves no copy of their name in the database file or its log', async () => {
    const person = await enrolledPerson();
    const storage = (getConfig().database as { storage: string }).storage;
    const bytes = () => Buffer.concat([storage, `${storage}-wal`].filter((file) => fs.existsSync(file)).map((file) => fs.readFileSync(file)));
    expect(bytes().includes(person.familyName)).toBe(true);
    expect((await api.post(`/api/clients/${person.client.id}/erase`, { token: manager.token })).status).toBe(200);
    expect(bytes().includes(person.familyName)).toBe(false);
    expect(bytes().includes(person.familyName.toLowerCase())).toBe(false);
    expect(bytes().includes(person.digits)).toBe(false);
  });
});

describe('the erase screen reviews the whānau texts', () => {
  async function personInWhanau() {
    const person = await enrolledPerson();
    const whanau = await buildWhanau({
      name: `Te Whānau o Aroha ${person.familyName}`,
      notes: `Aroha ${person.familyName} is the contact`,
      leadClientId: person.client.id,
      createdBy: kaimahi.user.id,
      updatedBy: kaimahi.user.id,
    });
    await sequelize.query(
      `INSERT INTO whanau_members (id, "whanauId", "clientId", relationship, "createdAt", "updatedAt") VALUES (:id, :whanauId, :clientId, 'parent', :at, :at)`,
      { replacements: { id: newId(), whanauId: whanau.id, clientId: person.client.id, at: new Date() } },
    );
    return { ...person, whanau };
  }

  it('lists the whānau the person belongs to, and saves the names and notes the manager rewrote, audited', async () => {
    const person = await personInWhanau();
    const review = await api.get(`/api/clients/${person.client.id}/erasure-review`, { token: manager.token });
    expect(review.status).toBe(200);
    expect(review.body).toEqual({ whanau: [{ _id: person.whanau.id, name: person.whanau.name, notes: person.whanau.notes }] });
    expect((await api.get(`/api/clients/${person.client.id}/erasure-review`, { token: kaimahi.token })).status).toBe(403);

    const erased = await api.post(`/api/clients/${person.client.id}/erase`, {
      token: manager.token,
      json: { whanau: [{ _id: person.whanau.id, name: 'Te Whānau', notes: null }] },
    });
    expect(erased.status).toBe(200);
    const raw = await sequelize.query<{ name: string; nameKey: string; notes: string | null }>('SELECT name, "nameKey", notes FROM whanau WHERE id = :id', {
      type: QueryTypes.SELECT,
      replacements: { id: person.whanau.id },
    });
    expect(raw).toEqual([{ name: 'Te Whānau', nameKey: 'te whanau', notes: null }]);
    const events = await AuditEvent.findAll({ where: { entity: 'whanau', entityId: person.whanau.id, action: 'update' } });
    expect(events.map((event) => [event.fields, event.details])).toEqual([[['name', 'notes'], { erasureOf: person.client.id }]]);
  });

  it('refuses a whānau the person is not in and bad texts, every problem listed, erasing nothing', async () => {
    const person = await personInWhanau();
    const elsewhere = await buildWhanau({ name: 'Ngata' });
    const bad = await api.post(`/api/clients/${person.client.id}/erase`, {
      token: manager.token,
      json: { whanau: [{ _id: 'nope', name: ' ', notes: 5 }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((error: { param: string }) => error.param).sort()).toEqual(['whanau.0._id', 'whanau.0.name', 'whanau.0.notes']);
    const notTheirs = await api.post(`/api/clients/${person.client.id}/erase`, {
      token: manager.token,
      json: { whanau: [{ _id: elsewhere.id, name: 'Ngata', notes: null }] },
    });
    expect(notTheirs.status).toBe(400);
    expect(notTheirs.body).toEqual({ errors: [{ msg: 'The person is not a member of this whānau', param: 'whanau.0._id', code: 'bad_request' }] });
    expect((await rawClient(person.client.id))?.familyKey).toBe(person.familyName.toLowerCase());
  });
});

describe('an archived person leaves the kaimahi enrolment inbox (decision 089)', () => {
  it('their enrolments are neither listed nor found by kaimahi, nor counted on the dashboard; managers still see them', async () => {
    const person = await enrolledPerson();
    const unlinked = await buildEnrolment({ givenName: 'Aroha', familyName: person.familyName });
    const dashboard = async () => (await api.get('/api/dashboard', { token: kaimahi.token })).body;
    const before = await dashboard();
    const listed = async (token: string) =>
      (await api.get('/api/enrolments?service=whanau_ora_support&pageSize=200', { token })).body.items.map((item: { _id: string }) => item._id);
    expect(await listed(kaimahi.token)).toContain(person.enrolment.id);

    expect((await api.post(`/api/clients/${person.client.id}/archive`, { token: manager.token })).status).toBe(200);
    expect(await listed(kaimahi.token)).not.toContain(person.enrolment.id);
    const found = await inbox(person.familyName, kaimahi.token);
    expect(found.body.items.map((item: { _id: string }) => item._id)).toEqual([unlinked.id]);
    expect((await inbox(person.familyName, manager.token)).body.total).toBe(2);
    expect(await listed(manager.token)).toContain(person.enrolment.id);
    const after = await dashboard();
    expect(after.newEnrolments).toBe(before.newEnrolments - 1);
    expect(after.receivedLast7Days).toBe(before.receivedLast7Days - 1);
    // Nor can a kaimahi move it along.
    const moved = await api.patch(`/api/enrolments/${person.enrolment.id}`, {
      token: kaimahi.token,
      json: { _id: newId(), baseVersion: 1, changes: { status: 'contacted' } },
    });
    expect(moved.body).toEqual({ errors: [{ msg: 'Enrolment not found', code: 'not_found' }] });
    expect((await api.get(`/api/clients/duplicates?enrolment=${person.enrolment.id}`, { token: kaimahi.token })).status).toBe(404);
    expect((await api.get(`/api/clients/duplicates?enrolment=${person.enrolment.id}`, { token: manager.token })).status).toBe(200);
  });
});
