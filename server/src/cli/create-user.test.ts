import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSequelize } from '../db/sequelize';
import { verifyPassword } from '../lib/passwords';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const tsx = path.join(repoRoot, 'node_modules/.bin/tsx');
const script = path.join(repoRoot, 'server/src/cli/create-user.ts');

type CliResult = { code: number | null; stdout: string; stderr: string };

/** Runs the command as a person would, against its own data folder; `stdin` is piped in when given. */
function runCreateUser(dataDir: string, args: string[], stdin?: string): Promise<CliResult> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  return new Promise((resolve, reject) => {
    const child = spawn(tsx, [script, ...args], { cwd: repoRoot, env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin ?? '');
  });
}

type UserRow = { id: string; name: string; email: string; passwordHash: string; access: number; active: number | boolean; tokenVersion: number };

/** Reads the accounts straight from the SQLite file the command wrote. */
async function readAccounts(dataDir: string): Promise<UserRow[]> {
  const database = createSequelize({ dialect: 'sqlite', storage: path.join(dataDir, 'trust.sqlite') });
  try {
    return await database.query<UserRow>('SELECT * FROM users', { type: QueryTypes.SELECT });
  } finally {
    await database.close();
  }
}

// The command makes its own SQLite folder; under the PostgreSQL project there is nothing more to learn.
describe.skipIf(process.env.TEST_DB === 'postgres')('npm run create-user', () => {
  let workDir: string;
  beforeAll(() => {
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trust-create-user-'));
  });
  afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

  it('refuses a common or repetitive password with the same policy as the API, and keeps the data folder private', async () => {
    const dataDir = path.join(workDir, 'weak', 'data');
    const common = await runCreateUser(dataDir, ['--email', 'weak@example.org', '--name', 'Weak', '--access', '1', '--password', 'password1234']);
    expect(common.code).toBe(1);
    expect(common.stderr).toContain('--password: This password is too common');
    const repetitive = await runCreateUser(dataDir, ['--email', 'weak@example.org', '--name', 'Weak', '--access', '1'], 'aaaaaaaaaaaa\n');
    expect(repetitive.code).toBe(1);
    expect(repetitive.stderr).toContain('--password: Password is too repetitive');

    const fine = await runCreateUser(dataDir, ['--email', 'weak@example.org', '--name', 'Weak', '--access', '1', '--password', 'tuna pāua kina 42']);
    expect(fine.code).toBe(0);
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(dataDir, 'trust.sqlite')).mode & 0o777).toBe(0o600);
  });

  it('creates an account in a fresh data folder, then updates it by email in any case with a password from stdin', async () => {
    // A folder that does not exist yet, as on a first install before the server ever started.
    const dataDir = path.join(workDir, 'first-run', 'data');
    const firstPassword = 'kia kaha te reo 2026';
    const created = await runCreateUser(dataDir, ['--email', 'Aroha@Example.org', '--name', 'Aroha Manager', '--access', '2', '--password', firstPassword]);
    expect(created).toMatchObject({ code: 0, stdout: 'Created manager aroha@example.org (access 2)\n' });

    const [account] = await readAccounts(dataDir);
    expect(account).toMatchObject({ name: 'Aroha Manager', email: 'aroha@example.org', access: 2, tokenVersion: 0 });
    expect(Boolean(account?.active)).toBe(true);
    expect(await verifyPassword(account?.passwordHash, firstPassword)).toBe(true);

    const secondPassword = 'a new and longer pass phrase';
    const updated = await runCreateUser(dataDir, ['--email', 'AROHA@example.ORG', '--name', 'Aroha Kaimahi', '--access', '1'], `${secondPassword}\n`);
    expect(updated).toMatchObject({ code: 0, stdout: 'Updated kaimahi aroha@example.org (access 1)\n' });
    for (const output of [created, updated]) {
      expect(output.stdout + output.stderr).not.toContain(firstPassword);
      expect(output.stdout + output.stderr).not.toContain(secondPassword);
    }

    const accounts = await readAccounts(dataDir);
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({ id: account?.id, name: 'Aroha Kaimahi', email: 'aroha@example.org', access: 1, tokenVersion: 1 });
    expect(await verifyPassword(accounts[0]?.passwordHash, secondPassword)).toBe(true);
    expect(await verifyPassword(accounts[0]?.passwordHash, firstPassword)).toBe(false);

    // Both changes are on the account's trail, by "command line", naming fields and never values.
    const database = createSequelize({ dialect: 'sqlite', storage: path.join(dataDir, 'trust.sqlite') });
    const trail = await database.query<{ action: string; actorId: string | null; actorName: string; entityId: string; fields: string }>(
      'SELECT action, actorId, actorName, entityId, fields FROM audit_events ORDER BY seq',
      { type: QueryTypes.SELECT },
    );
    await database.close();
    expect(trail.map((event) => ({ ...event, fields: JSON.parse(event.fields) }))).toEqual([
      { action: 'user.create', actorId: null, actorName: 'command line', entityId: account?.id, fields: ['name', 'email', 'access'] },
      { action: 'user.update', actorId: null, actorName: 'command line', entityId: account?.id, fields: ['name', 'access', 'password'] },
    ]);
    expect(JSON.stringify(trail)).not.toContain(secondPassword);
  });

  it('reactivates a deactivated account and ends its old sessions', async () => {
    const dataDir = path.join(workDir, 'reactivate');
    const password = 'kia kaha te reo 2026';
    const args = ['--email', 'rawiri@example.org', '--name', 'Rawiri', '--access', '1', '--password', password];
    expect((await runCreateUser(dataDir, args)).code).toBe(0);
    const database = createSequelize({ dialect: 'sqlite', storage: path.join(dataDir, 'trust.sqlite') });
    await database.query('UPDATE users SET active = 0, tokenVersion = 4');
    await database.close();
    expect((await runCreateUser(dataDir, args)).stdout).toBe('Updated kaimahi rawiri@example.org (access 1)\n');
    const [account] = await readAccounts(dataDir);
    expect(Boolean(account?.active)).toBe(true);
    expect(account?.tokenVersion).toBe(5);
  });

  it('lists every problem with the arguments, exits 1 and writes nothing', async () => {
    const dataDir = path.join(workDir, 'bad-arguments');
    const result = await runCreateUser(dataDir, ['--email', 'not-an-email', '--name', '', '--access', '2.5', '--password', 'short', '--colour', 'magenta']);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).not.toContain('magenta');
    for (const problem of [
      '--colour: unknown option',
      'an argument without an option name (not shown, in case one is a password)',
      '--email: Please include a valid email',
      '--name: Name is required',
      '--access: Access must be a whole number',
      '--password: Password must be at least 12 characters',
    ]) {
      expect(result.stderr).toContain(problem);
    }
    expect(result.stderr).toContain('Usage: npm run create-user -- --email E --name N --access L');
    expect(result.stderr).toContain('L: 1 kaimahi (staff), 2 manager, 3 owner');
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  it('names each missing option, and refuses access above 3 or given as a word', async () => {
    const dataDir = path.join(workDir, 'missing');
    const missing = await runCreateUser(dataDir, []);
    expect(missing.code).toBe(1);
    for (const problem of ['--email: Email is required', '--name: Name is required', '--access: Access is required']) {
      expect(missing.stderr).toContain(problem);
    }
    const wrongAccess = await runCreateUser(dataDir, ['--email', 'a@example.org', '--name', 'A', '--access', 'manager', '--password', 'long enough password']);
    expect(wrongAccess.code).toBe(1);
    expect(wrongAccess.stderr).toContain('--access: Access must be a number');
    const tooHigh = await runCreateUser(dataDir, ['--email', 'a@example.org', '--name', 'A', '--access', '4', '--password', 'long enough password']);
    expect(tooHigh.stderr).toContain('--access: Access must be at most 3');
    const tooLow = await runCreateUser(dataDir, ['--email', 'a@example.org', '--name', 'A', '--access', '0'], 'long enough password\n');
    expect(tooLow.code).toBe(1);
    expect(tooLow.stderr).toContain('--access: Access must be at least 1');
    // The usage the refusal ends with names the same levels as the README.
    expect(tooHigh.stderr).toContain('L: 1 kaimahi (staff), 2 manager, 3 owner');
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  it('never repeats a password, even one given to a mistyped option, and warns about --password', async () => {
    const dataDir = path.join(workDir, 'typo');
    const secret = 'kōwhai tui pīwakawaka 7';
    const typo = await runCreateUser(dataDir, ['--email', 'tui@example.org', '--name', 'Tui', '--access', '1', '--pasword', secret]);
    expect(typo.code).toBe(1);
    expect(typo.stdout + typo.stderr).not.toContain(secret);
    expect(typo.stderr).toContain('--pasword: unknown option');
    expect(fs.existsSync(dataDir)).toBe(false);

    const given = await runCreateUser(dataDir, ['--email', 'tui@example.org', '--name', 'Tui', '--access', '3', '--password', secret]);
    expect(given).toMatchObject({ code: 0, stdout: 'Created owner tui@example.org (access 3)\n' });
    expect(given.stderr).toContain('Note: --password stays in your shell history');
    expect(given.stdout + given.stderr).not.toContain(secret);

    const piped = await runCreateUser(dataDir, ['--email', 'tui@example.org', '--name', 'Tui', '--access', '1'], `${secret}\n`);
    expect(piped).toMatchObject({ code: 0, stdout: 'Updated kaimahi tui@example.org (access 1)\n', stderr: '' });
  });

  it('refuses a short or missing password read from stdin, creating no account', async () => {
    const dataDir = path.join(workDir, 'short-password');
    const args = ['--email', 'hemi@example.org', '--name', 'Hemi', '--access', '1'];
    const short = await runCreateUser(dataDir, args, 'too short\n');
    expect(short.code).toBe(1);
    expect(short.stderr).toContain('--password: Password must be at least 12 characters');
    const none = await runCreateUser(dataDir, args, '');
    expect(none.code).toBe(1);
    expect(fs.existsSync(dataDir)).toBe(false);
  });
});
