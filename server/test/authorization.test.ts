import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Whanau, WhanauMember } from '../src/db/models/whanau';
import { WhanauDevice } from '../src/db/models/whanau-app';
import { signMemberToken, signToken } from '../src/lib/tokens';
import { buildClient, buildEnrolment } from './factories';
import { buildUser, startTestServer, type TestApi } from './helpers';
import { badTokens } from './tokens';

/**
 * Every protected route against every kind of caller. Ids are random, so a caller who gets
 * past the guards meets a 404 or 400, never a change to real data.
 */
let api: TestApi;
beforeAll(async () => {
  api = await startTestServer();
});
afterAll(() => api.close());

const someId = () => crypto.randomUUID();
type Route = { method: string; path: () => string; level: 1 | 2; json?: unknown };

const protectedRoutes: Route[] = [
  { method: 'GET', path: () => '/api/auth', level: 1 },
  { method: 'POST', path: () => '/api/auth/logout', level: 1 },
  { method: 'PATCH', path: () => '/api/services/raised_gardens', level: 2, json: { statusText: '' } },
  { method: 'POST', path: () => '/api/content/blog', level: 2, json: {} },
  { method: 'DELETE', path: () => `/api/content/blog/${someId()}`, level: 2 },
  { method: 'POST', path: () => '/api/content/feature', level: 2, json: {} },
  { method: 'DELETE', path: () => `/api/content/feature/${someId()}`, level: 2 },
  { method: 'PATCH', path: () => '/api/site', level: 2, json: {} },
  { method: 'POST', path: () => '/api/content/team', level: 2, json: {} },
  { method: 'PATCH', path: () => `/api/content/team/${someId()}`, level: 2, json: { name: 'Nobody' } },
  { method: 'DELETE', path: () => `/api/content/team/${someId()}`, level: 2 },
  { method: 'POST', path: () => '/api/content/former-services', level: 2, json: {} },
  { method: 'PATCH', path: () => `/api/content/former-services/${someId()}`, level: 2, json: { title: 'Nothing' } },
  { method: 'DELETE', path: () => `/api/content/former-services/${someId()}`, level: 2 },
  { method: 'GET', path: () => '/api/logs', level: 2 },
  { method: 'GET', path: () => `/api/logs/${someId()}`, level: 2 },
  { method: 'DELETE', path: () => `/api/logs/${someId()}`, level: 2 },
  { method: 'GET', path: () => '/api/users', level: 2 },
  { method: 'POST', path: () => '/api/users', level: 2, json: {} },
  { method: 'GET', path: () => `/api/users/${someId()}`, level: 2 },
  { method: 'PATCH', path: () => `/api/users/${someId()}`, level: 2, json: { name: 'Nobody' } },
  { method: 'DELETE', path: () => `/api/users/${someId()}`, level: 2 },
  { method: 'GET', path: () => `/api/users/${someId()}/audit`, level: 2 },
  { method: 'GET', path: () => '/api/audit', level: 2 },
  { method: 'GET', path: () => '/api/audit/export?from=2026-01-01&to=2026-01-31', level: 2 },
  { method: 'GET', path: () => '/api/enrolments', level: 1 },
  { method: 'PATCH', path: () => `/api/enrolments/${someId()}`, level: 1, json: { _id: someId(), baseVersion: 1, changes: { status: 'contacted' } } },
  { method: 'GET', path: () => '/api/clients', level: 1 },
  { method: 'POST', path: () => '/api/clients', level: 1, json: {} },
  { method: 'GET', path: () => `/api/clients/duplicates?enrolment=${someId()}`, level: 1 },
  { method: 'GET', path: () => `/api/clients/${someId()}`, level: 1 },
  { method: 'PATCH', path: () => `/api/clients/${someId()}`, level: 1, json: { _id: someId(), baseVersion: 1, changes: { suburb: 'Aranui' } } },
  { method: 'POST', path: () => `/api/clients/${someId()}/notes`, level: 1, json: { _id: someId(), text: 'Kia ora' } },
  { method: 'GET', path: () => `/api/clients/${someId()}/duplicates`, level: 1 },
  { method: 'GET', path: () => `/api/clients/${someId()}/audit`, level: 2 },
  { method: 'GET', path: () => `/api/clients/${someId()}/export`, level: 2 },
  { method: 'GET', path: () => '/api/clients/retention', level: 2 },
  { method: 'POST', path: () => `/api/clients/${someId()}/archive`, level: 2 },
  { method: 'POST', path: () => `/api/clients/${someId()}/erase`, level: 2 },
  { method: 'GET', path: () => `/api/clients/${someId()}/erasure-review`, level: 2 },
  { method: 'GET', path: () => '/api/duplicates', level: 2 },
  { method: 'POST', path: () => '/api/duplicates/not-same', level: 2, json: { a: someId(), b: someId() } },
  { method: 'POST', path: () => `/api/clients/${someId()}/merge`, level: 2, json: { otherId: someId(), baseVersions: { kept: 1, other: 1 } } },
  { method: 'POST', path: () => `/api/merges/${someId()}/undo`, level: 2 },
  { method: 'GET', path: () => `/api/imports/${someId()}`, level: 2 },
  { method: 'PUT', path: () => `/api/imports/${someId()}/mapping`, level: 2, json: { mapping: {} } },
  { method: 'POST', path: () => `/api/imports/${someId()}/confirm`, level: 2 },
  { method: 'POST', path: () => `/api/imports/${someId()}/undo`, level: 2 },
  { method: 'POST', path: () => `/api/clients/${someId()}/notes/${someId()}/share`, level: 1 },
  { method: 'GET', path: () => '/api/services/raised_gardens/staff', level: 1 },
  { method: 'GET', path: () => '/api/dashboard', level: 1 },
  { method: 'POST', path: () => '/api/sync', level: 1, json: { mutations: [] } },
  { method: 'GET', path: () => '/api/whanau', level: 1 },
  { method: 'GET', path: () => '/api/whanau/caseload', level: 1 },
  { method: 'GET', path: () => `/api/whanau/${someId()}`, level: 1 },
  { method: 'GET', path: () => '/api/follow-ups', level: 1 },
  { method: 'POST', path: () => `/api/whanau/${someId()}/invites`, level: 1, json: { clientId: someId() } },
  { method: 'GET', path: () => `/api/whanau/${someId()}/devices`, level: 1 },
  { method: 'POST', path: () => `/api/whanau/${someId()}/devices/${someId()}/unlink`, level: 1 },
  { method: 'GET', path: () => `/api/whanau/${someId()}/shares`, level: 1 },
  { method: 'GET', path: () => `/api/whanau/${someId()}/voice`, level: 1 },
  { method: 'GET', path: () => `/api/whanau/${someId()}/detail-changes`, level: 1 },
  { method: 'POST', path: () => `/api/whanau/${someId()}/detail-changes/${someId()}/answer`, level: 1, json: { fields: { phone: true } } },
  { method: 'GET', path: () => '/api/privacy-requests', level: 2 },
  { method: 'POST', path: () => `/api/privacy-requests/${someId()}/answer`, level: 2, json: { outcome: 'corrected' } },
  { method: 'PUT', path: () => `/api/whanau/${someId()}/shares`, level: 1, json: { itemKind: 'goal', itemId: someId(), shared: true } },
];

