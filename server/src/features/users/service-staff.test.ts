import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient, buildEnrolment } from '../../../test/factories';
import { buildUser, startTestServer, type TestApi } from '../../../test/helpers';
import { badTokens } from '../../../test/tokens';
import { Task } from '../../db/models/whanau';
import { signToken } from '../../lib/tokens';

/**
 * Whom a follow-up can be assigned to (decision 106): `GET /api/services/{key}/staff` lists the
 * active kaimahi of a service (a kaimahi asks of their own services only), and `task.create` /
 * `task.update` accept as `assignedTo` only a kaimahi of the follow-up's service who may see what it
 * is about.
 */
let api: TestApi;
let manager: Awaited<ReturnType<typeof buildUser>>;
let hemi: Awaited<ReturnType<typeof buildUser>>; // Whānau Ora Support
let kiri: Awaited<ReturnType<typeof buildUser>>; // Whānau Ora Support and Raised Gardens
let ani: Awaited<ReturnType<typeof buildUser>>; // Raised Gardens
let gone: Awaited<ReturnType<typeof buildUser>>; // Whānau Ora Support, deactivated
let wiremu: Awaited<ReturnType<typeof buildUser>>; // a manager who works on Whānau Ora Support
beforeAll(async () => {
  api = await startTestServer();
  manager = await buildUser({ access: 2, name: 'Mere Manager' });
  hemi = await buildUser({ access: 1, name: 'Hemi Kaimahi', services: ['whanau_ora_support'] });
  kiri = await buildUser({ access: 1, name: 'kiri Kaimahi', services: ['raised_gardens', 'whanau_ora_support'] });
  ani = await buildUser({ access: 1, name: 'Ani Kaimahi', services: ['raised_gardens'] });
  gone = await buildUser({ access: 1, name: 'Aroha Left', services: ['whanau_ora_support'], active: false });
  wiremu = await buildUser({ access: 2, name: 'Wiremu Manager', services: ['whanau_ora_support'] });
});
afterAll(() => api.close());

const newId = () => crypto.randomUUID();
const staffOf = (key: string, token?: string) => api.get(`/api/services/${key}/staff`, { token });

describe('GET /api/services/{key}/staff', () => {
  it('lists the active staff of the service by name, names only, to a kaimahi of it and to managers', async () => {
    const expected = [
      { _id: hemi.user.id, name: 'Hemi Kaimahi' },
      { _id: kiri.user.id, name: 'kiri Kaimahi' },
      { _id: wiremu.user.id, name: 'Wiremu Manager' },
    ];
    const byHemi = await staffOf('whanau_ora_support', hemi.token);
    expect(byHemi.status).toBe(200);
    expect(byHemi.headers.get('cache-control')).toBe('no-store');
    expect(byHemi.body).toEqual(expected);
    expect((await staffOf('whanau_ora_support', manager.token)).body).toEqual(expected);
    expect((await staffOf('raised_gardens', manager.token)).body).toEqual([
      { _id: ani.user.id, name: 'Ani Kaimahi' },
      { _id: kiri.user.id, name: 'kiri Kaimahi' },
    ]);
    // A service nobody works on: an empty list, not an error.
    expect((await staffOf('musical_therapy', manager.token)).body).toEqual([]);
  });

  it('answers 404 to a kaimahi asking of a service that is not theirs, as for a record they may not see', async () => {
    const res = await staffOf('whanau_ora_support', ani.token);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ errors: [{ msg: 'Service not found', code: 'not_found' }] });
    const none = await buildUser({ access: 1, services: [] });
    expect((await staffOf('raised_gardens', none.token)).status).toBe(404);
  });

  it('answers 400 naming the key when no service has it, to kaimahi and managers alike', async () => {
    for (const token of [hemi.token, manager.token]) {
      const res = await staffOf('no_such_service', token);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ errors: [{ msg: 'No service has that key', param: 'key', code: 'invalid_value' }] });
    }
  });

  it('answers 401 to every bad token, before looking at the key', async () => {
    const bad = badTokens(hemi.user);
    const revoked = signToken(hemi.user);
    expect((await api.post('/api/auth/logout', { token: revoked })).status).toBe(204);
    for (const token of [undefined, bad.malformed, bad.wrongSignature, bad.algNone, bad.expired, bad.otherAlgorithm, revoked]) {
      for (const key of ['whanau_ora_support', 'no_such_service']) {
        const res = await staffOf(key, token);
        expect(res.status).toBe(401);
        expect(res.body.errors).toHaveLength(1);
      }
    }
  });
});

const sync = async (mutations: unknown[], token: string) => {
  const res = await api.post('/api/sync', { token, json: { mutations } });
  expect(res.status).toBe(200);
  return res.body.results as { status: string; record?: any; errors?: any[] }[];
};
const create = (kind: string, payload: Record<string, unknown>, id = newId()) => ({ _id: id, kind, entityId: id, payload });

