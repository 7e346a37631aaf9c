/**
 * A server to measure, run as a child of bench/run.ts: `real` is the whole app on a fresh
 * SQLite database with 20 blog posts; `bare` is a plain Koa app answering fixed JSON bodies.
 * Prints `ready <port>` when it listens.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Koa from 'koa';

const mode = process.argv[2];

async function listen(callback: http.RequestListener): Promise<void> {
  const server = http.createServer(callback);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  console.log(`ready ${(server.address() as AddressInfo).port}`);
}

if (mode === 'real') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trust-bench-'));
  Object.assign(process.env, { DATA_DIR: dataDir, NODE_ENV: 'test', RATE_LIMITS: 'off', LOG_LEVEL: 'warn', PWA_DIST: path.join(dataDir, 'none') });
  const { migrate } = await import('../src/db/migrate');
  const { seedServices } = await import('../src/db/seed');
  const { BlogPost } = await import('../src/db/models/blog-post');
  const { createApp } = await import('../src/app');
  await migrate();
  await seedServices();
  for (let index = 1; index <= 20; index += 1) {
    await BlogPost.create({
      title: `Pānui ${index}: news from the trust`,
      author: 'Kaimahi',
      text: 'Kia ora koutou. '.repeat(60),
      imageAlt: 'Whānau at a community day',
      imageWidth: 1600,
      imageHeight: 900,
    });
  }
  await listen(createApp().callback());
  process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
} else if (mode === 'bare') {
  // The same bodies the real app sends, captured once by run.ts and passed in a file.
  const bodies = JSON.parse(fs.readFileSync(process.argv[3] ?? '', 'utf8')) as Record<string, string>;
  const app = new Koa();
  app.use((ctx) => {
    const body = bodies[ctx.path];
    if (body === undefined) return;
    ctx.type = 'application/json';
    ctx.body = body;
  });
  await listen(app.callback());
} else {
  throw new Error('usage: target.ts real|bare <bodies.json>');
}
