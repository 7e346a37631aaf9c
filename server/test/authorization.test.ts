import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signToken } from '../src/lib/tokens';
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

type Caller = 'no token' | 'malformed' | 'wrong signature' | 'alg none' | 'expired' | 'revoked' | 'level 1' | 'level 2';
let tokenFor: (caller: Caller) => Promise<string | undefined>;

beforeAll(async () => {
  const staff = await buildUser({ access: 1 });
  const manager = await buildUser({ access: 2 });
  const bad = badTokens(staff.user);
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
      // A fresh token each time, so the logout route cannot spend the next call's token.
      case 'level 1':
        return signToken(staff.user);
      case 'level 2':
        return signToken(manager.user);
    }
  };
});

const badCallers: Caller[] = ['no token', 'malformed', 'wrong signature', 'alg none', 'expired', 'revoked'];

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

describe.each(publicRoutes)('public $method', (route) => {
  it.each([...badCallers, 'level 1', 'level 2'] as Caller[])(`${route.method} ${route.path()} answers %s with 200`, async (caller) => {
    const res = await api.request(route.method, route.path(), { token: await tokenFor(caller) });
    expect(res.status).toBe(200);
  });
});
