import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, startTestServer, type TestApi } from '../../../test/helpers';
import { logFile } from '../../lib/logger';

const dataDir = process.env.DATA_DIR ?? '';
const logDir = path.join(dataDir, 'logs');
const databaseFile = path.join(dataDir, 'trust.sqlite');
const secretFile = path.join(dataDir, 'jwt-secret');

let api: TestApi;
let token: string;

beforeAll(async () => {
  api = await startTestServer();
  ({ token } = await buildUser({ access: 2 }));
  // Under PostgreSQL there is no SQLite file; a stand-in gives the traversal tests something to aim at.
  if (!fs.existsSync(databaseFile)) fs.writeFileSync(databaseFile, 'stand-in database');
});
afterAll(() => api.close());

type Listed = { _id: string; name: string; size: number; modifiedAt: string };

/** Writes a log file in the logs folder with a given modification time. */
function writeLog(name: string, text: string, modifiedAt = new Date('2020-06-01T00:00:00Z')): string {
  const file = path.join(logDir, name);
  fs.writeFileSync(file, text);
  fs.utimesSync(file, modifiedAt, modifiedAt);
  return file;
}

async function listLogs(): Promise<Listed[]> {
  const res = await api.get('/api/logs', { token });
  expect(res.status).toBe(200);
  return res.body;
}

async function idOf(name: string): Promise<string> {
  const listed = (await listLogs()).find((file) => file.name === name);
  if (!listed) throw new Error(`${name} is not listed`);
  return listed._id;
}

/** A request sent exactly as written: fetch would tidy `..` segments away before they reach the server. */
function rawRequest(method: string, rawPath: string): Promise<{ status: number; text: string }> {
  const url = new URL(api.base);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, method, path: rawPath, headers: { 'x-auth-token': token } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('GET /api/logs', () => {
  it('lists the log files newest first, with id, name, size and modification time only', async () => {
    await api.get('/api/services'); // makes sure today's file exists
    writeLog('trust-2020-01-01.log', 'oldest\n', new Date('2020-01-01T23:00:00Z'));
    writeLog('trust-2020-01-02.log', 'first part\n', new Date('2020-01-02T23:00:00Z'));
    writeLog('trust-2020-01-02.1.log', 'second part of the day\n', new Date('2020-01-02T23:00:00Z'));

    const listed = await listLogs();
    const names = listed.map((file) => file.name);
    expect(names[0]).toBe(path.basename(logFile.currentPath()));
    expect(names.slice(-3)).toEqual(['trust-2020-01-02.1.log', 'trust-2020-01-02.log', 'trust-2020-01-01.log']);
    for (const file of listed) {
      expect(Object.keys(file).sort()).toEqual(['_id', 'modifiedAt', 'name', 'size']);
      expect(file._id).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(new Date(file.modifiedAt).toISOString()).toBe(file.modifiedAt);
    }
    expect(listed.find((file) => file.name === 'trust-2020-01-02.1.log')).toMatchObject({
      size: Buffer.byteLength('second part of the day\n'),
      modifiedAt: '2020-01-02T23:00:00.000Z',
    });
    expect(new Set(listed.map((file) => file._id)).size).toBe(listed.length);
  });

  it('lists only regular files named like a log file: no notes, folders or symlinks', async () => {
    fs.writeFileSync(path.join(logDir, 'notes.txt'), 'not a log');
    fs.writeFileSync(path.join(logDir, 'trust-2020-02-01.log.bak'), 'a backup');
    fs.mkdirSync(path.join(logDir, 'trust-2020-02-02.log'));
    fs.symlinkSync('../jwt-secret', path.join(logDir, 'trust-2020-02-03.log'));
    const names = (await listLogs()).map((file) => file.name);
    for (const name of ['notes.txt', 'trust-2020-02-01.log.bak', 'trust-2020-02-02.log', 'trust-2020-02-03.log']) {
      expect(names).not.toContain(name);
    }
  });
});

describe('GET /api/logs/{id}', () => {
  it('answers the file text as plain UTF-8, not to be cached', async () => {
    const text = '{"level":30,"msg":"kia ora, whānau"}\n{"level":40,"msg":"second line"}\n';
    writeLog('trust-2020-03-01.log', text);
    const res = await api.get(`/api/logs/${await idOf('trust-2020-03-01.log')}`, { token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.text).toBe(text);
  });

  it('answers only the last 2 MB of a huge file, in whole lines, under a note', async () => {
    const line = (index: number) => `{"level":30,"n":${index},"msg":"${'a'.repeat(90)}"}\n`;
    const lines = Array.from({ length: 30_000 }, (_, index) => line(index)); // about 3.7 MB
    writeLog('trust-2020-03-02.log', lines.join(''));
    const res = await api.get(`/api/logs/${await idOf('trust-2020-03-02.log')}`, { token });
    expect(res.status).toBe(200);
    const [note = '', ...shown] = res.text.split('\n');
    expect(note).toMatch(/^\[Only the last 2\.0 MB of 3\.\d MB are shown; earlier lines are left out\]$/);
    expect(res.bytes.length).toBeLessThanOrEqual(2 * 1024 * 1024 + note.length + 1);
    // Exactly the file's last whole lines, as many as fit in 2 MB.
    const shownCount = shown.length - 1;
    expect(shown.join('\n')).toBe(lines.slice(-shownCount).join(''));
    expect(shownCount).toBe(Math.floor((2 * 1024 * 1024) / line(29_999).length));
  });

  it('answers 404 for an id that is not in the listing', async () => {
    const res = await api.get(`/api/logs/${Buffer.from('trust-1999-01-01.log').toString('base64url')}`, { token });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ errors: [{ msg: 'Log file not found', code: 'not_found' }] });
  });
});

