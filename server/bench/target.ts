/**
 * A server to measure, run as a child of bench/run.ts: `real` is the whole app on a fresh
 * SQLite database with 200 blog posts (`pages`: the same, with the app's build served and
 * rendered); `bare` is a plain Koa app answering fixed JSON bodies.
 * Prints `ready <port>` when it listens.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Koa from 'koa';
import type { enrolmentBody as enrolmentBodyShape } from './enrolment-body';

const mode = process.argv[2];

/** Paragraph breaks in varying places, so no two posts are the same text. */
const line2 = (index: number) => (index % 4 === 0 ? '\n\n' : ' ');

async function listen(callback: http.RequestListener): Promise<void> {
  const server = http.createServer(callback);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  console.log(`ready ${(server.address() as AddressInfo).port}`);
}

if (mode === 'real' || mode === 'pages') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trust-bench-'));
  // `pages` serves the app's build too, and renders its public pages (bench/pages.ts).
  const pwaDist = mode === 'pages' ? path.resolve(import.meta.dirname, '../../pwa/dist') : path.join(dataDir, 'none');
  Object.assign(process.env, { DATA_DIR: dataDir, NODE_ENV: 'test', RATE_LIMITS: 'off', LOG_LEVEL: 'warn', PWA_DIST: pwaDist });
  const { migrate } = await import('../src/db/migrate');
  const { seedServices } = await import('../src/db/seed');
  const { BlogPost } = await import('../src/db/models/blog-post');
  const { createApp } = await import('../src/app');
  const { User } = await import('../src/db/models/user');
  const { signToken } = await import('../src/lib/tokens');
  await migrate();
  await seedServices();
  // A kaimahi of the service the bench enrols people in, for the sync batch (run.ts reads the token).
  const kaimahi = await User.create({
    name: 'Bench Kaimahi',
    email: 'bench-kaimahi@example.org',
    access: 1,
    active: true,
    services: ['whanau_ora_support'],
    passwordHash: 'not a hash: this account never signs in',
  });
  console.log(`staff-token ${signToken(kaimahi)}`);
  // 200 posts of about 2 KB each, as the trust's blog may hold in a few years (issue 12).
  const sentences = [
    'Kia ora koutou, here is what the whānau got up to this month.',
    'The raised gardens at Aranui gave their first crop of kūmara and silverbeet.',
    'Rangatahi from the mobile programme ran a waka ama day at the estuary.',
    'Our kaimahi joined the hui at the marae to plan the winter kai packs.',
    'Thank you to every volunteer who turned up in the rain on Saturday.',
    'Musical therapy sessions now run on Tuesday evenings as well.',
    'If your whānau needs support, the enrolment form takes two minutes.',
    'Ngā mihi nui to the businesses of Ōtautahi who donated seedlings.',
  ];
  for (let index = 1; index <= 200; index += 1) {
    const text = Array.from({ length: 34 }, (_, line) => sentences[(index * 7 + line * 3) % sentences.length]).join(line2(index));
    await BlogPost.create({
      title: `Pānui ${index}: news from the trust`,
      author: index % 3 === 0 ? 'Mere Parata' : 'Kaimahi',
      text,
      imageAlt: 'Whānau at a community day',
      imageWidth: 1600,
      imageHeight: 900,
      // Published, a day apart (a post with no time is a draft, which no visitor sees).
      publishAt: new Date(Date.now() - index * 24 * 60 * 60 * 1000),
    });
  }
  await listen(createApp().callback());
  process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
} else if (mode === 'bare-insert') {
  // The floor for POST /api/enrolments: a bare Koa handler that parses the JSON body and does one
  // raw autocommit insert of the row into a database made by the same migrations, with the same
  // durability (WAL, synchronous=FULL: each answer after its own COMMIT), then answers 201.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trust-bench-bare-'));
  Object.assign(process.env, { DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'warn', PWA_DIST: path.join(dataDir, 'none') });
  const { migrate } = await import('../src/db/migrate');
  const { sequelize } = await import('../src/db/sequelize');
  await migrate();
  await sequelize.close();
  const sqlite3 = (await import('sqlite3')).default;
  const db = new sqlite3.Database(path.join(dataDir, 'trust.sqlite'));
  db.configure('busyTimeout', 15_000);
  const run = (sql: string, params: unknown[] = []) =>
    new Promise<void>((resolve, reject) => db.run(sql, params, (error) => (error ? reject(error) : resolve())));
  await run('PRAGMA synchronous=FULL');
  const app = new Koa();
  app.use(async (ctx) => {
    const chunks: Buffer[] = [];
    for await (const chunk of ctx.req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ReturnType<typeof enrolmentBodyShape>;
    const now = new Date().toISOString();
    await run(
      `INSERT INTO enrolments (id, serviceKey, givenName, familyName, phone, email, suburb, householdSize, preferredContact,
        message, consentStatementVersion, consentedAt, status, source, receivedAt, createdAt, updatedAt)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'new', 'online', ?, ?, ?)`,
      [
        body._id,
        body.serviceKey,
        body.givenName,
        body.familyName,
        body.phone,
        body.email,
        body.suburb,
        body.householdSize,
        body.preferredContact,
        body.message,
        body.statementVersion,
        now,
        now,
        now,
        now,
      ],
    );
    ctx.status = 201;
    ctx.body = { _id: body._id, status: 'new', receivedAt: now };
  });
  await listen(app.callback());
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
  throw new Error('usage: target.ts real | bare <bodies.json> | bare-insert');
}
