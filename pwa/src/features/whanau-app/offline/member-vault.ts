/**
 * The key of a linked phone's copy (DESIGN §4e, decision 134), as the staff vault keeps a
 * kaimahi's: a random data key, wrapped by the member's 6-digit PIN and by the device secret the
 * server gives this phone, never kept in the clear. With signal the device secret opens the copy;
 * with none the PIN does. Five wrong PINs wipe the copy and end the link (told to the server now,
 * or at the next contact). A phone the server no longer knows is wiped at its next contact.
 *
 * States: `none` (not linked), `needs-pin` (linked a moment ago, no PIN yet), `locked`,
 * `unlocked`, and `ended` (wiped, with why, until the member starts again).
 */
import { useSyncExternalStore } from 'react';
import type { LinkedDevice } from '@contract/whanau-app';
import { apiRequest, ApiRequestError } from '../../../lib/api-client';
import { revokeOrOwe } from '../../../lib/owed-revocation';
import type { StaffCipher } from '../../../lib/staff-cipher';
import type { PartKeys } from '../../../lib/vault/sealed-part';
import { maxUnlockTries, pinProblem } from '../../../lib/vault/vault';
import { createCipher, createDataKey, unwrapDataKey, unwrapWithDevice } from '../../../lib/vault/vault-crypto';
import { memberApiPaths } from '../api/member-paths';
import { deleteMemberDb, getMemberDb, setLinkedHint, type MemberLinkRow } from './member-db';

export type EndedReason = 'unlinked' | 'pin' | 'by-member';
export type MemberState =
  | { status: 'unknown' }
  | { status: 'none' }
  | { status: 'needs-pin' }
  | { status: 'locked'; triesLeft: number }
  | { status: 'unlocked' }
  | { status: 'ended'; reason: EndedReason };

let state: MemberState = { status: 'unknown' };
let link: MemberLinkRow | null = null;
let cipher: StaffCipher | null = null;
/** The device secret of a link made on this page, until the PIN wraps the key with it. */
let freshDeviceKey: string | null = null;
const listeners = new Set<() => void>();
const keyListeners = new Set<(cipher: StaffCipher | null) => void>();

function publish(next: MemberState): void {
  state = next;
  for (const listener of listeners) listener();
}

function setCipher(next: StaffCipher | null): void {
  cipher = next;
  for (const listener of keyListeners) listener(next);
}

/** Whose items these are in the phone's outbox: the link, never a staff id. */
export const memberUserIdOf = (deviceId: string) => `member:${deviceId}`;

/** The key of the phone's copy for the sealed-part engine and the outbox. */
export const memberKeys: PartKeys = {
  current: () => cipher,
  onChange(listener) {
    keyListeners.add(listener);
    return () => keyListeners.delete(listener);
  },
};

export const memberToken = (): string | null => link?.token ?? null;
export const memberUserId = (): string | null => (link ? memberUserIdOf(link.deviceId) : null);
export const memberState = (): MemberState => state;

