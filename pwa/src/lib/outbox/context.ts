/**
 * What every part of one outbox shares: its database, its kinds, how it sends, its clock, and who
 * is signed in. Made once by `createOutbox`; each part of the engine is a function of it.
 */
import { OutboxStateError } from './errors';
import type { LocalDb, OutboxError } from '../local-db';
import type { StaffCipher } from '../staff-cipher';
import type { OutboxRegistry } from './registry';
import type { OfflineKind, OutboxLanding, OutboxLocks, OutboxTransport } from './types';

export type OutboxContext = {
  db: LocalDb;
  kinds: OutboxRegistry;
  transport: OutboxTransport;
  now: () => number;
  random: () => number;
  locks: OutboxLocks | null;
  /** The Web Lock held while flushing. */
  lockName: string;
  /** The signed-in person's token, read at send time; absent where none can be read (the service worker). */
  getToken: (() => string | null) | undefined;
  /** Who the token belongs to, so one person's items never go out under another's token. */
  getUserId: (() => string | null) | undefined;
  getCipher: () => StaffCipher | null;
  /** Told each result once it is written (after the kind's own `land`). */
  emit: (landing: OutboxLanding) => void;
  /** No signal or rate limited: ordinary triggers wait until then ("Send now" does not). */
  pause: { until: number };
};

export const noConnection: OutboxError = { status: 0, errors: [{ msg: 'No connection', code: 'no_connection' }] };
export const notSignedIn: OutboxError = { status: 401, errors: [{ msg: 'Sign in again to send this', code: 'not_signed_in' }] };
export const unreadable: OutboxError = { status: 0, errors: [{ msg: 'This item cannot be read on this device any more', code: 'sealed_unreadable' }] };

/** The cipher of `userId`, or an error saying the copy is locked. */
export function cipherFor(context: OutboxContext, userId: string | null): StaffCipher {
  const cipher = context.getCipher();
  if (!userId || !cipher || cipher.userId !== userId) throw new OutboxStateError('Unlock this device’s copy first: staff work is kept only encrypted.');
  return cipher;
}

/**
 * Whether this outbox can send an item now: a known kind; a person's item only where a token can
 * be read (never from the service worker); an encrypted one only with its owner's cipher.
 */
export function canSend(context: OutboxContext, operation: { kind: string; userId: string | null }): boolean {
  if (!context.kinds.has(operation.kind)) return false;
  const definition: OfflineKind = context.kinds.get(operation.kind);
  if (operation.userId === null) return !definition.needsUser;
  if (context.getToken === undefined) return false;
  if (definition.encrypted) return context.getCipher()?.userId === operation.userId;
  return true;
}
