import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorItem } from '../../../contract/errors';
import { AuditEvent } from '../../db/models/audit-event';
import { User } from '../../db/models/user';
import { verifyPassword } from '../../lib/passwords';
import { buildUser, startTestServer, testPassword, type TestApi } from '../../../test/helpers';

let api: TestApi;
beforeAll(async () => {
  api = await startTestServer();
});
afterAll(() => api.close());

const newPassword = 'whakapapa matters 2026';
const uniqueEmail = (who = 'kaimahi') => `${who}-${crypto.randomUUID()}@example.org`;

/** Every column of every account, hashes and token versions included: "nothing changed" means this is equal. */
async function allAccounts() {
  return User.findAll({ raw: true, order: [['id', 'ASC']] });
}

async function signIn(email: string, password: string) {
  return api.post('/api/auth', { json: { email, password } });
}

async function tokenWorks(token: string): Promise<boolean> {
  const res = await api.get('/api/auth', { token });
  return res.status === 200;
}

/** Bad bodies both POST and PATCH refuse, with the exact errors the caller sees. */
const badBodies: [string, Record<string, unknown>, ApiErrorItem[]][] = [
  ['an email that is not an email', { email: 'not-an-email' }, [{ msg: 'Please include a valid email', code: 'invalid_email', param: 'email' }]],
  ['a short password', { password: 'eleven char' }, [{ msg: 'Password must be at least 12 characters', code: 'too_short', param: 'password', limit: 12 }]],
  ['access 0', { access: 0 }, [{ msg: 'Access must be at least 1', code: 'too_small', param: 'access', limit: 1 }]],
  ['access 4', { access: 4 }, [{ msg: 'Access must be at most 3', code: 'too_big', param: 'access', limit: 3 }]],
  ['access as text', { access: '2' }, [{ msg: 'Access must be a number', code: 'invalid_type', param: 'access' }]],
  ['access 2.5', { access: 2.5 }, [{ msg: 'Access must be a whole number', code: 'not_integer', param: 'access' }]],
  ['an empty name', { name: '' }, [{ msg: 'Name is required', code: 'required', param: 'name' }]],
  ['a name of spaces', { name: '   ' }, [{ msg: 'Name is required', code: 'required', param: 'name' }]],
  [
    'several bad fields at once',
    { name: '', email: 'nope', access: 9 },
    [
      { msg: 'Name is required', code: 'required', param: 'name' },
      { msg: 'Please include a valid email', code: 'invalid_email', param: 'email' },
      { msg: 'Access must be at most 3', code: 'too_big', param: 'access', limit: 3 },
    ],
  ],
];

describe('who may use /api/users', () => {
  it('answers 401 without a token and 403 to kaimahi (access 1), on every route', async () => {
    const { token } = await buildUser({ access: 1 });
    const { user: someone } = await buildUser({ access: 1 });
    const before = await allAccounts();
    const json = { name: 'Nobody', email: uniqueEmail(), access: 1, password: newPassword };
    const calls = [
      (options: { token?: string }) => api.get('/api/users', options),
      (options: { token?: string }) => api.post('/api/users', { ...options, json }),
      (options: { token?: string }) => api.get(`/api/users/${someone.id}`, options),
      (options: { token?: string }) => api.patch(`/api/users/${someone.id}`, { ...options, json: { name: 'Changed' } }),
      (options: { token?: string }) => api.delete(`/api/users/${someone.id}`, options),
    ];
    for (const call of calls) {
      const anonymous = await call({});
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toEqual({ errors: [{ msg: 'No token, authorisation denied', code: 'not_signed_in' }] });
      const staff = await call({ token });
      expect(staff.status).toBe(403);
      expect(staff.body).toEqual({ errors: [{ msg: 'You do not have access to this', code: 'forbidden' }] });
    }
    expect(await allAccounts()).toEqual(before);
  });
});

