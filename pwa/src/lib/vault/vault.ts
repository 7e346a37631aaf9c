/**
 * The staff vault: the encrypted copy of a kaimahi's caseload on this device, and the key that
 * opens it (DESIGN §6, decision 045). Shared code in lib/ because sign-in (lib/auth) opens
 * it and the client screens (features/clients) read through it.
 *
 * States, per signed-in person:
 * - `none`     — no copy on this device (never signed in here with a password, or wiped): the
 *                client screens ask for the password to make one before anything can be kept;
 * - `making`   — the password was accepted and the copy's key is being made (PBKDF2: a second
 *                or two on a phone), after 'Logged In' has shown;
 * - `locked`   — a copy exists, its key is not in memory (the app was reopened): with signal and
 *                a live session the device secret opens it; otherwise the unlock screen asks for
 *                the password, checked against the wrapped key, not the server;
 * - `unlocked` — the key is in memory and handed to the outbox (`setStaffCipher`).
 * Five wrong passwords in a row wipe the copy and the person's staff items in the outbox (and the
 * app signs them out: lib/auth).
 *
 * A PIN (decision 118): the person may set a short PIN for this phone, a second wrapping of the
 * same data key kept beside the password's. The unlock screen then asks for the PIN, with the
 * password one tap away; wrong PINs and wrong passwords count together (one counter, five tries).
 * The PIN goes with the copy: at sign-out, after five wrong tries, and when a changed password
 * replaces the copy at the next sign-in.
 */
import type { DeviceKey } from '@contract/auth';
import { apiRequest } from '../api-client';
import { getToken, subscribeToToken } from '../auth-token';
import { getLocalDb } from '../local-db';
import { apiPaths } from '../paths';
import { getStaffCipher, onStaffCipherChange, setStaffCipher } from '../staff-cipher';
import { deleteStaffDb, getStaffDb, staffDbExists } from './staff-db';
import type { VaultKeyRow } from './staff-db';
import { createCipher, createDataKey, openDataKey, unwrapDataKey, unwrapWithDevice, type WrappedKey } from './vault-crypto';

export const maxUnlockTries = 5;

/** The shortest PIN accepted (digits only): a million possibilities, behind the five-tries wipe. */
export const minPinLength = 6;
export const maxPinLength = 12;

export type VaultState =
  | { status: 'unknown' }
  | { status: 'none' }
  | { status: 'making' }
  | { status: 'locked'; triesLeft: number; byDevice: boolean; hasPin: boolean }
  | { status: 'unlocked' };

/** What opens the copy on the unlock screen. */
export type UnlockSecret = { password: string } | { pin: string };

/** This session's device secret from the server; rejects with no signal or a dead session. */
export type FetchDeviceSecret = () => Promise<string>;
const fetchDeviceSecret: FetchDeviceSecret = () => apiRequest<DeviceKey>(apiPaths.deviceKey).then((answer) => answer.deviceKey);
export type UnlockResult = { ok: true } | { ok: false; triesLeft: number } | { ok: false; wiped: true };

// Constant objects, so React's useSyncExternalStore sees the same snapshot until a change.
const unknown: VaultState = { status: 'unknown' };
const none: VaultState = { status: 'none' };
const making: VaultState = { status: 'making' };
const unlocked: VaultState = { status: 'unlocked' };
/** The person whose copy is being made right now: looking on the device meanwhile must not say `none`. */
let makingFor: string | null = null;
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
  if (getStaffCipher()?.userId === userId) return unlocked;
  if (makingFor === userId) return making;
  // Looking must not make an empty database where a wipe left none.
  const row = (await staffDbExists(userId)) ? await getStaffDb(userId).vault.get('key') : undefined;
  if (makingFor === userId || getStaffCipher()?.userId === userId) return vaultStateOf(userId);
  const value: VaultState = row ? lockedState(row, row.failedTries) : none;
  publish(userId, value);
  return value;
}

function lockedState(row: VaultKeyRow, failedTries: number): VaultState {
  return { status: 'locked', triesLeft: Math.max(0, maxUnlockTries - failedTries), byDevice: Boolean(row.byDevice), hasPin: Boolean(row.byPin) };
}

function unlockWith(userId: string, key: CryptoKey): void {
  setStaffCipher(createCipher(userId, key));
  publish(userId, unlocked);
}

/**
 * With the password the server has just accepted (at sign-in, or when a signed-in person with no
 * copy gives it): opens this person's copy, or makes one, and wraps its key for this session's
 * device secret too. If the stored key does not open with this password (it was changed
 * elsewhere), the old copy cannot be read by anyone any more, so it is replaced. The state is
 * `making` from the first moment, so the screens never offer to make a second copy meanwhile.
 */
export function openVaultAtSignIn(userId: string, password: string, deviceSecret: FetchDeviceSecret = fetchDeviceSecret): Promise<void> {
  makingFor = userId;
  publish(userId, making);
  return (async () => {
    try {
      const row = await getStaffDb(userId).vault.get('key');
      const existing = row ? await openDataKey(password, row.wrapped) : null;
      if (row && !existing) await wipeVault(userId, { keepState: true });
      const made = row && existing ? { ...existing, stored: row.wrapped } : await createDataKey(password);
      const secret = await deviceSecret().catch(() => null);
      const byDevice = secret ? await made.wrapForDevice(secret) : null;
      // The PIN stays with a copy this password still opens; a replaced copy had its PIN wiped with it.
      const byPin = row && existing ? (row.byPin ?? null) : null;
      await getStaffDb(userId).vault.put({ key: 'key', wrapped: made.stored, byDevice, byPin, failedTries: 0 });
      makingFor = null;
      unlockWith(userId, made.key);
    } finally {
      if (makingFor === userId) {
        makingFor = null;
        await readVaultState(userId).catch(() => undefined);
      }
    }
  })();
}

