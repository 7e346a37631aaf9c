import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll } from 'vitest';

/**
 * Runs before each test file: a fresh data folder and database of its own, so files run in
 * parallel without sharing state. SQLite by default; a new PostgreSQL database when the
 * project runs with TEST_DB=postgres (TEST_DATABASE_URL names the server to create it on).
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trust-test-'));
process.env.NODE_ENV = 'test';
process.env.DATA_DIR = dataDir;
process.env.PWA_DIST = path.join(dataDir, 'no-app');
delete process.env.DATABASE_URL;
delete process.env.RATE_LIMITS;

let dropDatabase: (() => Promise<void>) | undefined;

if (process.env.TEST_DB === 'postgres') {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `trust_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  dropDatabase = async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  };
}

afterAll(async () => {
  const { sequelize } = await import('../src/db/sequelize');
  await sequelize.close();
  await dropDatabase?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