describe('GET /api/users', () => {
  it('lists staff accounts sorted by name, with no hash or token version', async () => {
    const { token } = await buildUser({ access: 2, name: 'Manaaki Manager' });
    await buildUser({ name: 'zoe Kaimahi' });
    await buildUser({ name: 'Ani Kaimahi', active: false });
    const res = await api.get('/api/users', { token });
    expect(res.status).toBe(200);
    const names: string[] = res.body.map((account: { name: string }) => account.name);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(names).toEqual(expect.arrayContaining(['Manaaki Manager', 'zoe Kaimahi', 'Ani Kaimahi']));
    for (const account of res.body) {
      expect(Object.keys(account).sort()).toEqual(['_id', 'access', 'active', 'createdAt', 'email', 'name', 'services', 'updatedAt']);
      expect(new Date(account.createdAt).toISOString()).toBe(account.createdAt);
    }
    expect(res.text).not.toMatch(/argon2|passwordHash|tokenVersion/);
    expect(res.body.find((account: { name: string }) => account.name === 'Ani Kaimahi').active).toBe(false);
  });
});

describe('POST /api/users', () => {
  it('creates an account (201) with the email stored lower-case, which can then sign in', async () => {
    const { token } = await buildUser({ access: 2 });
    const email = uniqueEmail('Hemi');
    const res = await api.post('/api/users', { token, json: { name: '  Hemi Tāne ', email: `  ${email.toUpperCase()}`, access: 1, password: newPassword } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Hemi Tāne',
      email: email.toLowerCase(),
      access: 1,
      services: [],
      active: true,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await api.get(`/api/users/${res.body._id}`, { token })).body).toEqual(res.body);
    const login = await signIn(email, newPassword);
    expect(login.status).toBe(200);
    const me = await api.get('/api/auth', { token: login.body.token });
    expect(me.body).toEqual({ _id: res.body._id, name: 'Hemi Tāne', email: email.toLowerCase(), access: 1, services: [] });
  });

  it('lets a manager create another manager, and an owner (access 3) create an owner', async () => {
    const { token: manager } = await buildUser({ access: 2 });
    const { token: owner } = await buildUser({ access: 3 });
    const asManager = await api.post('/api/users', {
      token: manager,
      json: { name: 'Second Manager', email: uniqueEmail(), access: 2, password: newPassword },
    });
    expect(asManager.status).toBe(201);
    expect(asManager.body.access).toBe(2);
    const asOwner = await api.post('/api/users', { token: owner, json: { name: 'Second Owner', email: uniqueEmail(), access: 3, password: newPassword } });
    expect(asOwner.status).toBe(201);
    expect(asOwner.body.access).toBe(3);
  });

  it('refuses an email already in use, whatever its case, with 409 on the email field', async () => {
    const { token } = await buildUser({ access: 2 });
    const { user: existing } = await buildUser();
    const before = await allAccounts();
    const res = await api.post('/api/users', { token, json: { name: 'Double', email: existing.email.toUpperCase(), access: 1, password: newPassword } });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ errors: [{ msg: 'That email is already in use', code: 'already_in_use', param: 'email' }] });
    expect(await allAccounts()).toEqual(before);
  });

  it('refuses to grant an access level above the caller’s own (403 on access)', async () => {
    const { token } = await buildUser({ access: 2 });
    const before = await allAccounts();
    const res = await api.post('/api/users', { token, json: { name: 'Too High', email: uniqueEmail(), access: 3, password: newPassword } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ errors: [{ msg: 'You cannot give an access level above your own', code: 'access_too_high', param: 'access' }] });
    expect(await allAccounts()).toEqual(before);
  });

  it.each(badBodies)('refuses %s with 400 and creates nothing', async (_name, changes, errors) => {
    const { token } = await buildUser({ access: 2 });
    const before = await allAccounts();
    const res = await api.post('/api/users', { token, json: { name: 'Valid Name', email: uniqueEmail(), access: 1, password: newPassword, ...changes } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errors });
    expect(await allAccounts()).toEqual(before);
  });

  it('lists every missing field of an empty body', async () => {
    const { token } = await buildUser({ access: 2 });
    const before = await allAccounts();
    const res = await api.post('/api/users', { token, json: {} });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      errors: [
        { msg: 'Name is required', code: 'required', param: 'name' },
        { msg: 'Email is required', code: 'required', param: 'email' },
        { msg: 'Access is required', code: 'required', param: 'access' },
        { msg: 'Password is required', code: 'required', param: 'password' },
      ],
    });
    expect(await allAccounts()).toEqual(before);
  });

  it('ignores _id, tokenVersion, passwordHash and active in the body', async () => {
    const { token } = await buildUser({ access: 2 });
    const email = uniqueEmail();
    const chosenId = crypto.randomUUID();
    const res = await api.post('/api/users', {
      token,
      json: { name: 'Picked Fields', email, access: 1, password: newPassword, _id: chosenId, id: chosenId, tokenVersion: 7, passwordHash: 'x', active: false },
    });
    expect(res.status).toBe(201);
    expect(res.body._id).not.toBe(chosenId);
    expect(res.body.active).toBe(true);
    const row = await User.findByPk(res.body._id);
    expect(row?.tokenVersion).toBe(0);
    expect(await verifyPassword(row?.passwordHash, newPassword)).toBe(true);
    expect(await User.findByPk(chosenId)).toBeNull();
  });

  it('answers 400 to malformed JSON and 415 to another content type, creating nothing', async () => {
    const { token } = await buildUser({ access: 2 });
    const before = await allAccounts();
    const malformed = await api.post('/api/users', { token, body: '{"name": "Half', headers: { 'content-type': 'application/json' } });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ errors: [{ msg: 'Request body is not valid', code: 'invalid_body' }] });
    const text = JSON.stringify({ name: 'As Text', email: uniqueEmail(), access: 1, password: newPassword });
    const wrongType = await api.post('/api/users', { token, body: text, headers: { 'content-type': 'text/plain' } });
    expect(wrongType.status).toBe(415);
    expect(wrongType.body).toEqual({ errors: [{ msg: 'Send JSON (Content-Type: application/json)', code: 'unsupported_media_type' }] });
    expect(await allAccounts()).toEqual(before);
  });
});