describe('DELETE /api/logs/{id}', () => {
  it('deletes a listed file, which then is gone from the listing and the disk', async () => {
    const file = writeLog('trust-2020-04-01.log', 'to be deleted\n');
    const id = await idOf('trust-2020-04-01.log');
    const res = await api.delete(`/api/logs/${id}`, { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ msg: 'Log file deleted' });
    expect(fs.existsSync(file)).toBe(false);
    expect((await listLogs()).map((listed) => listed.name)).not.toContain('trust-2020-04-01.log');
    expect((await api.get(`/api/logs/${id}`, { token })).status).toBe(404);
    const again = await api.delete(`/api/logs/${id}`, { token });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ errors: [{ msg: 'Log file not found', code: 'not_found' }] });
  });

  it('deletes the file being written, and logging carries on in a new file', async () => {
    await api.get('/api/services/raised_gardens');
    const current = path.basename(logFile.currentPath());
    const before = (await api.get(`/api/logs/${await idOf(current)}`, { token })).text;
    expect(before).toContain('"path":"/api/services/raised_gardens"');

    const res = await api.delete(`/api/logs/${await idOf(current)}`, { token });
    expect(res.status).toBe(200);
    await api.get('/api/services/musical_therapy');

    const listed = await listLogs();
    expect(listed[0]?.name).toBe(current);
    const after = await api.get(`/api/logs/${listed[0]?._id}`, { token });
    expect(after.text).toContain('"path":"/api/services/musical_therapy"');
    expect(after.text).not.toContain('"path":"/api/services/raised_gardens"');
  });
});

describe('ids that try to reach other files', () => {
  const attempts = [
    encodeURIComponent('../../trust.sqlite'),
    '..%2F..%2Fdata.sqlite',
    '..%2Ftrust.sqlite',
    '..%2fjwt-secret',
    '%2e%2e',
    '%2e%2e%2f%2e%2e%2fjwt-secret',
    '%2E%2E%2Fjwt-secret',
    encodeURIComponent('/etc/passwd'),
    encodeURIComponent(databaseFile),
    'trust-2026-01-01.log%00.txt',
    '%00',
    '%E0%A4%A', // not valid percent-encoding
    'x'.repeat(5000),
    'notes.txt',
    'trust-2020-05-03.log', // the symlink, by name
    ...['notes.txt', 'trust-2020-05-03.log', '../jwt-secret', '../trust.sqlite', 'trust.sqlite'].map((name) => Buffer.from(name).toString('base64url')),
  ];

  it('answers 404 in the error shape and leaves every file where it was', async () => {
    const notes = path.join(logDir, 'notes.txt');
    fs.writeFileSync(notes, 'not a log');
    const link = path.join(logDir, 'trust-2020-05-03.log');
    fs.symlinkSync('../jwt-secret', link);
    const secretBefore = fs.readFileSync(secretFile, 'utf8');

    for (const id of attempts) {
      for (const method of ['GET', 'DELETE']) {
        const res = await api.request(method, `/api/logs/${id}`, { token });
        expect(res.status, `${method} ${id.slice(0, 60)}`).toBe(404);
        expect(res.body.errors).toEqual([{ msg: expect.any(String), code: 'not_found' }]);
        expect(res.text).not.toContain(secretBefore);
      }
    }
    for (const rawPath of ['/api/logs/../../trust.sqlite', '/api/logs/../jwt-secret', '/api/logs/..', '/api/logs/%2e%2e/jwt-secret', '/api/logs//etc/passwd']) {
      for (const method of ['GET', 'DELETE']) {
        const res = await rawRequest(method, rawPath);
        expect([400, 404], `${method} ${rawPath}`).toContain(res.status);
        expect(res.text).not.toContain(secretBefore);
      }
    }

    for (const file of [databaseFile, secretFile, notes]) expect(fs.existsSync(file), file).toBe(true);
    expect(fs.lstatSync(link).isSymbolicLink()).toBe(true);
    expect(fs.readFileSync(secretFile, 'utf8')).toBe(secretBefore);
    expect((await api.get('/api/services')).status).toBe(200);
    expect((await api.get('/api/auth', { token })).status).toBe(200);
  });
});

