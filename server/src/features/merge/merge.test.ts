import crypto from 'node:crypto';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient, buildEnrolment, buildNote } from '../../../test/factories';
import { buildUser, startTestServer, type TestApi } from '../../../test/helpers';
import { sequelize } from '../../db/sequelize';

/**
 * Duplicates and merge (DESIGN §4f, decision 120): the list of likely pairs, "not the same
 * person", a merge that moves everything once, keeps both trails, and can be undone, and a
 * queued offline write against the merged-away record landing on the kept one.
 */
let api: TestApi;
let manager: Awaited<ReturnType<typeof buildUser>>;
let hemi: Awaited<ReturnType<typeof buildUser>>; // Whānau Ora Support
let ani: Awaited<ReturnType<typeof buildUser>>; // Raised Gardens
beforeAll(async () => {
  api = await startTestServer();
  manager = await buildUser({ access: 2, name: 'Mere Manager' });
  hemi = await buildUser({ access: 1, name: 'Hemi Kaimahi', services: ['whanau_ora_support'] });
  ani = await buildUser({ access: 1, name: 'Ani Kaimahi', services: ['raised_gardens'] });
});
afterAll(() => api.close());

const newId = () => crypto.randomUUID();
const create = (kind: string, payload: Record<string, unknown>, id = newId()) => ({ _id: id, kind, entityId: id, payload });
const sync = async (mutations: unknown[], token: string) => {
  const res = await api.post('/api/sync', { token, json: { mutations } });
  expect(res.status).toBe(200);
  return res.body.results as { status: string; record: any; errors?: any[] }[];
};
const countOf = async (table: string, column: string, id: string, extra = '') => {
  const rows = await sequelize.query<{ n: number | string }>(`SELECT COUNT(*) AS n FROM ${table} WHERE "${column}" = :id ${extra}`, {
    type: QueryTypes.SELECT,
    replacements: { id },
  });
  return Number(rows[0]?.n);
};
const tables: [string, string][] = [
  ['case_notes', 'clientId'],
  ['contacts', 'clientId'],
  ['goals', 'clientId'],
  ['tasks', 'clientId'],
  ['enrolments', 'clientId'],
  ['whanau_members', 'clientId'],
];
const countsOf = async (id: string) => Object.fromEntries(await Promise.all(tables.map(async ([table, column]) => [table, await countOf(table, column, id)])));
const merge = (keptId: string, json: unknown, token = manager.token) => api.post(`/api/clients/${keptId}/merge`, { token, json });

/**
 * Two records of one person (Māka / Maka, same birthday): the kept one is Whānau Ora's, the
 * other Raised Gardens'. Both are in the Rewi whānau (the merge must not double the membership);
 * the other alone is in a second whānau, with a goal, a follow-up and a contact of its own.
 */
async function twoRecordsOfOnePerson() {
  const family = `Rewi${newId().slice(0, 6)}`;
  const kept = await buildClient({ givenName: 'Māka', familyName: family, dateOfBirth: '1980-12-25', phone: '021 555 0101' });
  const other = await buildClient({ givenName: 'Maka', familyName: family, dateOfBirth: '1980-12-25', phone: '027 444 0202', iwi: 'Ngāi Tahu' });
  await buildEnrolment({ serviceKey: 'whanau_ora_support', clientId: kept.id });
  await buildEnrolment({ serviceKey: 'raised_gardens', clientId: other.id });
  await buildNote({ clientId: kept.id, authorId: hemi.user.id });
  await buildNote({ clientId: other.id, authorId: ani.user.id, serviceKey: 'raised_gardens' });
  await buildNote({ clientId: other.id, authorId: ani.user.id, serviceKey: 'raised_gardens', text: 'Dropped off seedlings.' });
  const shared = create('whanau.create', { name: family });
  const second = create('whanau.create', { name: `${family} Taylor` });
  const goal = create('goal.create', { whanauId: second._id, clientId: other.id, area: 'kai', text: 'Vegetable garden', serviceKey: 'raised_gardens' });
  const results = await sync(
    [
      shared,
      second,
      create('member.link', { whanauId: shared._id, clientId: kept.id, relationship: 'parent' }),
      create('member.link', { whanauId: shared._id, clientId: other.id, relationship: 'parent' }),
      create('member.link', { whanauId: second._id, clientId: other.id, relationship: 'child' }),
      goal,
      create('task.create', { whanauId: second._id, clientId: other.id, goalId: goal._id, text: 'Bring compost', dueOn: '2026-12-10' }),
      create('contact.create', {
        whanauId: second._id,
        clientId: other.id,
        on: '2026-11-02',
        kind: 'home visit',
        minutes: 30,
        serviceKey: 'raised_gardens',
        summary: 'Planted',
      }),
    ],
    manager.token,
  );
  expect(results.map((result) => [result.status, result.errors])).toEqual(Array(8).fill(['applied', undefined]));
  return { kept, other, shared: shared._id, second: second._id };
}