/**
 * Reopening with signal and a live session: the session's device secret opens the copy, no
 * password asked. False when it cannot (no signal, another session's wrap, the session is over).
 */
export async function unlockWithDevice(userId: string, deviceSecret: FetchDeviceSecret = fetchDeviceSecret): Promise<boolean> {
  if (getStaffCipher()?.userId === userId) return true;
  const row = (await staffDbExists(userId)) ? await getStaffDb(userId).vault.get('key') : undefined;
  if (!row?.byDevice) return false;
  const secret = await deviceSecret().catch(() => null);
  const key = secret ? await unwrapWithDevice(row.byDevice, secret) : null;
  if (!key) return false;
  unlockWith(userId, key);
  return true;
}

/**
 * The unlock screen: the password, or the PIN set for this phone, is checked against its wrapping
 * of the key on this device. Both count on the one counter of wrong tries; a wrong try is counted
 * before the check, so closing the tab mid-check still counts it.
 */
export async function unlockVault(userId: string, secret: string | UnlockSecret): Promise<UnlockResult> {
  const given = typeof secret === 'string' ? { password: secret } : secret;
  const checked = await countedTry(
    userId,
    (row) => ('pin' in given ? row.byPin : row.wrapped),
    (wrapped) => unwrapDataKey('pin' in given ? given.pin : given.password, wrapped),
  );
  if (checked.ok) unlockWith(userId, checked.opened);
  return checked.ok ? { ok: true } : checked;
}

type Refused = Exclude<UnlockResult, { ok: true }>;

/**
 * One try on the shared counter: what `open` makes of the wrapping `wrappedOf` picks, when the
 * secret fits it; five wrong in a row wipe the copy.
 */
async function countedTry<T>(
  userId: string,
  wrappedOf: (row: VaultKeyRow) => WrappedKey | null | undefined,
  open: (wrapped: WrappedKey) => Promise<T | null>,
): Promise<{ ok: true; opened: T } | Refused> {
  const db = getStaffDb(userId);
  const row = (await staffDbExists(userId)) ? await db.vault.get('key') : undefined;
  if (!row) {
    publish(userId, none);
    return { ok: false, wiped: true };
  }
  const tries = row.failedTries + 1;
  await db.vault.update('key', { failedTries: tries });
  const wrapped = wrappedOf(row);
  const opened = wrapped ? await open(wrapped) : null;
  if (opened) {
    await db.vault.update('key', { failedTries: 0 });
    return { ok: true, opened };
  }
  if (tries >= maxUnlockTries) {
    await wipeVault(userId);
    return { ok: false, wiped: true };
  }
  const locked = lockedState(row, tries);
  // Unlocked meanwhile (the PIN set up with the copy open): the count shows on the next lock.
  if (getStaffCipher()?.userId !== userId) publish(userId, locked);
  return { ok: false, triesLeft: maxUnlockTries - tries };
}

/** Why a PIN cannot be used, or null: digits only, 6 to 12 of them, not one digit repeated nor a run like 123456. */
export function pinProblem(pin: string): 'length' | 'digits' | 'simple' | null {
  if (!/^\d*$/.test(pin)) return 'digits';
  if (pin.length < minPinLength || pin.length > maxPinLength) return 'length';
  const steps = new Set([...pin].slice(1).map((digit, index) => (Number(digit) - Number(pin[index]) + 10) % 10));
  const [step] = steps;
  if (steps.size === 1 && step !== undefined && [0, 1, 9].includes(step)) return 'simple';
  return null;
}

export type SetPinResult = { ok: true } | { ok: false; problem: 'length' | 'digits' | 'simple' } | Refused;

/**
 * Sets (or replaces) the PIN that opens this copy: the password is asked again, so a phone left
 * open cannot be given a PIN someone else knows. A wrong password counts on the shared counter.
 */
export async function setVaultPin(userId: string, password: string, pin: string): Promise<SetPinResult> {
  const problem = pinProblem(pin);
  if (problem) return { ok: false, problem };
  const checked = await countedTry(
    userId,
    (row) => row.wrapped,
    (wrapped) => openDataKey(password, wrapped),
  );
  if (!checked.ok) return checked;
  await getStaffDb(userId).vault.update('key', { byPin: await checked.opened.wrapForPin(pin) });
  publish(userId, state.userId === userId ? state.value : unknown);
  return { ok: true };
}

/** Removes the PIN of this copy: from now on only the password (or a live session) opens it. */
export async function removeVaultPin(userId: string): Promise<void> {
  if (await staffDbExists(userId)) await getStaffDb(userId).vault.update('key', { byPin: null });
  publish(userId, state.userId === userId ? state.value : unknown);
}

/** Whether a PIN opens `userId`'s copy on this device. */
export async function vaultHasPin(userId: string): Promise<boolean> {
  if (!(await staffDbExists(userId))) return false;
  return Boolean((await getStaffDb(userId).vault.get('key'))?.byPin);
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
export async function wipeVault(userId: string, options: { keepState?: boolean } = {}): Promise<void> {
  if (getStaffCipher()?.userId === userId) setStaffCipher(null);
  await deleteStaffDb(userId);
  await wipeStaffOutboxItems(userId);
  if (!options.keepState) publish(userId, none);
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
