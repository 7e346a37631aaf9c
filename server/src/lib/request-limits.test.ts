// First: a cap of 10 connections per address and 600 ms for a body without a token.
import '../../test/tight-request-limits';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../test/helpers';
import { createApp } from '../app';
import { getConfig } from '../config';
import { migrate } from '../db/migrate';
import { seedServices } from '../db/seed';
import { handleErrors } from './error-handler';
import { createHttpServer } from './http-server';
import { limitRequestsPerAddress } from './request-limits';

let server: http.Server;
let port: number;
beforeAll(async () => {
  await migrate();
  await seedServices();
  server = createHttpServer(createApp().callback(), getConfig().http);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);

type SlowClient = { closed: Promise<{ heard: string; afterMs: number }>; stop: () => void };

/**
 * A client from `from` that sends a request's headers, then its body one byte every 100 ms (the
 * probe sent one every 5 s); `closed` says what the server answered and how long after the start.
 */
function slowBody(path: string, { from = '127.0.0.1', token }: { from?: string; token?: string } = {}): Promise<SlowClient> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = net.connect({ port, host: '127.0.0.1', localAddress: from });
    let heard = '';
    let drip: NodeJS.Timeout | undefined;
    socket.on('data', (chunk: Buffer) => (heard += chunk.toString()));
    const closed = new Promise<{ heard: string; afterMs: number }>((done) =>
      socket.on('close', () => {
        clearInterval(drip);
        done({ heard, afterMs: performance.now() - started });
      }),
    );
    socket.on('error', () => {});
    socket.once('connect', () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n${token ? `x-auth-token: ${token}\r\n` : ''}\r\n{`,
      );
      drip = setInterval(() => socket.writable && socket.write(' '), 100);
      resolve({ closed, stop: () => socket.destroy() });
    });
    socket.once('error', reject);
  });
}

/** A GET from another loopback address: another visitor. */
function visit(path: string, from: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, localAddress: from, agent: false }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
      .on('error', reject);
  });
}

describe('slow clients from one address', () => {
  it('hold at most 10 connections, leave room for a visitor elsewhere, and are cut off with 408 within the body time', async () => {
    const slow = await Promise.all(Array.from({ length: 30 }, () => slowBody('/api/enrolments')));
    const outcomes = slow.map((client) => client.closed);
    expect(await visit('/api/services', '127.0.0.2')).toBe(200);
    const ends = await Promise.all(outcomes);
    const answered = ends.filter((end) => end.heard !== '');
    // 20 past the cap were closed at once, with nothing said; the 10 let in were told 408 after 600 ms.
    expect(ends.filter((end) => end.heard === '')).toHaveLength(20);
    expect(answered).toHaveLength(10);
    for (const end of answered) {
      expect(end.heard).toMatch(/^HTTP\/1\.1 408 /);
      expect(end.heard).toContain('"msg":"The request took too long to arrive"');
      expect(end.afterMs).toBeGreaterThanOrEqual(550);
      expect(end.afterMs).toBeLessThan(3_000);
    }
    // The address is served again once its connections are gone.
    expect(await visit('/api/services', '127.0.0.1')).toBe(200);
  }, 30_000);

  it('gives a signed-in caller’s body the whole request time', async () => {
    const { token } = await buildUser();
    const client = await slowBody('/api/sync', { token });
    const early = await Promise.race([client.closed.then(() => 'closed'), new Promise((resolve) => setTimeout(resolve, 1_500, 'still open'))]);
    expect(early).toBe('still open');
    client.stop();
  }, 30_000);
});

describe('behind a proxy', () => {
  it('counts the requests in progress of each address the proxy names', async () => {
    const app = new Koa({ proxy: true, maxIpsCount: 1 });
    const held: (() => void)[] = [];
    app.use(handleErrors);
    app.use(limitRequestsPerAddress(3));
    app.use(async (ctx) => {
      await new Promise<void>((resolve) => held.push(resolve));
      ctx.body = 'ok';
    });
    const proxied = http.createServer(app.callback());
    await new Promise<void>((resolve) => proxied.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(proxied.address() as AddressInfo).port}/`;
    const ask = (address: string) => fetch(base, { headers: { 'x-forwarded-for': address } });
    const first = [ask('203.0.113.9'), ask('203.0.113.9'), ask('203.0.113.9')];
    await expect.poll(() => held.length).toBe(3);
    const fourth = await ask('203.0.113.9');
    expect(fourth.status).toBe(429);
    expect(((await fourth.json()) as { errors: unknown }).errors).toEqual([{ msg: 'Too many requests at once from your address', code: 'too_many_requests' }]);
    const other = ask('198.51.100.9');
    await expect.poll(() => held.length).toBe(4);
    for (const release of held) release();
    expect((await Promise.all([...first, other])).map((res) => res.status)).toEqual([200, 200, 200, 200]);
    // Answered, so no longer counted.
    const again = ask('203.0.113.9');
    await expect.poll(() => held.length).toBe(5);
    held[4]?.();
    expect((await again).status).toBe(200);
    await new Promise<void>((resolve) => proxied.close(() => resolve()));
  });
});