describe('GET /api/users/{id}', () => {
  it('shows one account', async () => {
    const { token } = await buildUser({ access: 2 });
    const { user } = await buildUser({ name: 'Rawiri Kaimahi' });
    const res = await api.get(`/api/users/${user.id}`, { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: user.id, name: 'Rawiri Kaimahi', email: user.email, access: 1, active: true });
  });

  it('answers 404 for an unknown id and 400 for an id that is not a UUID', async () => {
    const { token } = await buildUser({ access: 2 });
    const missing = await api.get(`/api/users/${crypto.randomUUID()}`, { token });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ errors: [{ msg: 'Account not found', code: 'not_found' }] });
    const malformed = await api.get('/api/users/not-a-uuid', { token });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ errors: [{ msg: 'Must be a valid id', code: 'invalid_id', param: 'id' }] });
  });
});

describe('PATCH /api/users/{id}', () => {
  it('changes name, email and access; the account’s sessions carry on', async () => {
    const { token } = await buildUser({ access: 2 });
    const { user, token: theirs } = await buildUser();
    const email = uniqueEmail('Mere');
    const res = await api.patch(`/api/users/${user.id}`, { token, json: { name: 'Mere Kaimahi', email: email.toUpperCase(), access: 2 } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: user.id, name: 'Mere Kaimahi', email: email.toLowerCase(), access: 2, active: true });
    expect((await api.get(`/api/users/${user.id}`, { token })).body).toEqual(res.body);
    expect(await tokenWorks(theirs)).toBe(true);
    expect((await api.get('/api/auth', { token: theirs })).body.access).toBe(2);
  });

  it('changes a password: tokens issued before stop working at once, and only the new password signs in', async () => {
    const { token } = await buildUser({ access: 2 });
    const { user, token: issuedBefore } = await buildUser();
    expect(await tokenWorks(issuedBefore)).toBe(true);
    const res = await api.patch(`/api/users/${user.id}`, { token, json: { password: newPassword } });
    expect(res.status).toBe(200);
    expect(res.text).not.toContain(newPassword);
    expect(await tokenWorks(issuedBefore)).toBe(false);
    expect((await signIn(user.email, testPassword)).status).toBe(400);
    const login = await signIn(user.email, newPassword);
    expect(login.status).toBe(200);
    expect(await tokenWorks(login.body.token)).toBe(true);
  });

  it('deactivates with active: false (tokens stop, no sign-in) and reactivates with active: true', async () => {
    const { token } = await buildUser({ access: 2 });
    const { user, token: issuedBefore } = await buildUser();
    const off = await api.patch(`/api/users/${user.id}`, { token, json: { active: false } });
    expect(off.status).toBe(200);
    expect(off.body.active).toBe(false);
    expect(await tokenWorks(issuedBefore)).toBe(false);
    expect((await signIn(user.email, testPassword)).status).toBe(400);
    const on = await api.patch(`/api/users/${user.id}`, { token, json: { active: true } });
    expect(on.body.active).toBe(true);
    expect(await tokenWorks(issuedBefore)).toBe(false);
    expect((await signIn(user.email, testPassword)).status).toBe(200);
  });

  it('keeps an account’s own email when it is sent again in another case', async () => {
    const { token } = await buildUser({ access: 2 });
    const { user } = await buildUser();
    const res = await api.patch(`/api/users/${user.id}`, { token, json: { email: user.email.toUpperCase() } });
    expect(res.status).toBe(200);
    expect(res.body.email).toBe(user.email);
  });

  it('refuses an email another account has, whatever its case (409), changing nothing', async () => {
    const { token } = await buildUser({ access: 2 });
    const { user } = await buildUser();
    const { user: other } = await buildUser();
    const before = await allAccounts();
    const res = await api.patch(`/api/users/${user.id}`, { token, json: { name: 'Renamed', email: other.email.toUpperCase() } });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ errors: [{ msg: 'That email is already in use', code: 'already_in_use', param: 'email' }] });
    expect(await allAccounts()).toEqual(before);
  });

  it('refuses to raise anyone above the caller’s own level, themselves included (403 on access)', async () => {
    const { user: manager, token } = await buildUser({ access: 2 });
    const { user } = await buildUser();
    const before = await allAccounts();
    for (const id of [user.id, manager.id]) {
      const res = await api.patch(`/api/users/${id}`, { token, json: { access: 3 } });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ errors: [{ msg: 'You cannot give an access level above your own', code: 'access_too_high', param: 'access' }] });
    }
    expect(await allAccounts()).toEqual(before);
  });

  it('refuses to change or deactivate an account above the caller’s level (403)', async () => {
    const { token } = await buildUser({ access: 2 });
    const { user: owner, token: ownerToken } = await buildUser({ access: 3 });
    const before = await allAccounts();
    const expected = { errors: [{ msg: 'You cannot change an account with a higher access level than yours', code: 'forbidden' }] };
    const patched = await api.patch(`/api/users/${owner.id}`, { token, json: { name: 'Demoted' } });
    expect(patched.status).toBe(403);
    expect(patched.body).toEqual(expected);
    const deleted = await api.delete(`/api/users/${owner.id}`, { token });
    expect(deleted.status).toBe(403);
    expect(deleted.body).toEqual(expected);
    expect(await allAccounts()).toEqual(before);
    expect(await tokenWorks(ownerToken)).toBe(true);
  });

  it('ignores _id, tokenVersion and passwordHash in the body: nothing changes and tokens keep working', async () => {
    const { token } = await buildUser({ access: 2 });
    const { user, token: theirs } = await buildUser();
    const before = await allAccounts();
    const res = await api.patch(`/api/users/${user.id}`, {
      token,
      json: { _id: crypto.randomUUID(), id: crypto.randomUUID(), tokenVersion: 5, passwordHash: 'x', createdAt: '2001-01-01T00:00:00.000Z' },
    });
    expect(res.status).toBe(200);
    expect(res.body._id).toBe(user.id);
    const after = await allAccounts();
    expect(after.map(({ updatedAt: _u, ...rest }) => rest)).toEqual(before.map(({ updatedAt: _u, ...rest }) => rest));
    expect(await tokenWorks(theirs)).toBe(true);
    expect((await signIn(user.email, testPassword)).status).toBe(200);
  });

  it.each([...badBodies, ['active as text', { active: 'yes' }, [{ msg: 'Active must be true or false', code: 'invalid_type', param: 'active' }]] as const])(
    'refuses %s with 400 and changes nothing',
    async (_name, changes, errors) => {
      const { token } = await buildUser({ access: 2 });
      const { user } = await buildUser();
      const before = await allAccounts();
      const res = await api.patch(`/api/users/${user.id}`, { token, json: changes });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ errors });
      expect(await allAccounts()).toEqual(before);
    },
  );

  it('answers 400 to malformed JSON and 415 to another content type, changing nothing', async () => {
    const { token } = await buildUser({ access: 2 });
    const { user } = await buildUser();
    const before = await allAccounts();
    const malformed = await api.patch(`/api/users/${user.id}`, { token, body: '{"name": ', headers: { 'content-type': 'application/json' } });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ errors: [{ msg: 'Request body is not valid', code: 'invalid_body' }] });
    const wrongType = await api.patch(`/api/users/${user.id}`, {
      token,
      body: 'name=Hacked',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(wrongType.status).toBe(415);
    expect(wrongType.body).toEqual({ errors: [{ msg: 'Send JSON (Content-Type: application/json)', code: 'unsupported_media_type' }] });
    expect(await allAccounts()).toEqual(before);
  });

  it('answers 404 for an unknown id and 400 for a non-UUID id, changing nothing', async () => {
    const { token } = await buildUser({ access: 2 });
    const before = await allAccounts();
    const missing = await api.patch(`/api/users/${crypto.randomUUID()}`, { token, json: { name: 'Ghost' } });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ errors: [{ msg: 'Account not found', code: 'not_found' }] });
    const malformed = await api.patch('/api/users/12345', { token, json: { name: '' } });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({
      errors: [
        { msg: 'Must be a valid id', code: 'invalid_id', param: 'id' },
        { msg: 'Name is required', code: 'required', param: 'name' },
      ],
    });
    expect(await allAccounts()).toEqual(before);
  });
});

