/**
 * Creates a staff account, or updates the one with that email:
 *   npm run create-user -- --email E --name N --access L
 * It asks for the password on the terminal (echo off, twice), or reads one line from stdin when
 * stdin is not a terminal, so it can be scripted: `printf '%s\n' "$PW" | npm run create-user -- …`.
 * `--password P` still works but is discouraged: npm prints the command line it runs, and the
 * shell keeps it in its history. Nothing this command prints ever holds a password.
 */
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline/promises';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { limits } from '../../contract/limits';
import { CreateUserSchema } from '../../contract/users';
import { ConfigError, getConfig } from '../config';
import { protectDataFolder } from '../lib/data-folder';
import { StaffPasswordSchema } from '../lib/password-policy';

const usage = [
  'Usage: npm run create-user -- --email E --name N --access L',
  '  L: 1 kaimahi (staff), 2 manager, 3 owner (a manager who alone can grant or change level 3)',
  '  The password is asked for (nothing shows as you type), or read as one line from stdin.',
].join('\n');
const optionNames = ['email', 'name', 'access', 'password'] as const;

function fail(problems: string[]): never {
  console.error([...problems.map((problem) => `  - ${problem}`), usage].join('\n'));
  process.exit(1);
}

/** Every problem with the arguments, so one run shows them all. */
function readArguments(argv: string[]) {
  // strict: false so unknown options are collected and listed with the rest instead of thrown one at a time.
  const { values, positionals } = parseArgs({
    args: argv,
    options: { email: { type: 'string' }, name: { type: 'string' }, access: { type: 'string' }, password: { type: 'string' } },
    strict: false,
    allowPositionals: true,
  });
  const problems: string[] = [];
  for (const name of Object.keys(values)) {
    if (!(optionNames as readonly string[]).includes(name)) problems.push(`--${name}: unknown option`);
  }
  // Not repeated: a stray value is often a password given to a mistyped option (--pasword P).
  if (positionals.length > 0) {
    problems.push(
      `${positionals.length === 1 ? 'an argument' : `${positionals.length} arguments`} without an option name (not shown, in case one is a password)`,
    );
  }
  const text = (name: (typeof optionNames)[number]): string | undefined => {
    const value = values[name];
    if (value === true) problems.push(`--${name}: needs a value`);
    return typeof value === 'string' ? value : undefined;
  };
  const email = text('email');
  const name = text('name');
  const accessText = text('access');
  const password = text('password');
  const access = accessText === undefined ? undefined : accessText.trim() === '' ? Number.NaN : Number(accessText);

  // Validate everything but the password now, so a typo is reported before anyone types a password.
  const schema = password === undefined ? CreateUserSchema.omit({ password: true }) : CreateUserSchema;
  const parsed = schema.safeParse({ email, name, access, password });
  if (!parsed.success) problems.push(...parsed.error.issues.map((issue) => `--${issue.path.join('.')}: ${issue.message}`));
  if (problems.length > 0 || !parsed.success) fail(problems);
  return { ...parsed.data, password };
}

/** Asks with echo off: readline writes what is typed to an output that discards it. */
async function askHidden(prompt: string): Promise<string> {
  process.stderr.write(prompt);
  const silent = new Writable({ write: (_chunk, _encoding, done) => done() });
  const terminal = readline.createInterface({ input: process.stdin, output: silent, terminal: true });
  terminal.on('SIGINT', () => {
    terminal.close();
    process.stderr.write('\n');
    process.exit(130);
  });
  try {
    return await terminal.question('');
  } finally {
    terminal.close();
    process.stderr.write('\n');
  }
}

/** The first line of stdin, or '' when stdin ends without one. */
async function readLineFromStdin(): Promise<string> {
  const lines = readline.createInterface({ input: process.stdin, terminal: false });
  for await (const line of lines) return line;
  return '';
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) return readLineFromStdin();
  const first = await askHidden('Password: ');
  const second = await askHidden('Password again: ');
  if (first !== second) fail(['--password: the two passwords do not match']);
  return first;
}

async function main(): Promise<void> {
  const args = readArguments(process.argv.slice(2));
  if (args.password !== undefined) {
    console.error('Note: --password stays in your shell history, and npm prints the command it runs. Next time leave it out to be asked, or pipe it on stdin.');
  }
  let config;
  try {
    config = getConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.problems);
    throw error;
  }
  const password = args.password ?? (await readPassword());
  const checked = StaffPasswordSchema.safeParse(password);
  if (!checked.success) fail(checked.error.issues.map((issue) => `--password: ${issue.message}`));

  // The first account is often made before the server has ever started and made the data folder.
  protectDataFolder(config);
  if (config.database.dialect === 'sqlite') fs.mkdirSync(path.dirname(config.database.storage), { recursive: true });
  // Imported after the configuration is known good: these open the database.
  const { migrate } = await import('../db/migrate');
  const { sequelize } = await import('../db/sequelize');
  const { saveStaffFromCommandLine } = await import('../features/users/users.service');
  try {
    await migrate();
    const { user, created } = await saveStaffFromCommandLine({ ...args, password: checked.data });
    const role = user.access > limits.managerAccess ? 'owner' : user.access === limits.managerAccess ? 'manager' : 'kaimahi';
    console.log(`${created ? 'Created' : 'Updated'} ${role} ${user.email} (access ${user.access})`);
  } finally {
    await sequelize.close();
  }
  process.exit(0);
}

try {
  await main();
} catch (error) {
  // A database that cannot be reached, say: the message is enough, a stack would only confuse.
  console.error(`create-user failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
