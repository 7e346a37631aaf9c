import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const tsx = path.join(repoRoot, 'node_modules/.bin/tsx');

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

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trust-start-'));
afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

// The SQLite files are what is at stake; under the PostgreSQL project there is nothing more to learn.
describe.skipIf(process.env.TEST_DB === 'postgres')('npm start', () => {
  it('keeps the data folder 0700 and every file in it 0600, even one made world-readable by an older version', async () => {
    const dataDir = path.join(workDir, 'data');
    // As an older version left it: an open folder.
    fs.mkdirSync(dataDir, { mode: 0o755 });
    fs.chmodSync(dataDir, 0o755);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      PWA_DIST: path.join(workDir, 'no-app'),
    };
    delete env.DATABASE_URL;
    const child = spawn(tsx, ['server/src/main.ts'], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      await new Promise<void>((resolve, reject) => {
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes('Serving on')) resolve();
        });
        child.on('exit', (code) => reject(new Error(`server stopped (${code}): ${output}`)));
      });
      expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
      const files = ['trust.sqlite', 'trust.sqlite-wal', 'trust.sqlite-shm', 'jwt-secret'];
      for (const file of files) expect(fs.statSync(path.join(dataDir, file)).mode & 0o777, file).toBe(0o600);
      const logDir = path.join(dataDir, 'logs');
      expect(fs.statSync(logDir).mode & 0o777).toBe(0o700);
      for (const file of fs.readdirSync(logDir)) expect(fs.statSync(path.join(logDir, file)).mode & 0o777, file).toBe(0o600);
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  }, 60_000);
});