describe('DELETE /api/users/{id}', () => {
  it('deactivates the account, keeps the row, and ends its sessions', async () => {
    const { token } = await buildUser({ access: 2 });
    const { user, token: theirs } = await buildUser();
    const res = await api.delete(`/api/users/${user.id}`, { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: user.id, email: user.email, active: false });
    expect((await api.get(`/api/users/${user.id}`, { token })).body.active).toBe(false);
    expect(await tokenWorks(theirs)).toBe(false);
    expect((await signIn(user.email, testPassword)).status).toBe(400);
    // Deleting again is harmless: still there, still inactive.
    const again = await api.delete(`/api/users/${user.id}`, { token });
    expect(again.status).toBe(200);
    expect(again.body.active).toBe(false);
  });

  it('answers 404 for an unknown id and 400 for a non-UUID id, changing nothing', async () => {
    const { token } = await buildUser({ access: 2 });
    const before = await allAccounts();
    const missing = await api.delete(`/api/users/${crypto.randomUUID()}`, { token });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ errors: [{ msg: 'Account not found', code: 'not_found' }] });
    const malformed = await api.delete('/api/users/..%2F..%2Fetc', { token });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ errors: [{ msg: 'Must be a valid id', code: 'invalid_id', param: 'id' }] });
    expect(await allAccounts()).toEqual(before);
  });
});

