import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { migrate } from '../db/migrate';
import { seedServices } from '../db/seed';
import { createHttpServer } from './http-server';

beforeAll(async () => {
  await migrate();
  await seedServices();
});

const tight = {
  headersTimeoutMs: 600,
  requestTimeoutMs: 1_500,
  keepAliveTimeoutMs: 400,
  maxRequestsPerSocket: 3,
  maxConnections: 1_000,
  maxConnectionsPerAddress: 1_000,
  anonymousBodyTimeoutMs: 10_000,
};
let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function serve(limits = tight): Promise<number> {
  const server = createHttpServer(createApp().callback(), limits);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return (server.address() as AddressInfo).port;
}

type SlowClient = { socket: net.Socket; closed: Promise<string> };

/** A client that starts a request and never finishes its headers; `closed` gives what the server said before closing. */
function slowClient(port: number): Promise<SlowClient> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let heard = '';
    socket.on('data', (chunk: Buffer) => (heard += chunk.toString()));
    const closed = new Promise<string>((done) => socket.on('close', () => done(heard)));
    socket.on('error', () => {});
    socket.once('connect', () => {
      socket.write('GET /api/services HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');
      resolve({ socket, closed });
    });
    socket.once('error', reject);
  });
}

describe('the HTTP server under slow clients', () => {
  it('keeps answering others while 300 clients dawdle over their headers, then cuts each of them off', async () => {
    const port = await serve();
    const slow = await Promise.all(Array.from({ length: 300 }, () => slowClient(port)));
    const answers = await Promise.all(Array.from({ length: 20 }, () => fetch(`http://127.0.0.1:${port}/api/services`).then((res) => res.status)));
    expect(answers).toEqual(Array.from({ length: 20 }, () => 200));
    const heard = await Promise.all(slow.map((client) => client.closed));
    // Each was told 408 Request Timeout (or simply closed) by the server, not left open.
    for (const text of heard) expect(text === '' || text.startsWith('HTTP/1.1 408')).toBe(true);
    expect((await fetch(`http://127.0.0.1:${port}/api/services`)).status).toBe(200);
  }, 30_000);

  it('closes connections past the cap at once, and serves again once the slow ones are cut off', async () => {
    const port = await serve({ ...tight, maxConnections: 20 });
    const slow = await Promise.all(Array.from({ length: 20 }, () => slowClient(port)));
    let slowClosed = 0;
    for (const client of slow) void client.closed.then(() => (slowClosed += 1));
    const extra = await slowClient(port);
    await extra.closed;
    expect(slowClosed).toBe(0);
    await Promise.all(slow.map((client) => client.closed));
    expect((await fetch(`http://127.0.0.1:${port}/api/services`)).status).toBe(200);
  }, 30_000);

  it('closes an idle kept-alive connection, and one that has made its most requests', async () => {
    const port = await serve();
    const socket = net.connect(port, '127.0.0.1');
    let heard = '';
    socket.on('data', (chunk: Buffer) => (heard += chunk.toString()));
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write('GET /api/services HTTP/1.1\r\nHost: localhost\r\n\r\n'.repeat(3));
    await closed;
    const statuses = [...heard.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((match) => match[1]);
    expect(statuses).toEqual(['200', '200', '200']);
    expect(heard.toLowerCase()).toContain('connection: close');

    const idle = net.connect(port, '127.0.0.1');
    const idleClosed = new Promise<void>((resolve) => idle.on('close', () => resolve()));
    idle.on('data', () => {});
    await new Promise((resolve) => idle.once('connect', resolve));
    idle.write('GET /api/services HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await idleClosed;
  }, 30_000);
});
