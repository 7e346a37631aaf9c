/**
 * The staff vault: the encrypted copy of a kaimahi's caseload on this device, and the key that
 * opens it (DESIGN §6, decision 045). Shared code in lib/ because sign-in (app/auth) opens
 * it and the client screens (features/clients) read through it.
 *
 * States, per signed-in person:
 * - `none`     — no copy on this device (never signed in here with a password, or wiped);
 * - `locked`   — a copy exists, its key is not in memory (the app was reopened): the unlock
 *                screen asks for the password, checked against the wrapped key, not the server;
 * - `unlocked` — the key is in memory and handed to the outbox (`setStaffCipher`).
 * Five wrong passwords in a row wipe the copy and the person's staff items in the outbox.
 */
import { getToken, subscribeToToken } from '../auth-token';
import { getLocalDb } from '../local-db';
import { getStaffCipher, onStaffCipherChange, setStaffCipher } from '../staff-cipher';
import { deleteStaffDb, getStaffDb, staffDbExists } from './staff-db';
import { createCipher, createDataKey, unwrapDataKey } from './vault-crypto';

export const maxUnlockTries = 5;

export type VaultState = { status: 'unknown' } | { status: 'none' } | { status: 'locked'; triesLeft: number } | { status: 'unlocked' };
export type UnlockResult = { ok: true } | { ok: false; triesLeft: number } | { ok: false; wiped: true };

// Constant objects, so React's useSyncExternalStore sees the same snapshot until a change.
const unknown: VaultState = { status: 'unknown' };
const none: VaultState = { status: 'none' };
const unlocked: VaultState = { status: 'unlocked' };
let state: { userId: string | null; value: VaultState } = { userId: null, value: unknown };
const listeners = new Set<() => void>();

function publish(userId: string, value: VaultState): void {
  state = { userId, value };
  for (const listener of listeners) listener();
}

/** The vault's state for `userId` as last read (`unknown` until `readVaultState` has run). */
export function vaultStateOf(userId: string | null): VaultState {
  if (!userId) return none;
  if (getStaffCipher()?.userId === userId) return unlocked;
  return state.userId === userId && state.value.status !== 'unlocked' ? state.value : unknown;
}

/** Calls `listener` when the vault's state may have changed (also when the key comes or goes). */
export function subscribeVault(listener: () => void): () => void {
  listeners.add(listener);
  const stopCipher = onStaffCipherChange(listener);
  return () => {
    listeners.delete(listener);
    stopCipher();
  };
}

/** Looks on the device for `userId`'s copy. */
export async function readVaultState(userId: string): Promise<VaultState> {
  if (getStaffCipher()?.userId === userId) return { status: 'unlocked' };
  // Looking must not make an empty database where a wipe left none.
  const row = (await staffDbExists(userId)) ? await getStaffDb(userId).vault.get('key') : undefined;
  const value: VaultState = row ? { status: 'locked', triesLeft: Math.max(0, maxUnlockTries - row.failedTries) } : none;
  publish(userId, value);
  return value;
}

function unlockWith(userId: string, key: CryptoKey): void {
  setStaffCipher(createCipher(userId, key));
  publish(userId, unlocked);
}

/**
 * At sign-in, with the password the server has just accepted: opens this person's copy, or makes
 * one. If the stored key does not open with this password (it was changed elsewhere), the old
 * copy cannot be read by anyone any more, so it is replaced.
 */
export async function openVaultAtSignIn(userId: string, password: string): Promise<void> {
  const db = getStaffDb(userId);
  const row = await db.vault.get('key');
  if (row) {
    const key = await unwrapDataKey(password, row.wrapped);
    if (key) {
      await db.vault.update('key', { failedTries: 0 });
      unlockWith(userId, key);
      return;
    }
    await wipeVault(userId);
  }
  const made = await createDataKey(password);
  await getStaffDb(userId).vault.put({ key: 'key', wrapped: made.stored, failedTries: 0 });
  unlockWith(userId, made.key);
}

/**
 * The unlock screen: the password is checked against the wrapped key on this device. A wrong
 * try is counted before the check, so closing the tab mid-check still counts it.
 */
export async function unlockVault(userId: string, password: string): Promise<UnlockResult> {
  const db = getStaffDb(userId);
  const row = (await staffDbExists(userId)) ? await db.vault.get('key') : undefined;
  if (!row) {
    publish(userId, none);
    return { ok: false, wiped: true };
  }
  const tries = row.failedTries + 1;
  await db.vault.update('key', { failedTries: tries });
  const key = await unwrapDataKey(password, row.wrapped);
  if (key) {
    await db.vault.update('key', { failedTries: 0 });
    unlockWith(userId, key);
    return { ok: true };
  }
  if (tries >= maxUnlockTries) {
    await wipeVault(userId);
    return { ok: false, wiped: true };
  }
  const triesLeft = maxUnlockTries - tries;
  publish(userId, { status: 'locked', triesLeft });
  return { ok: false, triesLeft };
}

/** Forgets the key (the copy stays, sealed). */
export function lockVault(): void {
  const userId = getStaffCipher()?.userId;
  setStaffCipher(null);
  if (userId) void readVaultState(userId);
}

/**
 * Removes everything of `userId`'s staff work from this device: the key, the caseload copy and
 * their items in the outbox (sent or not). At sign-out, after five wrong unlocks.
 */
export async function wipeVault(userId: string): Promise<void> {
  if (getStaffCipher()?.userId === userId) setStaffCipher(null);
  await deleteStaffDb(userId);
  await wipeStaffOutboxItems(userId);
  publish(userId, none);
}

/** The outbox rows of `userId` (never an anonymous enrolment, whose userId is null). */
async function wipeStaffOutboxItems(userId: string): Promise<void> {
  await getLocalDb().outbox.where('userId').equals(userId).delete();
}

// Signed out anywhere (here, another tab, a 401): the key leaves memory at once. A lapsed
// session is not a sign-out: the copy stays, and signing in again opens it.
if (typeof window !== 'undefined') {
  subscribeToToken(() => {
    if (!getToken() && getStaffCipher()) lockVault();
  });
}