/** The whānau's own app (issue 34): only a linked phone's token reaches these; every staff token is refused. */
const memberRoutes: Omit<Route, 'level'>[] = [
  { method: 'GET', path: () => '/api/whanau-app' },
  { method: 'GET', path: () => '/api/whanau-app/device-key' },
  { method: 'GET', path: () => `/api/whanau-app/steps/${someId()}/calendar.ics` },
  { method: 'POST', path: () => '/api/whanau-app/unlink' },
  { method: 'POST', path: () => '/api/whanau-app/sync', json: { mutations: [{ _id: someId(), kind: 'goal.suggest', entityId: someId(), payload: {} }] } },
  { method: 'POST', path: () => '/api/whanau-app/pin-failed' },
];

const publicRoutes: Route[] = [
  { method: 'GET', path: () => '/api/services', level: 1 },
  { method: 'GET', path: () => '/api/services/whanau_support', level: 1 },
  { method: 'GET', path: () => '/api/content/blog', level: 1 },
  { method: 'GET', path: () => '/api/content/feature', level: 1 },
  { method: 'GET', path: () => '/api/site', level: 1 },
  { method: 'GET', path: () => '/api/content/team', level: 1 },
  { method: 'GET', path: () => '/api/content/former-services', level: 1 },
];

type Caller = 'no token' | 'malformed' | 'wrong signature' | 'alg none' | 'expired' | 'revoked' | 'whānau member' | 'level 1' | 'level 2';
let tokenFor: (caller: Caller) => Promise<string | undefined>;
let memberToken: () => Promise<string>;

