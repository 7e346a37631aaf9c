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
      expect(answer.body).toEqual({ errors: [{ msg: 'Invalid credentials', code: 'invalid_credentials' }] });
    }
  });

  it('lists every problem with the request at once', async () => {
    const res = await api.post('/api/auth', { json: { email: 'not an email' } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { msg: 'Please include a valid email', code: 'invalid_email', param: 'email' },
      { msg: 'Password is required', code: 'required', param: 'password' },
    ]);
  });
});

describe('sign-in input', () => {
  it('refuses an oversized email before looking anything up', async () => {
    const res = await api.post('/api/auth', { json: { email: `${'a'.repeat(90_000)}@example.org`, password: 'whatever it is' } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([expect.objectContaining({ msg: 'Email must be at most 254 characters', param: 'email' })]);
  });
});

describe('tokens', () => {
  it('refuses a missing, malformed, forged, unsigned, expired or other-algorithm token with 401', async () => {
    const { user } = await buildUser();
    expect((await api.get('/api/auth')).status).toBe(401);
    for (const [kind, token] of Object.entries(badTokens(user))) {
      const res = await api.get('/api/auth', { token });
      expect(res.status, kind).toBe(401);
      expect(res.body, kind).toEqual({ errors: [{ msg: expect.any(String), code: expect.stringMatching(/^(not_signed_in|invalid_token)$/) }] });
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

describe('GET /api/auth/device-key', () => {
  it('gives each session its own 256-bit secret, the same every time it asks, never cached', async () => {
    const { user, password } = await buildUser();
    const first = (await api.post('/api/auth', { json: { email: user.email, password } })).body.token;
    const second = (await api.post('/api/auth', { json: { email: user.email, password } })).body.token;
    const asked = await api.get('/api/auth/device-key', { token: first });
    expect(asked.status).toBe(200);
    expect(asked.headers.get('cache-control')).toBe('no-store');
    expect(Object.keys(asked.body)).toEqual(['deviceKey']);
    expect(Buffer.from(asked.body.deviceKey, 'base64url')).toHaveLength(32);
    expect((await api.get('/api/auth/device-key', { token: first })).body).toEqual(asked.body);
    expect((await api.get('/api/auth/device-key', { token: second })).body.deviceKey).not.toBe(asked.body.deviceKey);
  });

  it('is gone with the session: signed out, or any bad token, answers 401', async () => {
    const { user, password } = await buildUser();
    const token = (await api.post('/api/auth', { json: { email: user.email, password } })).body.token;
    expect((await api.post('/api/auth/logout', { token })).status).toBe(204);
    const after = await api.get('/api/auth/device-key', { token });
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ errors: [{ msg: 'Token is not valid', code: 'invalid_token' }] });
    expect((await api.get('/api/auth/device-key')).status).toBe(401);
    for (const [kind, bad] of Object.entries(badTokens(user))) expect((await api.get('/api/auth/device-key', { token: bad })).status, kind).toBe(401);
  });
});

describe('POST /api/auth/password', () => {
  it('changes one’s own password: the current one is needed, every other session ends, this one carries on', async () => {
    const { user, password } = await buildUser();
    const elsewhere = (await api.post('/api/auth', { json: { email: user.email, password } })).body.token;
    const here = (await api.post('/api/auth', { json: { email: user.email, password } })).body.token;
    const newPassword = 'harakeke flax weaving 7';

    const wrong = await api.post('/api/auth/password', { token: here, json: { currentPassword: 'not my password', newPassword } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([expect.objectContaining({ msg: 'Your current password is not right', param: 'currentPassword' })]);

    const changed = await api.post('/api/auth/password', { token: here, json: { currentPassword: password, newPassword } });
    expect(changed.status).toBe(200);
    expect(Object.keys(changed.body)).toEqual(['token']);
    expect((await api.get('/api/auth', { token: changed.body.token })).status).toBe(200);
    expect((await api.get('/api/auth', { token: elsewhere })).status).toBe(401);
    expect((await api.get('/api/auth', { token: here })).status).toBe(401);
    expect((await api.post('/api/auth', { json: { email: user.email, password } })).status).toBe(400);
    expect((await api.post('/api/auth', { json: { email: user.email, password: newPassword } })).status).toBe(200);
  });

  it('refuses common, breached and repetitive passwords with a clear message', async () => {
    const { password, token } = await buildUser();
    const cases: [string, RegExp][] = [
      ['password1234', /too common/],
      ['qwertyuiop12', /too common/],
      ['Sunshine2026!', /too common/],
      ['aaaaaaaaaaaa', /too repetitive/],
      ['            ', /too repetitive/],
      ['abababababab', /too repetitive/],
      ['short', /at least 12 characters/],
    ];
    for (const [newPassword, message] of cases) {
      const res = await api.post('/api/auth/password', { token, json: { currentPassword: password, newPassword } });
      expect(res.status, newPassword).toBe(400);
      expect(res.body.errors, newPassword).toEqual([expect.objectContaining({ msg: expect.stringMatching(message), param: 'newPassword' })]);
    }
  });

  it('needs a token before anything else', async () => {
    const res = await api.post('/api/auth/password', { json: { currentPassword: 'x', newPassword: 'y' } });
    expect(res.status).toBe(401);
  });
});
