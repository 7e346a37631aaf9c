import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveApp } from './serve-app';

let base: string;
let server: http.Server;
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'trust-dist-'));
const outside = path.join(path.dirname(dist), `${path.basename(dist)}-secret.txt`);

beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
  fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  const script = 'console.log("kia ora");'.repeat(100);
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), script);
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js.br'), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js.gz'), zlib.gzipSync(script));
  fs.writeFileSync(path.join(dist, 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  fs.writeFileSync(outside, 'not for the web');
  const app = new Koa();
  app.use(serveApp(dist));
  app.use((ctx) => {
    ctx.status = 404;
    ctx.body = 'api';
  });
  server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
  fs.rmSync(dist, { recursive: true, force: true });
  fs.rmSync(outside, { force: true });
});

/** Raw GET without fetch's automatic decompression, to see exactly what was sent. */
function get(urlPath: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(base + urlPath, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe('serveApp', () => {
  it('caches hashed assets for a year and never caches the shell or the service worker', async () => {
    expect((await get('/assets/index-abc123.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/index.html')).headers['cache-control']).toBe('no-cache');
    expect((await get('/sw.js')).headers['cache-control']).toBe('no-cache');
    expect((await get('/icon-192.png')).headers['cache-control']).toBe('public, max-age=86400');
  });

  it('answers HEAD like GET, without the body (200 and the length, not 204)', async () => {
    const got = await fetch(`${base}/`, { headers: { 'accept-encoding': 'identity' } });
    const head = await fetch(`${base}/`, { method: 'HEAD', headers: { 'accept-encoding': 'identity' } });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe(got.headers.get('content-type'));
    expect(head.headers.get('content-length')).toBe(String((await got.arrayBuffer()).byteLength));
    expect(await head.text()).toBe('');
  });

  it('answers every app route with index.html, but leaves /api alone', async () => {
    for (const route of ['/', '/service/whanau_support', '/manage/blog/123', '/enrol/whanau_ora_support']) {
      const res = await get(route);
      expect(res.status, route).toBe(200);
      expect(res.body.toString(), route).toContain('<title>app</title>');
    }
    expect((await get('/api/services')).body.toString()).toBe('api');
    expect((await get('/api')).body.toString()).toBe('api');
  });

  it('sends the build-time brotli or gzip copy when the browser takes it', async () => {
    const br = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.body).toString()).toContain('kia ora');
    const gzip = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.body).toString()).toContain('kia ora');
    const plain = await get('/assets/index-abc123.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toContain('kia ora');
    expect(plain.headers['content-type']).toContain('javascript');
    expect(br.headers.vary).toContain('Accept-Encoding');
  });

  it('never serves a file outside the build, however the path is written', async () => {
    const name = path.basename(outside);
    for (const attempt of [`/../${name}`, `/%2e%2e/${name}`, `/assets/..%2f..%2f${name}`, `/%2e%2e%2f${name}`, '/index.html%00.js']) {
      const res = await get(attempt);
      expect(res.body.toString(), attempt).not.toContain('not for the web');
    }
  });
});