describe('access', () => {
  it('answers 401 without a token or with a bad one, and 403 below manager level, and deletes nothing', async () => {
    const file = writeLog('trust-2020-06-01.log', 'keep\n');
    const id = await idOf('trust-2020-06-01.log');
    const { token: staffToken } = await buildUser({ access: 1 });
    for (const [method, route] of [
      ['GET', '/api/logs'],
      ['GET', `/api/logs/${id}`],
      ['DELETE', `/api/logs/${id}`],
    ] as const) {
      const anonymous = await api.request(method, route);
      expect(anonymous.status, `${method} ${route}`).toBe(401);
      expect(anonymous.body).toEqual({ errors: [{ msg: 'No token, authorisation denied', code: 'not_signed_in' }] });
      const forged = await api.request(method, route, { token: `${token.slice(0, -4)}AAAA` });
      expect(forged.status).toBe(401);
      expect(forged.body).toEqual({ errors: [{ msg: 'Token is not valid', code: 'invalid_token' }] });
      const staff = await api.request(method, route, { token: staffToken });
      expect(staff.status).toBe(403);
      expect(staff.body.errors).toEqual([{ msg: expect.any(String), code: 'forbidden' }]);
    }
    // Unknown ids answer 401/403 too, so nobody learns which files exist.
    expect((await api.get('/api/logs/whatever')).status).toBe(401);
    expect((await api.get('/api/logs/whatever', { token: staffToken })).status).toBe(403);
    expect(fs.readFileSync(file, 'utf8')).toBe('keep\n');
  });
});

describe('what the logs hold', () => {
  it('never holds passwords, tokens or query strings', async () => {
    const password = 'Pōhutukawa blooms 4471!';
    const wrongPassword = 'Kōwhai wrong guess 9902!';
    const { user } = await buildUser({ access: 2, password, email: 'kaiwhakahaere.logs@example.org' });
    const failed = await api.post('/api/auth', { json: { email: user.email, password: wrongPassword } });
    expect(failed.status).toBe(400);
    const signIn = await api.post('/api/auth', { json: { email: user.email, password } });
    expect(signIn.status).toBe(200);
    const signedInToken: string = signIn.body.token;
    expect((await api.get('/api/auth', { token: signedInToken })).status).toBe(200);
    expect((await api.get('/api/logs', { token: signedInToken })).status).toBe(200);
    expect((await api.get('/api/services?name=Secret+Person', { token: signedInToken })).status).toBe(200);
    await api.get('/api/logs/not-a-log?q=Secret', { token: signedInToken });
    expect((await api.post('/api/auth/logout', { token: signedInToken })).status).toBe(204);
    expect((await api.get('/api/auth', { token: signedInToken })).status).toBe(401);

    const logged = fs
      .readdirSync(logDir)
      .filter((name) => fs.lstatSync(path.join(logDir, name)).isFile())
      .map((name) => fs.readFileSync(path.join(logDir, name), 'utf8'))
      .join('');
    // The calls were logged, so their absence below means something.
    expect(logged).toContain('"path":"/api/services"');
    expect(logged).toContain('"path":"/api/auth/logout"');
    for (const secret of [password, wrongPassword, signedInToken, token, 'Secret', 'Person', 'name=']) {
      expect(logged, secret.slice(0, 12)).not.toContain(secret);
    }
    // Part of a token (its signature) would be as bad as the whole.
    expect(logged).not.toContain(signedInToken.split('.')[2]);
  });
});