describe('the last active manager', () => {
  /** Leaves exactly the managers made here active: earlier tests made many. */
  async function onlyTheseManagers(count: number) {
    await User.update({ active: false }, { where: {} });
    await buildUser({ access: 2, active: false, name: 'Former Manager' });
    await buildUser({ access: 1, name: 'Kaimahi' });
    return Promise.all(Array.from({ length: count }, (_, index) => buildUser({ access: 2, name: `Manager ${index}` })));
  }

  it('cannot be demoted below manager, deactivated or deleted (409), and nothing changes', async () => {
    const [{ user, token }] = (await onlyTheseManagers(1)) as [Awaited<ReturnType<typeof buildUser>>];
    const before = await allAccounts();
    const msg = 'This is the last active manager: give another account manager access first';
    const demoted = await api.patch(`/api/users/${user.id}`, { token, json: { access: 1 } });
    expect(demoted.status).toBe(409);
    expect(demoted.body).toEqual({ errors: [{ msg, code: 'last_manager', param: 'access' }] });
    const deactivated = await api.patch(`/api/users/${user.id}`, { token, json: { active: false, name: 'Leaving' } });
    expect(deactivated.status).toBe(409);
    expect(deactivated.body).toEqual({ errors: [{ msg, code: 'last_manager', param: 'active' }] });
    const deleted = await api.delete(`/api/users/${user.id}`, { token });
    expect(deleted.status).toBe(409);
    expect(deleted.body).toEqual({ errors: [{ msg, code: 'last_manager' }] });
    expect(await allAccounts()).toEqual(before);
    expect(await tokenWorks(token)).toBe(true);
    // Renaming, or keeping manager access, is still fine.
    const renamed = await api.patch(`/api/users/${user.id}`, { token, json: { name: 'Still Here', access: 2, active: true } });
    expect(renamed.status).toBe(200);
  });

  it('can step down once another manager is active', async () => {
    const [{ user, token }] = (await onlyTheseManagers(1)) as [Awaited<ReturnType<typeof buildUser>>];
    const created = await api.post('/api/users', { token, json: { name: 'Next Manager', email: uniqueEmail(), access: 2, password: newPassword } });
    expect(created.status).toBe(201);
    const demoted = await api.patch(`/api/users/${user.id}`, { token, json: { access: 1 } });
    expect(demoted.status).toBe(200);
    expect(demoted.body.access).toBe(1);
    // Now a kaimahi, the same token no longer reaches staff accounts.
    expect((await api.get('/api/users', { token })).status).toBe(403);
  });

  it('survives two managers stepping down at the same moment: exactly one succeeds', async () => {
    const managers = await onlyTheseManagers(2);
    const results = await Promise.all(
      managers.map(({ user, token }, index) =>
        index === 0 ? api.patch(`/api/users/${user.id}`, { token, json: { access: 1 } }) : api.delete(`/api/users/${user.id}`, { token }),
      ),
    );
    expect(results.map((res) => res.status).sort()).toEqual([200, 409]);
    const stillManagers = (await allAccounts()).filter((account) => account.active && account.access >= 2);
    expect(stillManagers).toHaveLength(1);
  });

  it('survives two managers demoting each other at the same moment: one manager remains', async () => {
    const [first, second] = (await onlyTheseManagers(2)) as [Awaited<ReturnType<typeof buildUser>>, Awaited<ReturnType<typeof buildUser>>];
    const results = await Promise.all([
      api.patch(`/api/users/${second.user.id}`, { token: first.token, json: { access: 1 } }),
      api.patch(`/api/users/${first.user.id}`, { token: second.token, json: { access: 1 } }),
    ]);
    // The loser is refused either as no longer a manager (403) or as removing the last one (409).
    expect(results.filter((res) => res.status === 200)).toHaveLength(1);
    expect(results.map((res) => res.status).find((status) => status !== 200)).toBeOneOf([403, 409]);
    const stillManagers = (await allAccounts()).filter((account) => account.active && account.access >= 2);
    expect(stillManagers).toHaveLength(1);
  });
});

