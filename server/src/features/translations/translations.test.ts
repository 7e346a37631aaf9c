import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, startTestServer, type TestApi } from '../../../test/helpers';

let api: TestApi;
beforeAll(async () => {
  api = await startTestServer();
});
afterAll(() => api.close());

const path = (key: string) => `/api/content/translations/mi/${key}`;
const put = (key: string, token: string, json: unknown) => api.request('PUT', path(key), { token, json });

describe('corrections of the Māori text', () => {
  it('lets a manager correct an entry, serves it to anyone, replaces and removes it', async () => {
    const { token, user } = await buildUser({ access: 2 });
    const saved = await put('error.not_found', token, { text: '  Kāore i kitea tēnā.  ' });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ language: 'mi', key: 'error.not_found', text: 'Kāore i kitea tēnā.', updatedBy: user.id, updatedAt: expect.any(String) });

    const listed = await api.get('/api/content/translations/mi');
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ 'error.not_found': 'Kāore i kitea tēnā.' });
    expect(listed.headers.get('etag')).toBeTruthy();

    expect((await put('error.not_found', token, { text: 'Kāore i kitea.' })).status).toBe(200);
    expect((await api.get('/api/content/translations/mi')).body['error.not_found']).toBe('Kāore i kitea.');

    const removed = await api.delete(path('error.not_found'), { token });
    expect(removed.status).toBe(204);
    expect((await api.get('/api/content/translations/mi')).body).not.toHaveProperty('error.not_found');
    // Removing what is not there is not an error.
    expect((await api.delete(path('error.not_found'), { token })).status).toBe(204);
  });

  it('removes a correction saved as empty text', async () => {
    const { token } = await buildUser({ access: 2 });
    await put('field.title', token, { text: 'Ingoa' });
    const emptied = await put('field.title', token, { text: '   ' });
    expect(emptied.status).toBe(204);
    expect((await api.get('/api/content/translations/mi')).body).not.toHaveProperty('field.title');
  });

  it('stores macrons in one form (NFC), however they were typed', async () => {
    const { token } = await buildUser({ access: 2 });
    const decomposed = 'Ka\u0304inga'; // a + combining macron
    const saved = await put('field.name', token, { text: decomposed });
    expect(saved.body.text).toBe('Kāinga');
    expect(saved.body.text).toHaveLength(6);
  });

  it('refuses unknown keys, other languages, long text and wrong types, with codes', async () => {
    const { token } = await buildUser({ access: 2 });
    expect((await put('no.such.key', token, { text: 'x' })).body).toEqual({
      errors: [{ msg: 'No message of the app has that key', code: 'invalid_value', param: 'key' }],
    });
    expect((await put('field.title', token, { text: 'x'.repeat(2001) })).body).toEqual({
      errors: [{ msg: 'Text must be at most 2000 characters', code: 'too_long', param: 'text', limit: 2000 }],
    });
    expect((await put('field.title', token, {})).body).toEqual({ errors: [{ msg: 'Text must be text', code: 'required', param: 'text' }] });
    expect((await put('field.title', token, { text: 5 })).body).toEqual({ errors: [{ msg: 'Text must be text', code: 'invalid_type', param: 'text' }] });
    const english = await api.request('PUT', '/api/content/translations/en/field.title', { token, json: { text: 'Heading' } });
    expect(english.status).toBe(400);
    expect(english.body).toEqual({ errors: [{ msg: 'Only te reo Māori (mi) can be corrected', code: 'invalid_value', param: 'language' }] });
    expect((await api.get('/api/content/translations/xx')).status).toBe(400);
  });

  it('lets only managers change corrections', async () => {
    const staff = await buildUser({ access: 1 });
    const anonymous = await api.request('PUT', path('field.title'), { json: { text: 'x' } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ errors: [{ msg: 'No token, authorisation denied', code: 'not_signed_in' }] });
    const kaimahi = await put('field.title', staff.token, { text: 'x' });
    expect(kaimahi.status).toBe(403);
    expect(kaimahi.body).toEqual({ errors: [{ msg: 'You do not have access to this', code: 'forbidden' }] });
    expect((await api.delete(path('field.title'), { token: staff.token })).status).toBe(403);
    expect((await api.get('/api/content/translations/mi')).body).not.toHaveProperty('field.title', 'x');
  });
});

describe('error codes across the stack', () => {
  it('gives a zod failure, 404, 409, 413, 415 and 405 their codes', async () => {
    const { token } = await buildUser({ access: 2 });
    const invalid = await api.post('/api/users', { token, json: { name: '', email: 'x', access: 9, password: 'short' } });
    expect(invalid.body.errors.map((item: { code: string; param: string; limit?: number }) => [item.param, item.code, item.limit])).toEqual([
      ['name', 'required', undefined],
      ['email', 'invalid_email', undefined],
      ['access', 'too_big', 3],
      ['password', 'too_short', 12],
    ]);
    expect((await api.get('/api/no-such-route')).body).toEqual({ errors: [{ msg: 'Not found', code: 'not_found' }] });
    const email = `dup-${Date.now()}@example.org`;
    await buildUser({ email });
    const clash = await api.post('/api/users', { token, json: { name: 'Dup', email, access: 1, password: 'long enough password' } });
    expect(clash.status).toBe(409);
    expect(clash.body).toEqual({ errors: [{ msg: 'That email is already in use', code: 'already_in_use', param: 'email' }] });
    const huge = await put('field.title', token, { text: 'x'.repeat(200 * 1024) });
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ errors: [{ msg: 'Request is too large', code: 'too_large' }] });
    const form = await api.request('PUT', path('field.title'), { token, body: 'text=x', headers: { 'content-type': 'text/plain' } });
    expect(form.status).toBe(415);
    expect(form.body).toEqual({ errors: [{ msg: 'Send JSON (Content-Type: application/json)', code: 'unsupported_media_type' }] });
    const method = await api.request('POST', '/api/content/translations/mi');
    expect(method.status).toBe(405);
    expect(method.body).toEqual({ errors: [{ msg: 'Method Not Allowed', code: 'method_not_allowed' }] });
  });
});