describe('GET /api/duplicates', () => {
  it('lists likely pairs with why they matched, folding macrons, and hides a pair marked not the same', async () => {
    const { kept, other } = await twoRecordsOfOnePerson();
    const samePhone = await buildClient({ givenName: 'Tipene', familyName: 'Ōrākau', phone: '+64 21 555 0101' });
    const res = await api.get('/api/duplicates', { token: manager.token });
    expect(res.status).toBe(200);
    const pairOf = (x: string, y: string) => res.body.items.find((pair: any) => [pair.a._id, pair.b._id].sort().join() === [x, y].sort().join());
    expect(pairOf(kept.id, other.id)?.reasons).toEqual(['dateOfBirthAndName']);
    expect(pairOf(kept.id, samePhone.id)?.reasons).toEqual(['phone']);
    expect(pairOf(other.id, samePhone.id)).toBeUndefined();

    const marked = await api.post('/api/duplicates/not-same', { token: manager.token, json: { a: samePhone.id, b: kept.id } });
    expect(marked.status).toBe(200);
    const again = await api.get('/api/duplicates', { token: manager.token });
    const ids = again.body.items.map((pair: any) => [pair.a._id, pair.b._id].sort().join());
    expect(ids).toContain([kept.id, other.id].sort().join());
    expect(ids).not.toContain([kept.id, samePhone.id].sort().join());
  });

  it('is for managers only, and refuses a bad pair with every problem named', async () => {
    expect((await api.get('/api/duplicates', { token: hemi.token })).status).toBe(403);
    expect((await api.get('/api/duplicates')).status).toBe(401);
    expect((await api.post('/api/duplicates/not-same', { token: hemi.token, json: { a: newId(), b: newId() } })).status).toBe(403);
    const same = newId();
    const bad = await api.post('/api/duplicates/not-same', { token: manager.token, json: { a: 'nope', b: 5 } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((error: any) => error.param).sort()).toEqual(['a', 'b']);
    const itself = await api.post('/api/duplicates/not-same', { token: manager.token, json: { a: same, b: same } });
    expect(itself.status).toBe(400);
    expect(itself.body.errors).toEqual([expect.objectContaining({ msg: 'A record is always the same as itself', param: 'b' })]);
    const unknown = await api.post('/api/duplicates/not-same', { token: manager.token, json: { a: newId(), b: newId() } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0]).toMatchObject({ msg: 'Client not found' });
  });
});

describe('POST /api/clients/{keptId}/merge', () => {
  it('moves every record once, keeps the chosen values, leaves a tombstone and both trails, and can be undone', async () => {
    const { kept, other, shared, second } = await twoRecordsOfOnePerson();
    const keptBefore = await countsOf(kept.id);
    const otherBefore = await countsOf(other.id);
    const res = await merge(kept.id, { otherId: other.id, choices: { phone: 'other', iwi: 'other', givenName: 'kept' }, baseVersions: { kept: 1, other: 1 } });
    expect(res.status).toBe(200);
    expect(res.body.moved).toEqual({ notes: 2, contacts: 1, goals: 1, tasks: 1, enrolments: 1, memberships: 2, corrections: 0, leads: 0 });
    expect(res.body.kept).toMatchObject({ _id: kept.id, givenName: 'Māka', phone: '027 444 0202', iwi: 'Ngāi Tahu', version: 2 });

    // Everything moved, nothing left behind, nothing doubled: one linked membership per whānau.
    expect(await countsOf(other.id)).toEqual(Object.fromEntries(tables.map(([table]) => [table, 0])));
    const keptAfter = await countsOf(kept.id);
    for (const [table] of tables) expect(keptAfter[table]).toBe(keptBefore[table] + otherBefore[table]);
    expect(await countOf('whanau_members', 'clientId', kept.id, `AND "whanauId" = '${shared}' AND "unlinkedAt" IS NULL`)).toBe(1);
    expect(await countOf('whanau_members', 'clientId', kept.id, `AND "whanauId" = '${second}' AND "unlinkedAt" IS NULL`)).toBe(1);
    const page = await api.get(`/api/clients/${kept.id}`, { token: manager.token });
    expect(page.body).toMatchObject({ phone: '027 444 0202', iwi: 'Ngāi Tahu', version: 2 });
    expect(page.body.caseNotes).toHaveLength(3);
    expect(page.body.enrolments.map((enrolment: any) => enrolment.serviceKey).sort()).toEqual(['raised_gardens', 'whanau_ora_support']);

    // The tombstone says where it went; both trails are readable and hold the merge.
    const tombstone = await api.get(`/api/clients/${other.id}`, { token: manager.token });
    expect(tombstone.status).toBe(200);
    expect(tombstone.body.mergedInto).toBe(kept.id);
    for (const id of [kept.id, other.id]) {
      const trail = await api.get(`/api/clients/${id}/audit`, { token: manager.token });
      expect(trail.status).toBe(200);
      expect(trail.body.items.find((event: any) => event.action !== 'view')).toMatchObject({
        action: 'merge',
        entityId: id,
        details: { mergeId: res.body._id, keptId: kept.id, otherId: other.id },
      });
    }
    // Need-to-know: the kept record is Ani's now (its Raised Gardens enrolment moved); the tombstone is no one's.
    expect((await api.get(`/api/clients/${other.id}`, { token: ani.token })).status).toBe(404);
    expect((await api.get(`/api/clients/${kept.id}`, { token: ani.token })).status).toBe(200);
    // Merged away: not merged again, not in the list.
    const twice = await merge(kept.id, { otherId: other.id, baseVersions: { kept: 2, other: 2 } });
    expect(twice.status).toBe(409);
    expect(twice.body.errors).toEqual([expect.objectContaining({ param: 'otherId', msg: 'This record was already merged into another' })]);

    const undone = await api.post(`/api/merges/${res.body._id}/undo`, { token: manager.token });
    expect(undone.status).toBe(200);
    expect(await countsOf(kept.id)).toEqual(keptBefore);
    expect(await countsOf(other.id)).toEqual(otherBefore);
    expect(await countOf('whanau_members', 'clientId', other.id, 'AND "unlinkedAt" IS NULL')).toBe(2);
    const keptNow = (await api.get(`/api/clients/${kept.id}`, { token: manager.token })).body;
    expect(keptNow).toMatchObject({ phone: '021 555 0101', iwi: null, version: 3 });
    const otherNow = (await api.get(`/api/clients/${other.id}`, { token: ani.token })).body;
    expect(otherNow).toMatchObject({ givenName: 'Maka', phone: '027 444 0202', version: 3 });
    expect(otherNow.mergedInto).toBeUndefined();
    const trail = await api.get(`/api/clients/${other.id}/audit`, { token: manager.token });
    const actions = trail.body.items.map((event: any) => event.action).filter((action: string) => action !== 'view');
    expect(actions.slice(0, 2)).toEqual(['merge.undo', 'merge']);
    // Its events from before the merge stay on it (its whānau links were recorded as create).
    expect(actions).toContain('create');
    expect((await api.post(`/api/merges/${res.body._id}/undo`, { token: manager.token })).status).toBe(409);
  });

  it('lands an offline edit and a note queued against the merged-away record on the kept one', async () => {
    const { kept, other } = await twoRecordsOfOnePerson();
    const res = await merge(kept.id, { otherId: other.id, choices: {}, baseVersions: { kept: 1, other: 1 } });
    expect(res.status).toBe(200);
    const edit = { _id: newId(), kind: 'client.update', entityId: other.id, baseVersion: 1, payload: { suburb: 'Linwood' } };
    const note = create('note.create', { clientId: other.id, text: 'Visited after the merge.' });
    const results = await sync([edit, note], ani.token);
    expect(results.map((result) => result.status)).toEqual(['applied', 'applied']);
    const page = (await api.get(`/api/clients/${kept.id}`, { token: ani.token })).body;
    expect(page.suburb).toBe('Linwood');
    expect(page.caseNotes.map((caseNote: any) => caseNote.text)).toContain('Visited after the merge.');
    expect(await countOf('case_notes', 'clientId', other.id)).toBe(0);
    // A merge is undone only while neither record has changed since.
    const undo = await api.post(`/api/merges/${res.body._id}/undo`, { token: manager.token });
    expect(undo.status).toBe(409);
    expect(undo.body.errors[0].msg).toBe('One of the records changed since the merge, so it can no longer be undone');
  });

  it('refuses kaimahi, stale versions, a record merged into itself and unknown fields', async () => {
    const { kept, other } = await twoRecordsOfOnePerson();
    expect((await merge(kept.id, { otherId: other.id, baseVersions: { kept: 1, other: 1 } }, hemi.token)).status).toBe(403);
    expect((await api.post(`/api/merges/${newId()}/undo`, { token: ani.token })).status).toBe(403);
    const stale = await merge(kept.id, { otherId: other.id, baseVersions: { kept: 2, other: 1 } });
    expect(stale.status).toBe(409);
    expect(stale.body.errors).toEqual([expect.objectContaining({ param: 'baseVersions.kept', code: 'edit_conflict' })]);
    const itself = await merge(kept.id, { otherId: kept.id, baseVersions: { kept: 1, other: 1 } });
    expect(itself.status).toBe(400);
    expect(itself.body.errors).toEqual([expect.objectContaining({ param: 'otherId', msg: 'A record cannot be merged into itself' })]);
    const bad = await merge(kept.id, { otherId: 'x', choices: { shoeSize: 'kept', phone: 'both' }, baseVersions: {} });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((error: any) => error.param).sort()).toEqual([
      'baseVersions.kept',
      'baseVersions.other',
      'choices.phone',
      'choices.shoeSize',
      'otherId',
    ]);
    expect((await merge(newId(), { otherId: other.id, baseVersions: { kept: 1, other: 1 } })).status).toBe(404);
    expect((await api.post(`/api/merges/${newId()}/undo`, { token: manager.token })).status).toBe(404);
    // Nothing was written by any of these.
    expect((await api.get(`/api/clients/${other.id}`, { token: manager.token })).body).toMatchObject({ version: 1 });
  });
});
