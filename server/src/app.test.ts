import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, startTestServer, type TestApi } from '../test/helpers';
import { logFile } from './lib/logger';

let api: TestApi;
beforeAll(async () => {
  api = await startTestServer();
});
afterAll(() => api.close());

describe('every response', () => {
  it('carries the security headers, on success, on errors and on unknown paths', async () => {
    for (const res of [await api.get('/api/services'), await api.get('/api/nothing-here'), await api.post('/api/auth', { json: {} })]) {
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBeTruthy();
    }
  });

  it('does not let other sites call the API unless configured', async () => {
    const res = await api.get('/api/services', { headers: { origin: 'https://elsewhere.example' } });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('bad requests', () => {
  it('answers an unknown API path with 404 in the error shape', async () => {
    const res = await api.get('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ errors: [{ msg: 'Not found', code: 'not_found' }] });
  });

  it('answers malformed JSON with 400 and nothing internal', async () => {
    const res = await api.post('/api/auth', { body: '{"email": "a@b.c", "password": ', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errors: [{ msg: 'Request body is not valid', code: 'invalid_body' }] });
  });

  it('answers a JSON body over the limit with 413', async () => {
    const res = await api.post('/api/auth', { json: { email: 'a@example.org', password: 'x'.repeat(200 * 1024) } });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ errors: [{ msg: 'Request is too large', code: 'too_large' }] });
  });

  it('answers a body that is not JSON with 415', async () => {
    const res = await api.post('/api/auth', { body: 'email=a@example.org&password=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.status).toBe(415);
    expect(res.body.errors[0].msg).toMatch(/JSON/);
  });

  it('answers a JSON value that is not an object with 400', async () => {
    const res = await api.post('/api/auth', { body: '"just a string"', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body.errors.length).toBeGreaterThan(0);
  });

  it('never lets a body set fields the server owns', async () => {
    const { token, user } = await buildUser({ access: 2 });
    const res = await api.patch('/api/services/raised_gardens', { token, json: { statusText: 'Soon', key: 'hacked', url: '/evil', _id: 'x' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ key: 'raised_gardens', url: '/service/raised_gardens', statusText: 'Soon' });
    expect(user.access).toBe(2);
  });
});

describe('protected routes check the token before reading the body', () => {
  const bodies: [string, { body: string; headers: Record<string, string> }][] = [
    ['malformed JSON', { body: '{"name": ', headers: { 'content-type': 'application/json' } }],
    ['an oversized body', { body: JSON.stringify({ name: 'x'.repeat(200 * 1024) }), headers: { 'content-type': 'application/json' } }],
    ['a body that is not JSON', { body: 'name=x', headers: { 'content-type': 'text/plain' } }],
  ];
  for (const [kind, request] of bodies) {
    it(`answers 401, not 400, 413 or 415, to ${kind} without a valid token`, async () => {
      const { user } = await buildUser({ access: 2 });
      for (const [method, path] of [
        ['POST', '/api/users'],
        ['PATCH', `/api/users/${user.id}`],
        ['PATCH', '/api/services/whanau_ora_support'],
        ['POST', '/api/auth/password'],
      ] as const) {
        const missing = await api.request(method, path, request);
        expect(missing.status, `${method} ${path}`).toBe(401);
        const bad = await api.request(method, path, { ...request, token: 'not-a-token' });
        expect(bad.status, `${method} ${path}`).toBe(401);
      }
    });
  }

  it('still reads the body of public routes and of protected ones with a valid token', async () => {
    const { token } = await buildUser({ access: 2 });
    expect((await api.post('/api/auth', { body: '{"email": ', headers: { 'content-type': 'application/json' } })).status).toBe(400);
    expect((await api.post('/api/users', { token, body: '{"name": ', headers: { 'content-type': 'application/json' } })).status).toBe(400);
  });
});

describe('request log', () => {
  const requestLines = () =>
    fs
      .readFileSync(logFile.currentPath(), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
      .filter((line) => line.msg === 'request');

  it('logs every API request once with the status it got, failures included, without the query string', async () => {
    const before = requestLines().length;
    await api.get('/api/services?q=Aroha');
    await api.post('/api/auth', { json: { email: 'nobody@example.org', password: 'not the password' } });
    await api.get('/api/users');
    await api.post('/api/auth', { body: '{', headers: { 'content-type': 'application/json' } });
    const lines = requestLines().slice(before);
    expect(lines.map((line) => [line.method, line.path, line.status])).toEqual([
      ['GET', '/api/services', 200],
      ['POST', '/api/auth', 400],
      ['GET', '/api/users', 401],
      ['POST', '/api/auth', 400],
    ]);
    expect(lines.every((line) => line.ip === '127.0.0.1' && typeof line.ms === 'number')).toBe(true);
    expect(JSON.stringify(lines)).not.toContain('Aroha');
  });
});

describe('methods a path does not have', () => {
  it('answers 405 in the error shape, with the methods it does have', async () => {
    const res = await api.request('PUT', '/api/services');
    expect(res.status).toBe(405);
    expect(res.body).toEqual({ errors: [{ msg: 'Method Not Allowed', code: 'method_not_allowed' }] });
    expect(res.headers.get('allow')).toContain('GET');
  });

  it('answers a method the server does not know with 501 in the error shape', async () => {
    const res = await api.request('PROPFIND', '/api/services');
    expect(res.status).toBe(501);
    expect(res.body.errors).toHaveLength(1);
  });
});

describe('compression', () => {
  it('compresses API answers over 1 KB for browsers that accept it, and not otherwise', async () => {
    const compressed = await api.get('/api/services', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(compressed.headers.get('content-encoding')).toBe('br');
    expect(compressed.body).toHaveLength(6);
    const plain = await api.get('/api/services', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
  });
});
