/**
 * Replays the outside probe of issue 10 against a running server and prints what it found:
 *
 *   npm run probe -- [base URL] [--email E --password P]
 *
 * base URL defaults to http://localhost:3000. With the email and password of a test account
 * (never a real person's: the probe makes failed sign-ins against it), it also checks that a
 * slowed account signs in again once the wait is over, and that weak new passwords are refused
 * (it never changes the password: every one it tries must be refused). Exits 1 when a check fails.
 */
import crypto from 'node:crypto';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  args: process.argv.slice(2),
  options: { email: { type: 'string' }, password: { type: 'string' } },
  allowPositionals: true,
});
const base = (positionals[0] ?? 'http://localhost:3000').replace(/\/$/, '');
let failures = 0;

function report(ok: boolean, what: string): void {
  if (!ok) failures += 1;
  console.log(`${ok ? 'ok  ' : 'FAIL'}  ${what}`);
}

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(base + path, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, retryAfter: Number(response.headers.get('retry-after') ?? 0), json };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const randomAddress = () => `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;

/** Failed sign-ins with a new, made-up X-Forwarded-For first hop each time: how many before 429? */
async function probeSpoofing(): Promise<void> {
  const email = `probe-${crypto.randomUUID()}@example.org`;
  let tries = 0;
  for (; tries < 30; tries += 1) {
    const answer = await call('POST', '/api/auth', { email, password: `wrong ${tries}` }, { 'x-forwarded-for': randomAddress() });
    if (answer.status === 429) break;
  }
  report(
    tries < 30,
    `spoofed X-Forwarded-For: ${tries < 30 ? `slowed after ${tries} failures despite a new first hop each time` : 'never slowed in 30 failures (spoofing works, or RATE_LIMITS=off)'}`,
  );
}

/** The waits after repeated failures grow but end: nobody is locked out for an hour. */
async function probeLockout(email: string, password: string): Promise<void> {
  const waits: number[] = [];
  for (let tries = 0; tries < 12 && waits.length < 2; tries += 1) {
    const answer = await call('POST', '/api/auth', { email, password: `probe wrong ${crypto.randomUUID()}` });
    if (answer.status === 429) {
      waits.push(answer.retryAfter);
      await sleep(answer.retryAfter * 1000 + 100);
    }
  }
  report(waits.length > 0 && waits.every((wait) => wait <= 15 * 60), `failed sign-ins: waits of ${waits.join(', ') || 'none'} s, each at most 15 minutes`);
  let signedIn = await call('POST', '/api/auth', { email, password });
  if (signedIn.status === 429) {
    await sleep(signedIn.retryAfter * 1000 + 100);
    signedIn = await call('POST', '/api/auth', { email, password });
  }
  report(signedIn.status === 200, `the right password after the wait: ${signedIn.status === 200 ? 'signed in' : `answered ${signedIn.status}`}`);
  const token = (signedIn.json as { token?: string } | undefined)?.token;
  if (token) await probePasswords(token, password);
}

/** Weak new passwords must all be refused with a message; none is ever accepted. */
async function probePasswords(token: string, currentPassword: string): Promise<void> {
  for (const newPassword of ['password1234', 'aaaaaaaaaaaa', '            ', 'qwertyuiop12']) {
    const answer = await call('POST', '/api/auth/password', { currentPassword, newPassword }, { 'x-auth-token': token });
    const errors = (answer.json as { errors?: { msg: string }[] } | undefined)?.errors ?? [];
    report(answer.status === 400, `new password ${JSON.stringify(newPassword)}: ${answer.status} ${errors.map((error) => error.msg).join('; ')}`);
    if (answer.status === 200) {
      console.log('      the password WAS changed: set it back with npm run create-user');
      return;
    }
  }
}

console.log(`Probing ${base}`);
await probeSpoofing();
if (values.email && values.password) await probeLockout(values.email, values.password);
else console.log('skip  lockout and password checks: give --email and --password of a test account');
console.log(failures === 0 ? 'All checks passed.' : `${failures} check(s) failed.`);
process.exit(failures === 0 ? 0 : 1);