beforeAll(async () => {
  const staff = await buildUser({ access: 1 });
  const manager = await buildUser({ access: 2 });
  const bad = badTokens(staff.user);
  // A phone linked to a whānau for one of its members (a device token, decision 129).
  const whanau = await Whanau.create({ id: crypto.randomUUID(), name: 'Rewi', leadClientId: null, notes: null, createdBy: null, updatedBy: null });
  const member = await buildClient({ givenName: 'Tama', dateOfBirth: '1990-01-01' });
  await WhanauMember.create({
    id: crypto.randomUUID(),
    whanauId: whanau.id,
    clientId: member.id,
    relationship: 'parent',
    relationshipText: null,
    createdBy: null,
  });
  const linked = () =>
    WhanauDevice.create({
      id: crypto.randomUUID(),
      whanauId: whanau.id,
      clientId: member.id,
      inviteId: crypto.randomUUID(),
      linkedAt: new Date(),
      lastSeenAt: new Date(),
    });
  memberToken = async () => signMemberToken(await linked());
  tokenFor = async (caller) => {
    switch (caller) {
      case 'no token':
        return undefined;
      case 'malformed':
        return bad.malformed;
      case 'wrong signature':
        return bad.wrongSignature;
      case 'alg none':
        return bad.algNone;
      case 'expired':
        return bad.expired;
      case 'revoked': {
        const token = signToken(manager.user);
        expect((await api.post('/api/auth/logout', { token })).status).toBe(204);
        return token;
      }
      // A fresh device each time, so the unlink routes cannot spend the next call's device.
      case 'whānau member':
        return memberToken();
      // A fresh token each time, so the logout route cannot spend the next call's token.
      case 'level 1':
        return signToken(staff.user);
      case 'level 2':
        return signToken(manager.user);
    }
  };
});

/** A whānau member's device token is refused on every staff route as a bad token is (DESIGN §4e). */
const badCallers: Caller[] = ['no token', 'malformed', 'wrong signature', 'alg none', 'expired', 'revoked', 'whānau member'];

describe.each(protectedRoutes)('$method $level', (route) => {
  const name = `${route.method} ${route.path().replace(/[0-9a-f-]{36}/, '{id}')}`;
  it.each(badCallers)(`${name} refuses %s with 401`, async (caller) => {
    const res = await api.request(route.method, route.path(), { token: await tokenFor(caller), json: route.json });
    expect(res.status).toBe(401);
    expect(res.body.errors).toHaveLength(1);
  });

  it(`${name} at level 1 → ${route.level > 1 ? 403 : 'allowed'}`, async () => {
    const res = await api.request(route.method, route.path(), { token: await tokenFor('level 1'), json: route.json });
    if (route.level > 1) expect(res.status).toBe(403);
    else expect([401, 403]).not.toContain(res.status);
  });

  it(`${name} at level 2 → allowed`, async () => {
    const res = await api.request(route.method, route.path(), { token: await tokenFor('level 2'), json: route.json });
    expect([401, 403, 500]).not.toContain(res.status);
  });
});

describe.each(memberRoutes)('whānau app $method', (route) => {
  const name = `${route.method} ${route.path().replace(/[0-9a-f-]{36}/, '{id}')}`;
  it.each(['no token', 'malformed', 'wrong signature', 'alg none', 'expired', 'revoked', 'level 1', 'level 2'] as Caller[])(
    `${name} refuses %s with 401`,
    async (caller) => {
      const res = await api.request(route.method, route.path(), { token: await tokenFor(caller), json: route.json });
      expect(res.status).toBe(401);
      expect(res.body.errors).toHaveLength(1);
    },
  );

  it(`${name} as a whānau member → allowed (404 for what is not shared)`, async () => {
    const res = await api.request(route.method, route.path(), { token: await tokenFor('whānau member'), json: route.json });
    expect([200, 204, 404]).toContain(res.status);
  });
});

describe.each(publicRoutes)('public $method', (route) => {
  it.each([...badCallers, 'level 1', 'level 2'] as Caller[])(`${route.method} ${route.path()} answers %s with 200`, async (caller) => {
    const res = await api.request(route.method, route.path(), { token: await tokenFor(caller) });
    expect(res.status).toBe(200);
  });
});

/**
 * Need-to-know on writes (issue 32, decision 111): each write kind that names a client, sent by a
 * kaimahi who sees the whānau through one member, naming the member they cannot see. Each is
 * refused with the contract's error shape, on the field that names the member.
 */