describe('the last active owner (access 3)', () => {
  it('cannot demote or deactivate themselves (409, nothing changes), and can once another owner is active', async () => {
    await User.update({ active: false }, { where: { access: 3 } });
    const { user, token } = await buildUser({ access: 3, name: 'Owner' });
    await buildUser({ access: 2, name: 'Manager Beside' });
    const before = await allAccounts();
    const msg = 'This is the last active owner: give another account owner access first';
    const demoted = await api.patch(`/api/users/${user.id}`, { token, json: { access: 2 } });
    expect(demoted.status).toBe(409);
    expect(demoted.body).toEqual({ errors: [{ msg, code: 'last_owner', param: 'access' }] });
    const deactivated = await api.patch(`/api/users/${user.id}`, { token, json: { active: false } });
    expect(deactivated.body).toEqual({ errors: [{ msg, code: 'last_owner', param: 'active' }] });
    const deleted = await api.delete(`/api/users/${user.id}`, { token });
    expect(deleted.status).toBe(409);
    expect(deleted.body).toEqual({ errors: [{ msg, code: 'last_owner' }] });
    expect(await allAccounts()).toEqual(before);

    const next = await api.post('/api/users', { token, json: { name: 'Next Owner', email: uniqueEmail(), access: 3, password: newPassword } });
    expect(next.status).toBe(201);
    const steppedDown = await api.patch(`/api/users/${user.id}`, { token, json: { access: 2 } });
    expect(steppedDown.status).toBe(200);
    expect(steppedDown.body.access).toBe(2);
  });
});

