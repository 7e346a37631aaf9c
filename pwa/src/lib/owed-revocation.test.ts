import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { payOwedRevocations, revokeOrOwe } from './owed-revocation';

/** The server as the device meets it: no signal, or an answer with this status, per call. */
let answers: (number | 'no signal')[] = [];
const sent: { url: string; token: string | null }[] = [];

beforeEach(() => {
  const stored = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
    removeItem: (key: string) => void stored.delete(key),
  });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push({ url, token: new Headers(init.headers).get('x-auth-token') });
    const answer = answers.shift() ?? 'no signal';
    if (answer === 'no signal') throw new TypeError('Failed to fetch');
    return new Response(null, { status: answer });
  });
  sent.length = 0;
});

afterEach(() => {
  vi.unstubAllGlobals();
  answers = [];
});

const owed = () => JSON.parse(localStorage.getItem('revokeOwed') ?? '[]') as string[];

describe('a session this device still has to end', () => {
  it('is revoked at once with signal, and nothing is owed', async () => {
    answers = [204];
    await revokeOrOwe('token-a');
    expect(sent).toEqual([{ url: '/api/auth/logout', token: 'token-a' }]);
    expect(localStorage.getItem('revokeOwed')).toBeNull();
  });

  it('with no signal is remembered, kept through a server error, and done once the server revokes it', async () => {
    answers = ['no signal'];
    await revokeOrOwe('token-b');
    expect(owed()).toEqual(['token-b']);

    answers = [503];
    await payOwedRevocations();
    expect(owed()).toEqual(['token-b']);

    answers = [204];
    await payOwedRevocations();
    expect(sent.map((call) => call.token)).toEqual(['token-b', 'token-b', 'token-b']);
    expect(localStorage.getItem('revokeOwed')).toBeNull();
  });

  it('counts a token the server no longer accepts (401: expired, or revoked already) as done', async () => {
    answers = ['no signal', 'no signal'];
    await revokeOrOwe('token-c');
    await revokeOrOwe('token-d');
    expect(owed()).toEqual(['token-c', 'token-d']);
    answers = [401, 'no signal'];
    await payOwedRevocations();
    expect(owed()).toEqual(['token-d']);
    answers = [401];
    await payOwedRevocations();
    expect(localStorage.getItem('revokeOwed')).toBeNull();
  });
});
