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
} else if (mode === 'raw-inserts') {
  // The floor for enrolments: the same rows inserted straight into a database made by the same
  // migrations, with the same settings (WAL, synchronous=FULL), one autocommit insert per row.
  const count = Number(process.argv[3] ?? 1000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trust-bench-raw-'));
  Object.assign(process.env, { DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'warn', PWA_DIST: path.join(dataDir, 'none') });
  const { migrate } = await import('../src/db/migrate');
  const { sequelize } = await import('../src/db/sequelize');
  const { enrolmentBody } = await import('./enrolment-body');
  await migrate();
  await sequelize.close();
  const sqlite3 = (await import('sqlite3')).default;
  const db = new sqlite3.Database(path.join(dataDir, 'trust.sqlite'));
  const run = (sql: string, params: unknown[] = []) =>
    new Promise<void>((resolve, reject) => db.run(sql, params, (error) => (error ? reject(error) : resolve())));
  await run('PRAGMA synchronous=FULL');
  const now = new Date().toISOString();
  const started = performance.now();
  for (let index = 0; index < count; index += 1) {
    const body = enrolmentBody(index);
    await run(
      `INSERT INTO enrolments (id, serviceKey, givenName, familyName, phone, email, suburb, householdSize, preferredContact,
        message, consentStatementVersion, consentedAt, status, source, receivedAt, createdAt, updatedAt)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'new', 'online', ?, ?, ?)`,
      [body._id, body.serviceKey, body.givenName, body.familyName, body.phone, body.email, body.suburb, body.householdSize,
        body.preferredContact, body.message, body.statementVersion, now, now, now, now],
    );
  }
  console.log(`rate ${(count / ((performance.now() - started) / 1000)).toFixed(1)}`);
  db.close(() => fs.rmSync(dataDir, { recursive: true, force: true }));
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
  throw new Error('usage: target.ts real | bare <bodies.json> | raw-inserts <count>');
}
