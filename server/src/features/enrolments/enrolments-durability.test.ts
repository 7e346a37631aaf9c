import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sqlite3 from 'sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { collectionStatement } from '../../../contract/enrolments';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trust-kill-'));
afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function idsIn(file: string, table: string): Promise<Set<string>> {
  return new Promise((resolve, reject) => {
    const db = new sqlite3.Database(file, sqlite3.OPEN_READONLY, (openError) => {
      if (openError) return reject(openError);
      db.all<{ id: string }>(`SELECT id FROM ${table}`, (error, rows) => {
        db.close();
        if (error) reject(error);
        else resolve(new Set(rows.map((row) => row.id)));
      });
    });
  });
}

// What is at stake is SQLite's file after a crash; PostgreSQL's durability is its own.
describe.skipIf(process.env.TEST_DB === 'postgres')('an acknowledged enrolment and kill -9', () => {
  it('is in the database after the server is killed mid-stream, with its stored answer', async () => {
    const dataDir = path.join(workDir, 'data');
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      RATE_LIMITS: 'off',
      LOG_LEVEL: 'warn',
      PWA_DIST: path.join(workDir, 'no-app'),
    };
    delete env.DATABASE_URL;
    // Node itself with tsx's loader, so that SIGKILL reaches the server (the tsx command is a parent process that would die alone).
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    await new Promise<void>((resolve, reject) => {
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Serving on')) resolve();
      });
      child.on('exit', (code) => reject(new Error(`server stopped (${code}): ${output}`)));
    });

    const acknowledged: string[] = [];
    let killed = false;
    const sender = async () => {
      while (!killed) {
        const id = crypto.randomUUID();
        try {
          const response = await fetch(`http://127.0.0.1:${port}/api/enrolments`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              _id: id,
              serviceKey: 'whanau_ora_support',
              givenName: 'Hine',
              familyName: 'Tautoko',
              preferredContact: 'phone',
              phone: '021 555 0101',
              consent: true,
              statementVersion: collectionStatement.version,
            }),
          });
          if (response.status === 201) acknowledged.push(id);
          else throw new Error(`answered ${response.status}`);
        } catch (error) {
          if (!killed) throw error;
        }
        if (acknowledged.length >= 300 && !killed) {
          // No warning, no shutdown: the process is gone while other enrolments are in flight.
          killed = true;
          child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: 20 }, sender));
    await exited;
    // Nothing answers any more: the server itself is gone, not just a wrapper around it.
    await expect(fetch(`http://127.0.0.1:${port}/api/services`)).rejects.toThrow();

    const file = path.join(dataDir, 'trust.sqlite');
    const [enrolments, operations] = [await idsIn(file, 'enrolments'), await idsIn(file, 'operations')];
    expect(acknowledged.length).toBeGreaterThanOrEqual(300);
    expect(acknowledged.filter((id) => !enrolments.has(id))).toEqual([]);
    expect(acknowledged.filter((id) => !operations.has(id))).toEqual([]);
  }, 90_000);
});