/** A whānau Hemi made, of one Whānau Ora member and one Raised Gardens member, with a Whānau Ora goal. */
async function sharedWhanau() {
  const tama = await buildClient({ givenName: 'Tama', familyName: 'Rewi' });
  await buildEnrolment({ serviceKey: 'whanau_ora_support', clientId: tama.id });
  const mereAna = await buildClient({ givenName: 'Mere-Ana', familyName: 'Rewi' });
  await buildEnrolment({ serviceKey: 'raised_gardens', clientId: mereAna.id });
  const whanau = create('whanau.create', { name: 'Rewi' });
  const goal = create('goal.create', { whanauId: whanau._id, area: 'housing', text: 'Warm home', serviceKey: 'whanau_ora_support' });
  const links = [
    create('member.link', { whanauId: whanau._id, clientId: tama.id, relationship: 'parent' }),
    create('member.link', { whanauId: whanau._id, clientId: mereAna.id, relationship: 'child' }),
  ];
  // Hemi may link only the member he sees; a manager links the other.
  expect((await sync([whanau, links[0], goal], hemi.token)).map((r) => r.status)).toEqual(['applied', 'applied', 'applied']);
  expect((await sync([links[1]], manager.token))[0]?.status).toBe('applied');
  return { whanauId: whanau._id, goalId: goal._id, tama, mereAna };
}

describe('assigning a follow-up to a kaimahi of its service', () => {
  it('accepts a colleague of the service, shows it on their list and the whānau page with their name, not on the maker’s', async () => {
    const w = await sharedWhanau();
    const forKiri = create('task.create', { whanauId: w.whanauId, goalId: w.goalId, text: 'Ring the landlord', dueOn: '2026-12-10', assignedTo: kiri.user.id });
    const [result] = await sync([forKiri], hemi.token);
    expect(result).toMatchObject({
      status: 'applied',
      record: { _id: forKiri._id, assignedTo: kiri.user.id, assignedToName: 'kiri Kaimahi', createdBy: hemi.user.id },
    });
    const kirisList = (await api.get('/api/follow-ups', { token: kiri.token })).body as { _id: string }[];
    expect(kirisList.map((task) => task._id)).toContain(forKiri._id);
    const hemisList = (await api.get('/api/follow-ups', { token: hemi.token })).body as { _id: string }[];
    expect(hemisList.map((task) => task._id)).not.toContain(forKiri._id);
    const page = (await api.get(`/api/whanau/${w.whanauId}`, { token: hemi.token })).body as { tasks: { _id: string; assignedToName: string }[] };
    expect(page.tasks.find((task) => task._id === forKiri._id)?.assignedToName).toBe('kiri Kaimahi');
  });

  it('refuses with a clear 400 on assignedTo anyone else: another service’s kaimahi, a deactivated account, an unknown id; nothing is written', async () => {
    const w = await sharedWhanau();
    const cases = [
      // Ani sees the whānau (through Mere-Ana) but not the Whānau Ora goal this serves.
      { assignedTo: ani.user.id, goalId: w.goalId, msg: 'That kaimahi does not work on the service of this follow-up' },
      { assignedTo: gone.user.id, msg: 'No active staff account has that id' },
      { assignedTo: newId(), msg: 'No active staff account has that id' },
    ];
    const mutations = cases.map(({ assignedTo, goalId }) =>
      create('task.create', { whanauId: w.whanauId, ...(goalId ? { goalId } : {}), text: 'Bring compost', dueOn: '2026-12-12', assignedTo }),
    );
    const results = await sync(mutations, hemi.token);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(results.map((r) => r.errors)).toEqual(cases.map(({ msg }) => [{ msg, param: 'payload.assignedTo', code: 'bad_request' }]));
    expect(await Task.count({ where: { id: mutations.map((m) => m._id) } })).toBe(0);
    // A follow-up about the whānau alone belongs to its members' services: Ani's, through Mere-Ana.
    const forAni = create('task.create', { whanauId: w.whanauId, text: 'Seedlings', dueOn: '2026-12-12', assignedTo: ani.user.id });
    expect((await sync([forAni], hemi.token))[0]?.status).toBe('applied');
  });

  it('refuses a client’s follow-up for a kaimahi of a service the client is not enrolled in', async () => {
    const client = await buildClient({ givenName: 'Hōhepa', familyName: 'Tane' });
    await buildEnrolment({ serviceKey: 'raised_gardens', clientId: client.id });
    const outside = create('task.create', { clientId: client.id, text: 'Visit', dueOn: '2026-12-12', assignedTo: hemi.user.id });
    const inside = create('task.create', { clientId: client.id, text: 'Visit', dueOn: '2026-12-12', assignedTo: kiri.user.id });
    const results = await sync([outside, inside], ani.token);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'applied']);
    // Hemi cannot see the client at all: that is said first.
    expect(results[0]?.errors).toEqual([{ msg: 'That kaimahi cannot see who this follow-up is about', param: 'payload.assignedTo', code: 'bad_request' }]);
  });

  it('checks a reassignment (task.update) the same way, and leaves the follow-up as it was when refused', async () => {
    const w = await sharedWhanau();
    const task = create('task.create', { whanauId: w.whanauId, goalId: w.goalId, text: 'Ring WINZ', dueOn: '2026-12-10' });
    expect((await sync([task], hemi.token))[0]?.record).toMatchObject({ assignedTo: hemi.user.id, version: 1 });
    const edit = (assignedTo: string, baseVersion: number) => ({ _id: newId(), kind: 'task.update', entityId: task._id, baseVersion, payload: { assignedTo } });
    const [refused] = await sync([edit(ani.user.id, 1)], hemi.token);
    expect(refused).toMatchObject({
      status: 'rejected',
      errors: [{ msg: 'That kaimahi does not work on the service of this follow-up', param: 'payload.assignedTo', code: 'bad_request' }],
    });
    expect((await Task.findByPk(task._id))?.assignedTo).toBe(hemi.user.id);
    const [moved] = await sync([edit(wiremu.user.id, 1)], hemi.token);
    expect(moved).toMatchObject({ status: 'applied', record: { assignedTo: wiremu.user.id, assignedToName: 'Wiremu Manager', version: 2 } });
  });
});
