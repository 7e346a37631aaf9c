import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '../src/app';
import { migrate } from '../src/db/migrate';
import { User } from '../src/db/models/user';
import { seedServices } from '../src/db/seed';
import { hashPassword } from '../src/lib/passwords';
import { signToken } from '../src/lib/tokens';

export type TestResponse = { status: number; headers: Headers; body: any; text: string; bytes: Buffer };
type RequestOptions = { json?: unknown; body?: RequestInit['body']; token?: string; headers?: Record<string, string> };

export type TestApi = {
  base: string;
  request(method: string, path: string, options?: RequestOptions): Promise<TestResponse>;
  get(path: string, options?: RequestOptions): Promise<TestResponse>;
  post(path: string, options?: RequestOptions): Promise<TestResponse>;
  patch(path: string, options?: RequestOptions): Promise<TestResponse>;
  delete(path: string, options?: RequestOptions): Promise<TestResponse>;
  close(): Promise<void>;
};

/** Migrates and seeds this file's database and serves the real app on a random local port. */
export async function startTestServer(): Promise<TestApi> {
  await migrate();
  await seedServices();
  const server = http.createServer(createApp().callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function request(method: string, path: string, options: RequestOptions = {}): Promise<TestResponse> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token !== undefined) headers['x-auth-token'] = options.token;
    let body = options.body;
    if (options.json !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(options.json);
    }
    const response = await fetch(base + path, { method, headers, body });
    const bytes = Buffer.from(await response.arrayBuffer());
    const text = bytes.toString('utf8');
    let parsed: unknown;
    if ((response.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
    return { status: response.status, headers: response.headers, body: parsed, text, bytes };
  }

  return {
    base,
    request,
    get: (path, options) => request('GET', path, options),
    post: (path, options) => request('POST', path, options),
    patch: (path, options) => request('PATCH', path, options),
    delete: (path, options) => request('DELETE', path, options),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export const testPassword = 'kia kaha te reo 2026';

/** A staff account with a known password and a token for it. */
export async function buildUser(
  overrides: Partial<{ name: string; email: string; access: number; active: boolean; password: string; services: string[] }> = {},
) {
  const password = overrides.password ?? testPassword;
  const user = await User.create({
    name: overrides.name ?? 'Aroha Test',
    email: overrides.email ?? `kaimahi-${crypto.randomUUID()}@example.org`,
    access: overrides.access ?? 1,
    active: overrides.active ?? true,
    services: overrides.services ?? [],
    passwordHash: await hashPassword(password),
  });
  return { user, password, token: signToken(user) };
}
