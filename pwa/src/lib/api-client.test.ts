import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, apiRequest, getToken, setToken } from './api-client';

type Call = { url: string; init: RequestInit };

function answer(status: number, body?: unknown) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      calls.push({ url, init });
      return Promise.resolve(
        new Response(body === undefined ? null : JSON.stringify(body), {
          status,
          headers: body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' },
        }),
      );
    }),
  );
  return calls;
}

const headersOf = (call: Call | undefined) => new Headers(call?.init.headers);

describe('apiRequest', () => {
  beforeEach(() => setToken(null));
  afterEach(() => {
    vi.unstubAllGlobals();
    setToken(null);
  });

  it('parses JSON and sends no x-auth-token without a token (spec §6)', async () => {
    const calls = answer(200, [{ key: 'a' }]);
    await expect(apiRequest('/api/services')).resolves.toEqual([{ key: 'a' }]);
    expect(headersOf(calls[0]).has('x-auth-token')).toBe(false);
  });

  it('sends the stored token in x-auth-token', async () => {
    setToken('token-1');
    const calls = answer(200, { ok: true });
    await apiRequest('/api/auth');
    expect(headersOf(calls[0]).get('x-auth-token')).toBe('token-1');
  });

  it('sends JSON bodies with their content type', async () => {
    const calls = answer(201, { token: 't' });
    await apiRequest('/api/auth', { method: 'POST', json: { email: 'a@b.nz', password: 'p' } });
    expect(calls[0]?.init.method).toBe('POST');
    expect(headersOf(calls[0]).get('content-type')).toBe('application/json');
    expect(calls[0]?.init.body).toBe('{"email":"a@b.nz","password":"p"}');
  });

  it('answers undefined for an empty 204', async () => {
    answer(204);
    await expect(apiRequest('/api/auth/logout', { method: 'POST' })).resolves.toBeUndefined();
  });

  it("throws the server's error list with the status", async () => {
    answer(400, {
      errors: [
        { msg: 'Title is required', code: 'required', param: 'title' },
        { msg: 'Text is required', code: 'required', param: 'text' },
      ],
    });
    const error = await apiRequest('/api/content/blog', { method: 'POST' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({
      status: 400,
      errors: [
        { msg: 'Title is required', code: 'required', param: 'title' },
        { msg: 'Text is required', code: 'required', param: 'text' },
      ],
    });
  });

  it('gives a general message when the failure has no error list', async () => {
    answer(502, { nope: true });
    await expect(apiRequest('/api/services')).rejects.toMatchObject({ status: 502, errors: [{ msg: 'Server error' }] });
  });

  it('reports no answer at all as status 0, No connection', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(apiRequest('/api/services')).rejects.toMatchObject({ status: 0, errors: [{ msg: 'No connection' }] });
  });

  it('removes the token when an authenticated request gets 401 (spec §4)', async () => {
    setToken('expired');
    answer(401, { errors: [{ msg: 'Token is not valid' }] });
    await expect(apiRequest('/api/auth')).rejects.toMatchObject({ status: 401 });
    expect(getToken()).toBeNull();
  });

  it('keeps a newer token when an older request comes back 401', async () => {
    setToken('old');
    let finish: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (finish = resolve))),
    );
    const request = apiRequest('/api/auth');
    setToken('new');
    finish(new Response(JSON.stringify({ errors: [{ msg: 'Token is not valid' }] }), { status: 401, headers: { 'content-type': 'application/json' } }));
    await expect(request).rejects.toMatchObject({ status: 401 });
    expect(getToken()).toBe('new');
  });
});
