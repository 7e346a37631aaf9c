import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { getLocalDb } from '../local-db';
import { getStaffCipher } from '../staff-cipher';
import { getStaffDb, staffDbName } from './staff-db';
import {
  lockVault,
  maxUnlockTries,
  openVaultAtSignIn,
  pinProblem,
  readVaultState,
  removeVaultPin,
  setVaultPin,
  unlockVault,
  unlockWithDevice,
  vaultHasPin,
  vaultStateOf,
  wipeVault,
} from './vault';
import { createCipher, createDataKey, vaultIterations } from './vault-crypto';

const password = 'kia kaha te reo 2026';
let users = 0;
const newUser = () => `user-${(users += 1)}-${crypto.randomUUID()}`;

afterEach(() => lockVault());

/** The server cannot be reached: no device secret. */
const noSignal = () => Promise.reject(new TypeError('Failed to fetch'));

function outboxRow(id: string, userId: string | null) {
  return {
    _id: id,
    kind: 'enrolment.create' as const,
    entityId: id,
    userId,
    schemaVersion: 1,
    label: 'x',
    createdAt: 1,
    attempts: 0,
    nextAttemptAt: 1,
    sentAt: null,
    lastError: null,
    state: 'pending' as const,
    payload: null,
  };
}

describe('the staff vault', () => {
  it('at sign-in makes a wrapped key with 600,000 PBKDF2 rounds and hands a working cipher to the outbox', async () => {
    const userId = newUser();
    await openVaultAtSignIn(userId, password, noSignal);
    const cipher = getStaffCipher();
    expect(cipher?.userId).toBe(userId);
    const stored = await getStaffDb(userId).vault.get('key');
    expect(stored?.wrapped.iterations).toBe(vaultIterations);
    expect(vaultIterations).toBeGreaterThanOrEqual(600_000);
    expect(stored?.wrapped.salt.byteLength).toBe(16);

    const sealed = await cipher!.seal({ givenName: 'Tūhoe', phone: '021 555 0101' });
    const bytes = new TextDecoder().decode(sealed.data);
    expect(bytes).not.toContain('Tūhoe');
    expect(bytes).not.toContain('021 555 0101');
    expect(await cipher!.open(sealed)).toEqual({ givenName: 'Tūhoe', phone: '021 555 0101' });
  });

  it('reopened, the copy is locked; a wrong password counts down, the right one unlocks and resets the count', async () => {
    const userId = newUser();
    await openVaultAtSignIn(userId, password, noSignal);
    const sealed = await getStaffCipher()!.seal('Aroha');
    lockVault();
    expect(getStaffCipher()).toBeNull();
    expect(await readVaultState(userId)).toEqual({ status: 'locked', triesLeft: maxUnlockTries, byDevice: false, hasPin: false });

    expect(await unlockVault(userId, 'not my password')).toEqual({ ok: false, triesLeft: 4 });
    expect(await readVaultState(userId)).toEqual({ status: 'locked', triesLeft: 4, byDevice: false, hasPin: false });
    expect(await unlockVault(userId, password)).toEqual({ ok: true });
    expect(await getStaffCipher()!.open(sealed)).toBe('Aroha');
    lockVault();
    expect(await readVaultState(userId)).toEqual({ status: 'locked', triesLeft: maxUnlockTries, byDevice: false, hasPin: false });
  });

  it("five wrong passwords wipe the copy and that person's outbox items, and nobody else's", async () => {
    const userId = newUser();
    const other = newUser();
    await openVaultAtSignIn(userId, password, noSignal);
    await getStaffDb(userId).clients.put({ _id: 'c1', sealed: await getStaffCipher()!.seal({ givenName: 'Mine' }) });
    lockVault();
    const outbox = getLocalDb().outbox;
    await outbox.bulkAdd([outboxRow(crypto.randomUUID(), userId), outboxRow(crypto.randomUUID(), other), outboxRow(crypto.randomUUID(), null)]);

    for (let left = maxUnlockTries - 1; left > 0; left -= 1) expect(await unlockVault(userId, 'wrong')).toEqual({ ok: false, triesLeft: left });
    expect(await unlockVault(userId, 'wrong')).toEqual({ ok: false, wiped: true });

    expect(await Dexie.exists(staffDbName(userId))).toBe(false);
    expect(await readVaultState(userId)).toEqual({ status: 'none' });
    const left = await outbox.toArray();
    expect(left.filter((row) => row.userId === userId)).toEqual([]);
    expect(left.filter((row) => row.userId === other || row.userId === null)).toHaveLength(2);
    // The right password cannot bring the copy back either: there is nothing left to open.
    expect(await unlockVault(userId, password)).toEqual({ ok: false, wiped: true });
  }, 30_000);

  it('signing in with a changed password replaces a copy nobody can open any more', async () => {
    const userId = newUser();
    await openVaultAtSignIn(userId, password, noSignal);
    await getStaffDb(userId).clients.put({ _id: 'c1', sealed: await getStaffCipher()!.seal('old') });
    lockVault();
    await openVaultAtSignIn(userId, 'a brand new password 2027', noSignal);
    expect(await getStaffDb(userId).clients.count()).toBe(0);
    lockVault();
    expect(await unlockVault(userId, 'a brand new password 2027')).toEqual({ ok: true });
  });

  it('says "making" from the first moment of sign-in, so no screen offers to make a second copy meanwhile', async () => {
    const userId = newUser();
    const opening = openVaultAtSignIn(userId, password, noSignal);
    expect(vaultStateOf(userId)).toEqual({ status: 'making' });
    expect(await readVaultState(userId)).toEqual({ status: 'making' });
    await opening;
    expect(vaultStateOf(userId)).toEqual({ status: 'unlocked' });
  });

  it('reopened with a live session, the session’s device secret opens the copy; another session’s, or none, does not', async () => {
    const userId = newUser();
    const session = crypto.getRandomValues(new Uint8Array(32));
    const secret = async () => Buffer.from(session).toString('base64url');
    await openVaultAtSignIn(userId, password, secret);
    const sealed = await getStaffCipher()!.seal('Aroha');
    lockVault();
    expect(await readVaultState(userId)).toEqual({ status: 'locked', triesLeft: maxUnlockTries, byDevice: true, hasPin: false });
    // Nothing on the device opens it: the secret is asked of the server each time.
    expect(
      JSON.stringify(await getStaffDb(userId).vault.toArray(), (_key, value: unknown) => (value instanceof ArrayBuffer ? '[bytes]' : value)),
    ).not.toContain(await secret());

    expect(await unlockWithDevice(userId, noSignal)).toBe(false);
    expect(await unlockWithDevice(userId, async () => Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url'))).toBe(false);
    expect(getStaffCipher()).toBeNull();
    expect(await unlockWithDevice(userId, secret)).toBe(true);
    expect(await getStaffCipher()!.open(sealed)).toBe('Aroha');
  });

  it('sign-out wipes the whole database', async () => {
    const userId = newUser();
    await openVaultAtSignIn(userId, password, noSignal);
    await wipeVault(userId);
    expect(getStaffCipher()).toBeNull();
    expect(await Dexie.exists(staffDbName(userId))).toBe(false);
  });

  it("one person's sealed rows do not open as another's, even with the same key", async () => {
    const { key } = await createDataKey(password, 1000);
    const sealed = await createCipher('a', key).seal('secret');
    await expect(createCipher('b', key).open(sealed)).rejects.toThrow();
  });
});

describe('a PIN for this phone (decision 118)', () => {
  const pin = '802417';

  it('is asked with the password, wraps the same key with its own salt and 600,000 rounds; the right PIN unwraps it, a wrong one does not', async () => {
    const userId = newUser();
    await openVaultAtSignIn(userId, password, noSignal);
    const sealed = await getStaffCipher()!.seal({ givenName: 'Aroha' });
    expect(await setVaultPin(userId, password, pin)).toEqual({ ok: true });
    const row = await getStaffDb(userId).vault.get('key');
    expect(row?.byPin?.iterations).toBeGreaterThanOrEqual(600_000);
    expect(row?.byPin?.salt.byteLength).toBe(16);
    expect(Buffer.from(row!.byPin!.salt).equals(Buffer.from(row!.wrapped.salt))).toBe(false);
    lockVault();
    expect(await readVaultState(userId)).toEqual({ status: 'locked', triesLeft: maxUnlockTries, byDevice: false, hasPin: true });

    expect(await unlockVault(userId, { pin: '802418' })).toEqual({ ok: false, triesLeft: 4 });
    expect(getStaffCipher()).toBeNull();
    // The password is not the PIN, nor the PIN the password.
    expect(await unlockVault(userId, { pin: password })).toEqual({ ok: false, triesLeft: 3 });
    expect(await unlockVault(userId, { password: pin })).toEqual({ ok: false, triesLeft: 2 });
    expect(await unlockVault(userId, { pin })).toEqual({ ok: true });
    expect(await getStaffCipher()!.open(sealed)).toEqual({ givenName: 'Aroha' });
    lockVault();
    // The right PIN reset the one counter; the password still opens the same copy.
    expect(await readVaultState(userId)).toEqual({ status: 'locked', triesLeft: maxUnlockTries, byDevice: false, hasPin: true });
    expect(await unlockVault(userId, { password })).toEqual({ ok: true });
    expect(await getStaffCipher()!.open(sealed)).toEqual({ givenName: 'Aroha' });
  }, 60_000);

  it('counts wrong PINs and wrong passwords on one counter: five of them together wipe the copy', async () => {
    const userId = newUser();
    await openVaultAtSignIn(userId, password, noSignal);
    // A wrong password while setting the PIN counts too.
    expect(await setVaultPin(userId, 'not my password', pin)).toEqual({ ok: false, triesLeft: 4 });
    expect(await vaultHasPin(userId)).toBe(false);
    expect(await setVaultPin(userId, password, pin)).toEqual({ ok: true });
    lockVault();
    expect(await unlockVault(userId, { pin: '111112' })).toEqual({ ok: false, triesLeft: 4 });
    expect(await unlockVault(userId, { password: 'wrong one' })).toEqual({ ok: false, triesLeft: 3 });
    expect(await unlockVault(userId, { pin: '111113' })).toEqual({ ok: false, triesLeft: 2 });
    expect(await unlockVault(userId, { password: 'wrong two' })).toEqual({ ok: false, triesLeft: 1 });
    expect(await unlockVault(userId, { pin: '111114' })).toEqual({ ok: false, wiped: true });
    expect(await Dexie.exists(staffDbName(userId))).toBe(false);
    expect(await unlockVault(userId, { pin })).toEqual({ ok: false, wiped: true });
  }, 60_000);

  it('stays through a sign-in with the same password; goes with a changed password, a removal or sign-out', async () => {
    const userId = newUser();
    await openVaultAtSignIn(userId, password, noSignal);
    expect(await setVaultPin(userId, password, pin)).toEqual({ ok: true });
    lockVault();
    await openVaultAtSignIn(userId, password, noSignal);
    expect(await vaultHasPin(userId)).toBe(true);

    await removeVaultPin(userId);
    expect(await vaultHasPin(userId)).toBe(false);
    lockVault();
    expect(await unlockVault(userId, { pin })).toEqual({ ok: false, triesLeft: 4 });

    expect(await unlockVault(userId, { password })).toEqual({ ok: true });
    expect(await setVaultPin(userId, password, pin)).toEqual({ ok: true });
    lockVault();
    await openVaultAtSignIn(userId, 'a brand new password 2027', noSignal);
    expect(await vaultHasPin(userId)).toBe(false);

    expect(await setVaultPin(userId, 'a brand new password 2027', pin)).toEqual({ ok: true });
    await wipeVault(userId);
    expect(await vaultHasPin(userId)).toBe(false);
  }, 60_000);

  it('takes 6 to 12 digits, not a run or one digit repeated', async () => {
    expect(pinProblem('80241')).toBe('length');
    expect(pinProblem('8024178024178')).toBe('length');
    expect(pinProblem('80241a')).toBe('digits');
    expect(pinProblem('١٢٣٤٥٦٧')).toBe('digits');
    for (const simple of ['000000', '123456', '987654', '890123']) expect(pinProblem(simple)).toBe('simple');
    expect(pinProblem('802417')).toBeNull();
    expect(pinProblem('112233')).toBeNull();
    const userId = newUser();
    await openVaultAtSignIn(userId, password, noSignal);
    expect(await setVaultPin(userId, password, '123456')).toEqual({ ok: false, problem: 'simple' });
    expect(await vaultHasPin(userId)).toBe(false);
  }, 30_000);
});
