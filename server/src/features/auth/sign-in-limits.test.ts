// First: this server sits behind one proxy (nginx appends the caller's address to X-Forwarded-For).
import '../../../test/behind-one-proxy';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../lib/clock';
import { logFile } from '../../lib/logger';
import { buildUser, startTestServer, type TestApi } from '../../../test/helpers';

let api: TestApi;
let clock = Date.now();
beforeAll(async () => {
  setClock(() => clock);
  api = await startTestServer();
});
afterAll(async () => {
  setClock();
  await api.close();
});

const wait = (ms: number) => {
  clock += ms;
};

/** A sign-in as it reaches the server through nginx: whatever the caller wrote, then the address nginx saw. */
function signIn(email: string, password: string, address: string, written?: string) {
  return api.post('/api/auth', { json: { email, password }, headers: { 'x-forwarded-for': written ? `${written}, ${address}` : address } });
}

const tooMany = [expect.objectContaining({ msg: 'Too many attempts, please try again later' })];

describe('sign-in behind the proxy', () => {
  it('counts the address the proxy saw, not the first hop the caller wrote, and logs it with the account tried', async () => {
    const { user, password } = await buildUser();
    const answers = [];
    for (let attempt = 1; attempt <= 8; attempt += 1) {
      answers.push((await signIn(user.email, `wrong guess ${attempt}`, '203.0.113.11', `10.0.0.${attempt}`)).status);
    }
    // Five failures free, the sixth answered, then the address must wait, whatever it wrote in front.
    expect(answers).toEqual([400, 400, 400, 400, 400, 400, 429, 429]);
    const correct = await signIn(user.email, password, '203.0.113.11', '10.9.9.9');
    expect(correct.status).toBe(429);
    expect(correct.body.errors).toEqual(tooMany);

    const lines = fs
      .readFileSync(logFile.currentPath(), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    const failed = lines.filter((line) => line.msg === 'sign-in failed' && line.account === user.email);
    expect(failed).toHaveLength(6);
    expect(new Set(failed.map((line) => line.ip))).toEqual(new Set(['203.0.113.11']));
    const text = fs.readFileSync(logFile.currentPath(), 'utf8');
    expect(text).not.toContain('wrong guess');
    expect(text).not.toContain(password);
  });
});

describe('failed sign-ins slow the guesser, not the owner', () => {
  it('makes one address guessing at one account wait longer after each failure, while the owner elsewhere signs in at once', async () => {
    const { user, password } = await buildUser();
    for (let attempt = 1; attempt <= 6; attempt += 1) {
      expect((await signIn(user.email, `wrong ${attempt}`, '203.0.113.20')).status).toBe(400);
    }
    const waiting = await signIn(user.email, password, '203.0.113.20');
    expect(waiting.status).toBe(429);
    expect(waiting.headers.get('retry-after')).toBe('1');
    expect((await signIn(user.email, password, '198.51.100.20')).status).toBe(200);

    wait(1000);
    expect((await signIn(user.email, 'wrong 7', '203.0.113.20')).status).toBe(400);
    const longer = await signIn(user.email, 'wrong 8', '203.0.113.20');
    expect(longer.status).toBe(429);
    expect(longer.headers.get('retry-after')).toBe('2');

    wait(2000);
    expect((await signIn(user.email, password, '203.0.113.20')).status).toBe(200);
  });

  it('lets a shared address (a marae’s Wi-Fi) make 50 mistakes across accounts before slowing it, and only it', async () => {
    const people = await Promise.all(Array.from({ length: 11 }, () => buildUser()));
    for (const person of people.slice(0, 10)) {
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        expect((await signIn(person.user.email, `typo ${attempt}`, '203.0.113.30')).status).toBe(400);
      }
    }
    const last = people[10]!;
    expect((await signIn(last.user.email, 'one more typo', '203.0.113.30')).status).toBe(400);
    const slowed = await signIn(last.user.email, 'and another', '203.0.113.30');
    expect(slowed.status).toBe(429);
    expect(slowed.body.errors).toEqual(tooMany);
    expect((await signIn('nobody-30@example.org', 'guess', '203.0.113.30')).status).toBe(429);
    expect((await signIn(last.user.email, last.password, '198.51.100.30')).status).toBe(200);
    // The right password passes the address's wait (decision 113).
    expect((await signIn(last.user.email, last.password, '203.0.113.30')).status).toBe(200);
  }, 120_000);

  it('past 100 failures at one account from many addresses, slows new addresses but not one the owner signed in from', async () => {
    const { user, password } = await buildUser();
    expect((await signIn(user.email, password, '198.51.100.40')).status).toBe(200);
    for (let attempt = 1; attempt <= 101; attempt += 1) {
      const address = `192.0.2.${attempt}`;
      expect((await signIn(user.email, `guess ${attempt}`, address)).status, address).toBe(400);
    }
    const stranger = await signIn(user.email, password, '192.0.2.200');
    expect(stranger.status).toBe(429);
    expect((await signIn(user.email, password, '198.51.100.40')).status).toBe(200);

    wait(1000);
    expect((await signIn(user.email, password, '192.0.2.200')).status).toBe(200);
  }, 120_000);

  it('never lets failures to made-up emails from a shared address keep out someone who signed in there before', async () => {
    const { user, password } = await buildUser();
    const newcomer = await buildUser();
    expect((await signIn(user.email, password, '203.0.113.50')).status).toBe(200);
    // Someone on the marae's Wi-Fi tries 60 made-up accounts, then one more each time the wait ends.
    for (let attempt = 1; attempt <= 60; attempt += 1) {
      const answer = await signIn(`nobody-${attempt}@example.org`, 'guess', '203.0.113.50');
      expect([400, 429]).toContain(answer.status);
    }
    expect((await signIn('nobody-61@example.org', 'guess', '203.0.113.50')).status).toBe(429);
    for (let round = 1; round <= 20; round += 1) {
      wait(2000);
      expect((await signIn(user.email, password, '203.0.113.50')).status, `round ${round}`).toBe(200);
      await signIn(`again-${round}@example.org`, 'guess', '203.0.113.50');
    }
    // Someone who never signed in there gets in with the right password (decision 113).
    expect((await signIn(newcomer.user.email, newcomer.password, '203.0.113.50')).status).toBe(200);
  }, 120_000);

  it('lets colleagues new to an office’s address in with the right password while a stranger sprays wrong ones there', async () => {
    const office = '203.0.113.55';
    const colleagues = await Promise.all(Array.from({ length: 10 }, () => buildUser()));
    for (let attempt = 1; attempt <= 60; attempt += 1) await signIn(`spray-${attempt}@example.org`, 'Password1', office);
    const answers = [];
    for (const [round, colleague] of colleagues.entries()) {
      // The stranger keeps at it, at made-up emails and at this colleague's account.
      expect((await signIn(`spray-again-${round}@example.org`, 'Password1', office)).status).toBe(429);
      const wrong = await signIn(colleague.user.email, 'Password1', office);
      expect(wrong.status).toBe(429);
      expect(wrong.body.errors).toEqual(tooMany);
      answers.push((await signIn(colleague.user.email, colleague.password, office)).status);
    }
    // 0 of 10 before.
    expect(answers).toEqual(Array(10).fill(200));
  }, 120_000);

  it('still holds an account past its own limit at an address that waits, right password or not', async () => {
    const { user, password } = await buildUser();
    for (let attempt = 1; attempt <= 101; attempt += 1) await signIn(user.email, `guess ${attempt}`, `192.0.2.${attempt}`);
    for (let attempt = 1; attempt <= 60; attempt += 1) await signIn(`spray-${attempt}@example.org`, 'guess', '203.0.113.56');
    const held = await signIn(user.email, password, '203.0.113.56');
    expect(held.status).toBe(429);
    expect(held.body.errors).toEqual(tooMany);
  }, 120_000);

  it('still holds a known (email, address) pair to its own five free failures', async () => {
    const { user, password } = await buildUser();
    expect((await signIn(user.email, password, '203.0.113.60')).status).toBe(200);
    for (let attempt = 1; attempt <= 6; attempt += 1) {
      expect((await signIn(user.email, `wrong ${attempt}`, '203.0.113.60')).status).toBe(400);
    }
    const held = await signIn(user.email, password, '203.0.113.60');
    expect(held.status).toBe(429);
    expect(held.headers.get('retry-after')).toBe('1');
    wait(1000);
    expect((await signIn(user.email, password, '203.0.113.60')).status).toBe(200);
  });

  it('logs refused attempts from one address at most once a minute, however many there are', async () => {
    const { user } = await buildUser();
    const address = '203.0.113.70';
    const refusedLines = () =>
      fs
        .readFileSync(logFile.currentPath(), 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line))
        .filter((line) => line.msg === 'sign-in refused: too many failures, must wait' && line.ip === address);
    for (let attempt = 1; attempt <= 6; attempt += 1) await signIn(user.email, `wrong ${attempt}`, address);
    for (let attempt = 1; attempt <= 50; attempt += 1) expect((await signIn(user.email, 'again', address)).status).toBe(429);
    expect(refusedLines()).toHaveLength(1);
    wait(61_000);
    expect((await signIn(user.email, 'after a minute', address)).status).toBe(400);
    for (let attempt = 1; attempt <= 10; attempt += 1) expect((await signIn(user.email, 'again', address)).status).toBe(429);
    expect(refusedLines()).toHaveLength(2);
  });
});