describe('writes naming a member the writer cannot see', () => {
  const newId = () => crypto.randomUUID();
  let world: { whanauId: string; hidden: string; seen: string; goalId: string; taskId: string; gardensToken: string; gardensId: string; oraToken: string };
  beforeAll(async () => {
    const manager = await buildUser({ access: 2 });
    const ora = await buildUser({ services: ['whanau_ora_support'] });
    const gardens = await buildUser({ services: ['raised_gardens'] });
    const hidden = await buildClient({ givenName: 'Tama' });
    await buildEnrolment({ serviceKey: 'whanau_ora_support', clientId: hidden.id });
    const seen = await buildClient({ givenName: 'Mere-Ana' });
    await buildEnrolment({ serviceKey: 'raised_gardens', clientId: seen.id });
    const whanauId = newId();
    const goalId = newId();
    const taskId = newId();
    const created = (kind: string, id: string, payload: unknown) => ({ _id: id, kind, entityId: id, payload });
    const res = await api.post('/api/sync', {
      token: manager.token,
      json: {
        mutations: [
          created('whanau.create', whanauId, { name: 'Rewi' }),
          created('member.link', newId(), { whanauId, clientId: hidden.id, relationship: 'parent' }),
          created('member.link', newId(), { whanauId, clientId: seen.id, relationship: 'child' }),
        ],
      },
    });
    expect(res.body.results.map((result: { status: string }) => result.status)).toEqual(['applied', 'applied', 'applied']);
    const own = await api.post('/api/sync', {
      token: gardens.token,
      json: {
        mutations: [
          created('goal.create', goalId, { whanauId, area: 'kai', text: 'Garden', serviceKey: 'raised_gardens' }),
          created('task.create', taskId, { whanauId, text: 'Compost', dueOn: '2026-12-10' }),
        ],
      },
    });
    expect(own.body.results.map((result: { status: string }) => result.status)).toEqual(['applied', 'applied']);
    world = { whanauId, hidden: hidden.id, seen: seen.id, goalId, taskId, gardensToken: gardens.token, gardensId: gardens.user.id, oraToken: ora.token };
  });

  type WriteCase = { kind: string; by: 'gardens' | 'ora'; mutation: () => Record<string, unknown>; error: Record<string, unknown> };
  const created = (kind: string, payload: () => Record<string, unknown>) => () => {
    const id = newId();
    return { _id: id, kind, entityId: id, payload: payload() };
  };
  const cases: WriteCase[] = [
    {
      kind: 'goal.create (clientId)',
      by: 'gardens',
      mutation: created('goal.create', () => ({ whanauId: world.whanauId, clientId: world.hidden, area: 'kai', text: 'x', serviceKey: 'raised_gardens' })),
      error: { param: 'payload.clientId', code: 'bad_request' },
    },
    {
      kind: 'goal.update (clientId)',
      by: 'gardens',
      mutation: () => ({ _id: newId(), kind: 'goal.update', entityId: world.goalId, baseVersion: 1, payload: { clientId: world.hidden } }),
      error: { param: 'payload.clientId', code: 'bad_request' },
    },
    {
      kind: 'contact.create (presentClientIds)',
      by: 'gardens',
      mutation: created('contact.create', () => ({
        whanauId: world.whanauId,
        on: '2026-11-26',
        kind: 'phone',
        minutes: 10,
        serviceKey: 'raised_gardens',
        presentClientIds: [world.hidden],
        summary: 'x',
      })),
      error: { param: 'payload.presentClientIds', code: 'bad_request' },
    },
    {
      kind: 'contact.create (clientId)',
      by: 'gardens',
      mutation: created('contact.create', () => ({
        whanauId: world.whanauId,
        clientId: world.hidden,
        on: '2026-11-26',
        kind: 'phone',
        minutes: 10,
        serviceKey: 'raised_gardens',
        summary: 'x',
      })),
      error: { msg: 'Client not found', code: 'not_found' },
    },
    {
      kind: 'task.create (clientId)',
      by: 'gardens',
      mutation: created('task.create', () => ({ whanauId: world.whanauId, clientId: world.hidden, text: 'x', dueOn: '2026-12-10' })),
      error: { msg: 'Client not found', code: 'not_found' },
    },
    {
      kind: 'task.create (assignee cannot see the client)',
      by: 'ora',
      mutation: created('task.create', () => ({
        whanauId: world.whanauId,
        clientId: world.hidden,
        text: 'x',
        dueOn: '2026-12-10',
        assignedTo: world.gardensId,
      })),
      error: { param: 'payload.assignedTo', code: 'bad_request' },
    },
    {
      kind: 'whanau.update (leadClientId)',
      by: 'gardens',
      mutation: () => ({ _id: newId(), kind: 'whanau.update', entityId: world.whanauId, baseVersion: 1, payload: { leadClientId: world.hidden } }),
      error: { param: 'payload.leadClientId', code: 'bad_request' },
    },
    {
      kind: 'member.link (clientId)',
      by: 'gardens',
      mutation: created('member.link', () => ({ whanauId: world.whanauId, clientId: world.hidden, relationship: 'other', relationshipText: 'aunty' })),
      error: { msg: 'Client not found', code: 'not_found' },
    },
  ];

  it.each(cases)('$kind is refused', async ({ by, mutation, error }) => {
    const res = await api.post('/api/sync', { token: by === 'gardens' ? world.gardensToken : world.oraToken, json: { mutations: [mutation()] } });
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([expect.objectContaining({ status: 'rejected', errors: [expect.objectContaining(error)] })]);
    expect(res.body.results[0].errors[0].msg).toEqual(expect.any(String));
  });
});
