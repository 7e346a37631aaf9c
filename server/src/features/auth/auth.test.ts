import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, startTestServer, type TestApi } from '../../../test/helpers';
import { badTokens } from '../../../test/tokens';

let api: TestApi;
beforeAll(async () => {
  api = await startTestServer();
});
afterAll(() => api.close());

describe('POST /api/auth', () => {
  it('signs in with email and password, and the token shows who is signed in without a hash', async () => {
    const { user, password } = await buildUser({ name: 'Mere Kaimahi', access: 2 });
    const login = await api.post('/api/auth', { json: { email: user.email.toUpperCase(), password } });
    expect(login.status).toBe(200);
    expect(Object.keys(login.body)).toEqual(['token']);
    const me = await api.get('/api/auth', { token: login.body.token });
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ _id: user.id, name: 'Mere Kaimahi', email: user.email, access: 2, services: [] });
  });

  it('answers a wrong password, an unknown email and a deactivated account the same way', async () => {
    const { user } = await buildUser();
    const { user: inactive, password } = await buildUser({ active: false });
    const answers = await Promise.all([
      api.post('/api/auth', { json: { email: user.email, password: 'wrong password entirely' } }),
      api.post('/api/auth', { json: { email: 'nobody-here@example.org', password: 'wrong password entirely' } }),
      api.post('/api/auth', { json: { email: inactive.email, password } }),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ errors: [{ msg: 'Invalid credentials' }] });
    }
  });

  it('lists every problem with the request at once', async () => {
    const res = await api.post('/api/auth', { json: { email: 'not an email' } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { msg: 'Please include a valid email', param: 'email' },
      { msg: 'Password is required', param: 'password' },
    ]);
  });

  it('refuses an account with 429 after 100 failed sign-ins in an hour, even with the right password', async () => {
    const { user, password } = await buildUser();
    for (let attempt = 1; attempt <= 100; attempt += 1) {
      const res = await api.post('/api/auth', { json: { email: user.email, password: `wrong ${attempt}` } });
      expect(res.status).toBe(400);
    }
    const blocked = await api.post('/api/auth', { json: { email: user.email, password } });
    expect(blocked.status).toBe(429);
    expect(blocked.body.errors[0].msg).toMatch(/too many/i);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another account from the same place is not locked out by that.
    const other = await buildUser();
    expect((await api.post('/api/auth', { json: { email: other.user.email, password: other.password } })).status).toBe(200);
  }, 120_000);
});

describe('tokens', () => {
  it('refuses a missing, malformed, forged, unsigned, expired or other-algorithm token with 401', async () => {
    const { user } = await buildUser();
    expect((await api.get('/api/auth')).status).toBe(401);
    for (const [kind, token] of Object.entries(badTokens(user))) {
      const res = await api.get('/api/auth', { token });
      expect(res.status, kind).toBe(401);
      expect(res.body, kind).toEqual({ errors: [{ msg: expect.any(String) }] });
    }
  });

  it('signs out one token: it stops working, another session of the same person carries on', async () => {
    const { user, password } = await buildUser();
    const first = (await api.post('/api/auth', { json: { email: user.email, password } })).body.token;
    const second = (await api.post('/api/auth', { json: { email: user.email, password } })).body.token;
    expect((await api.post('/api/auth/logout', { token: first })).status).toBe(204);
    expect((await api.get('/api/auth', { token: first })).status).toBe(401);
    expect((await api.post('/api/auth/logout', { token: first })).status).toBe(401);
    expect((await api.get('/api/auth', { token: second })).status).toBe(200);
  });

  it('stops a token at once when its account is deactivated', async () => {
    const { user, token } = await buildUser();
    await user.update({ active: false, tokenVersion: user.tokenVersion + 1 });
    expect((await api.get('/api/auth', { token })).status).toBe(401);
  });
});