/** Calls `listener` whenever the link's state changes; returns an unsubscribe. */
export function subscribeMemberState(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useMemberState(): MemberState {
  return useSyncExternalStore(subscribeMemberState, memberState, memberState);
}

function lockedOrPin(row: MemberLinkRow): MemberState {
  return row.byPin ? { status: 'locked', triesLeft: Math.max(0, maxUnlockTries - row.failedTries) } : { status: 'needs-pin' };
}

/** Looks on the phone for a link (once per page; later calls answer what is known). */
export async function readMemberState(): Promise<MemberState> {
  if (state.status !== 'unknown') return state;
  link = (await getMemberDb().link.get('link')) ?? null;
  if (state.status !== 'unknown') return state;
  publish(link ? lockedOrPin(link) : { status: 'none' });
  return state;
}

/** "I have a code from my kaimahi": links this phone; the PIN comes next. Rejects with the server's errors. */
export async function linkPhone(code: string): Promise<void> {
  const linked = await apiRequest<LinkedDevice>(memberApiPaths.link, { method: 'POST', json: { code }, token: null });
  // A phone links one member: an earlier link here (and its copy) goes.
  await deleteMemberDb();
  setCipher(null);
  const row: MemberLinkRow = {
    key: 'link',
    token: linked.token,
    deviceId: linked.deviceId,
    clientId: linked.clientId,
    whanauId: linked.whanauId,
    byPin: null,
    byDevice: null,
    failedTries: 0,
  };
  await getMemberDb().link.put(row);
  link = row;
  freshDeviceKey = linked.deviceKey;
  setLinkedHint(true);
  publish({ status: 'needs-pin' });
}

export type SetPinResult = { ok: true } | { ok: false; problem: 'length' | 'digits' | 'simple' | 'mismatch' };

/** Sets the PIN that opens the copy on this phone, and wraps its key for the device secret too. */
export async function setMemberPin(pin: string, again: string): Promise<SetPinResult> {
  const problem = pinProblem(pin);
  if (problem) return { ok: false, problem };
  if (pin !== again) return { ok: false, problem: 'mismatch' };
  if (!link) throw new Error('No link on this phone');
  const made = await createDataKey(pin);
  const deviceKey = freshDeviceKey ?? (await fetchDeviceKey().catch(() => null));
  const byDevice = deviceKey ? await made.wrapForDevice(deviceKey) : null;
  link = { ...link, byPin: made.stored, byDevice, failedTries: 0 };
  await getMemberDb().link.put(link);
  freshDeviceKey = null;
  unlockWith(made.key);
  return { ok: true };
}

function unlockWith(key: CryptoKey): void {
  if (!link) return;
  setCipher(createCipher(memberUserIdOf(link.deviceId), key));
  publish({ status: 'unlocked' });
}

async function fetchDeviceKey(): Promise<string> {
  return (await apiRequest<{ deviceKey: string }>(memberApiPaths.deviceKey, { token: memberToken() })).deviceKey;
}

/** Reopening with signal: the device secret opens the copy, no PIN asked. False when it cannot (no signal). */
export async function openWithDevice(): Promise<boolean> {
  if (cipher) return true;
  if (!link?.byDevice) return false;
  let secret: string;
  try {
    secret = await fetchDeviceKey();
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) await endLink('unlinked');
    return false;
  }
  const key = await unwrapWithDevice(link.byDevice, secret);
  if (!key) return false;
  unlockWith(key);
  return true;
}

export type PinResult = { ok: true } | { ok: false; triesLeft: number } | { ok: false; wiped: true };

/** The PIN, checked against its wrapping of the key on this phone; a wrong one is counted before the check. */
export async function unlockWithPin(pin: string): Promise<PinResult> {
  const byPin = link?.byPin;
  if (!link || !byPin) return { ok: false, wiped: true };
  const tries = link.failedTries + 1;
  link = { ...link, failedTries: tries };
  await getMemberDb().link.update('link', { failedTries: tries });
  const key = await unwrapDataKey(pin, byPin);
  if (key) {
    link = { ...link, failedTries: 0 };
    await getMemberDb().link.update('link', { failedTries: 0 });
    unlockWith(key);
    return { ok: true };
  }
  if (tries >= maxUnlockTries) {
    await endLink('pin');
    return { ok: false, wiped: true };
  }
  publish({ status: 'locked', triesLeft: maxUnlockTries - tries });
  return { ok: false, triesLeft: maxUnlockTries - tries };
}

/** The member unlinks this phone themselves: the server is told (now or at the next contact) and the copy goes. */
export function unlinkThisPhone(): Promise<void> {
  return endLink('by-member');
}

/**
 * Wipes the copy, its key and the phone's waiting writes. Five wrong PINs and the member's own
 * unlink also end the link on the server, now or at the next contact; a link the server ended
 * needs no word.
 */
export async function endLink(reason: EndedReason): Promise<void> {
  const token = link?.token;
  setCipher(null);
  link = null;
  freshDeviceKey = null;
  await deleteMemberDb();
  setLinkedHint(false);
  publish({ status: 'ended', reason });
  if (token && reason !== 'unlinked') await revokeOrOwe(token, reason === 'pin' ? memberApiPaths.pinFailed : memberApiPaths.unlink);
}

/** "Start again" after an ended link: back to the code screen. */
export function startAgain(): void {
  publish({ status: 'none' });
}