describe('password policy and input hygiene', () => {
  it('refuses a common or breached password, and a repetitive one, on create and on change', async () => {
    const { token } = await buildUser({ access: 2 });
    const { user: someone } = await buildUser();
    for (const password of ['password1234', 'qwertyuiop12', 'aaaaaaaaaaaa', '            ']) {
      const created = await api.post('/api/users', { token, json: { name: 'Weak Password', email: uniqueEmail(), access: 1, password } });
      expect(created.status, password).toBe(400);
      expect(created.body.errors, password).toEqual([expect.objectContaining({ msg: expect.stringMatching(/too common|too repetitive/), param: 'password' })]);
      const changed = await api.patch(`/api/users/${someone.id}`, { token, json: { password } });
      expect(changed.status, password).toBe(400);
      expect(changed.body.errors, password).toEqual([expect.objectContaining({ msg: expect.stringMatching(/too common|too repetitive/), param: 'password' })]);
    }
  });

  it('stores names in NFC, so a macron typed two ways is one name', async () => {
    const { token } = await buildUser({ access: 2 });
    const res = await api.post('/api/users', { token, json: { name: 'Ta\u0304ne Mahuta', email: uniqueEmail(), access: 1, password: newPassword } });
    expect(res.status).toBe(201);
    expect(res.body.name).toBe('Tāne Mahuta');
    expect(res.body.name).toBe('Tāne Mahuta'.normalize('NFC'));
  });

  it('refuses control, bidi-override and zero-width characters in a name', async () => {
    const { token } = await buildUser({ access: 2 });
    for (const name of ['Aroha\u0000', '\u202eahorA', 'Aro\u200bha', 'Aro\u2066ha', 'Aroha\u0007']) {
      const res = await api.post('/api/users', { token, json: { name, email: uniqueEmail(), access: 1, password: newPassword } });
      expect(res.status, JSON.stringify(name)).toBe(400);
      expect(res.body.errors).toEqual([expect.objectContaining({ msg: 'Name cannot contain control or invisible characters', param: 'name' })]);
    }
  });

  it('caps the email before reading it', async () => {
    const { token } = await buildUser({ access: 2 });
    const email = `${'a'.repeat(90_000)}@example.org`;
    const res = await api.post('/api/users', { token, json: { name: 'Long Email', email, access: 1, password: newPassword } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([expect.objectContaining({ msg: 'Email must be at most 254 characters', param: 'email' })]);
  });
});

describe('services a kaimahi works on', () => {
  it('lets a manager set services (shown in the account and in GET /api/auth), validated against the catalogue', async () => {
    const { token } = await buildUser({ access: 2 });
    const { user, token: theirs } = await buildUser();
    const res = await api.patch(`/api/users/${user.id}`, { token, json: { services: ['raised_gardens', 'whanau_ora_support'] } });
    expect(res.status).toBe(200);
    expect(res.body.services).toEqual(['raised_gardens', 'whanau_ora_support']);
    expect((await api.get('/api/auth', { token: theirs })).body.services).toEqual(['raised_gardens', 'whanau_ora_support']);
    const bad = await api.patch(`/api/users/${user.id}`, { token, json: { services: ['raised_gardens', 'nowhere', 'raised_gardens'] } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      expect.objectContaining({ msg: 'No service has that key', param: 'services.1' }),
      expect.objectContaining({ msg: 'Name each service once', param: 'services' }),
    ]);
    const notList = await api.patch(`/api/users/${user.id}`, { token, json: { services: 'raised_gardens' } });
    expect(notList.body.errors).toEqual([expect.objectContaining({ msg: 'Services must be a list of service keys', param: 'services' })]);
    const created = await api.post('/api/users', {
      token,
      json: { name: 'With Services', email: uniqueEmail(), access: 1, password: newPassword, services: ['raised_gardens'] },
    });
    expect(created.body.services).toEqual(['raised_gardens']);
  });
});

describe('audit of staff accounts', () => {
  const trail = (id: string) => AuditEvent.findAll({ where: { entity: 'user', entityId: id }, order: [['seq', 'ASC']] });

  it('records create, updates with the fields changed (never values), password resets and deactivation, with who did it', async () => {
    const { token, user: manager } = await buildUser({ access: 2, name: 'Audit Manager' });
    const created = await api.post('/api/users', { token, json: { name: 'Tracked', email: uniqueEmail(), access: 1, password: newPassword } });
    const id: string = created.body._id;
    await api.patch(`/api/users/${id}`, { token, json: { access: 2, services: ['raised_gardens'], name: 'Tracked' } });
    await api.patch(`/api/users/${id}`, { token, json: { password: 'a brand new password' } });
    await api.delete(`/api/users/${id}`, { token });
    const events = await trail(id);
    expect(events.map((event) => [event.action, event.fields, event.actorId, event.actorName])).toEqual([
      ['user.create', ['name', 'email', 'access', 'services'], manager.id, 'Audit Manager'],
      ['user.update', ['access', 'services'], manager.id, 'Audit Manager'],
      ['user.update', ['password'], manager.id, 'Audit Manager'],
      ['user.deactivate', null, manager.id, 'Audit Manager'],
    ]);
    expect(JSON.stringify(events)).not.toContain('a brand new password');
    // Which services came and went is kept (keys, not personal data), so the history can say so.
    expect(events.map((event) => event.details)).toEqual([null, { servicesAdded: 'raised_gardens' }, null, null]);
  });

  it('names the services an edit added and took away', async () => {
    const { token } = await buildUser({ access: 2 });
    const created = await api.post('/api/users', {
      token,
      json: { name: 'Moves Services', email: uniqueEmail(), access: 1, password: newPassword, services: ['raised_gardens'] },
    });
    const id: string = created.body._id;
    await api.patch(`/api/users/${id}`, { token, json: { services: ['whanau_ora_support', 'whanau_kai_support'] } });
    await api.patch(`/api/users/${id}`, { token, json: { name: 'Moves Services Again', services: ['whanau_kai_support', 'whanau_ora_support'] } });
    const events = await trail(id);
    expect(events.map((event) => [event.fields, event.details])).toEqual([
      [['name', 'email', 'access', 'services'], { servicesAdded: 'raised_gardens' }],
      [['services'], { servicesAdded: 'whanau_ora_support,whanau_kai_support', servicesRemoved: 'raised_gardens' }],
      // The same services in another order change nothing to report.
      [['name'], null],
    ]);
  });

  it('records nothing for a refused change', async () => {
    const { token } = await buildUser({ access: 2 });
    const { user } = await buildUser();
    expect((await api.patch(`/api/users/${user.id}`, { token, json: { access: 3 } })).status).toBe(403);
    expect(await trail(user.id)).toEqual([]);
  });
});

describe('GET /api/users/{id}/audit', () => {
  it('pages what was done to the account, newest first, naming fields and never values', async () => {
    const { token } = await buildUser({ access: 2, name: 'History Manager' });
    const created = await api.post('/api/users', { token, json: { name: 'Has History', email: uniqueEmail(), access: 1, password: newPassword } });
    const id: string = created.body._id;
    await api.patch(`/api/users/${id}`, { token, json: { services: ['raised_gardens'] } });
    await api.patch(`/api/users/${id}`, { token, json: { password: 'a brand new password' } });
    await api.delete(`/api/users/${id}`, { token });
    const res = await api.get(`/api/users/${id}/audit`, { token });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toMatchObject({ total: 4, page: 1, pageSize: 50 });
    expect(
      res.body.items.map((event: { action: string; fields?: string[]; actorName: string; entityId: string }) => [event.action, event.fields, event.actorName]),
    ).toEqual([
      ['user.deactivate', undefined, 'History Manager'],
      ['user.update', ['password'], 'History Manager'],
      ['user.update', ['services'], 'History Manager'],
      ['user.create', ['name', 'email', 'access', 'services'], 'History Manager'],
    ]);
    expect(res.text).not.toContain('a brand new password');
    const second = await api.get(`/api/users/${id}/audit?page=2&pageSize=3`, { token });
    expect(second.body).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(second.body.items.map((event: { action: string }) => event.action)).toEqual(['user.create']);
  });

  it('answers 404 for an unknown account, and 400 listing every bad id, page and page size', async () => {
    const { token } = await buildUser({ access: 2 });
    const unknown = await api.get(`/api/users/${crypto.randomUUID()}/audit`, { token });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ errors: [{ msg: 'Account not found', code: 'not_found' }] });
    const bad = await api.get('/api/users/not-a-uuid/audit?page=0&pageSize=201', { token });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((error: { param: string }) => error.param).sort()).toEqual(['id', 'page', 'pageSize']);
  });
});
