/**
 * A linked phone's own IndexedDB database, `trust-whanau-app` (decision 134): the link (the
 * device token, and the copy's key wrapped by the PIN and by the device secret), the sealed copy
 * of what was shared, and the phone's own outbox. Deleting it whole is the wipe: after five wrong
 * PINs, when the member unlinks, or when the server says the phone is no longer linked.
 */
import Dexie, { type EntityTable } from 'dexie';
import { openLocalDb, type LocalDb } from '../../../lib/local-db';
import type { Sealed } from '../../../lib/staff-cipher';
import type { DeviceWrappedKey, WrappedKey } from '../../../lib/vault/vault-crypto';

/** The link: its token in the clear (as a staff token is kept), the copy's key only wrapped. */
export type MemberLinkRow = {
  key: 'link';
  token: string;
  deviceId: string;
  clientId: string;
  whanauId: string;
  /** Until the member sets their PIN (right after linking) there is no key yet. */
  byPin: WrappedKey | null;
  byDevice: DeviceWrappedKey | null;
  failedTries: number;
};
export type MemberCopyRow = { key: 'view'; sealed: Sealed };

export type MemberDb = LocalDb & {
  link: EntityTable<MemberLinkRow, 'key'>;
  copy: EntityTable<MemberCopyRow, 'key'>;
};

export const memberDbName = 'trust-whanau-app';
/** Said in localStorage while a phone is linked, so the menu offers the whānau's app without opening IndexedDB. */
export const linkedHintKey = 'whanauAppLinked';

let db: MemberDb | undefined;

export function getMemberDb(): MemberDb {
  // The outbox's tables, and this database's own two (Dexie types the instance from `stores()`).
  db ??= openLocalDb(memberDbName, { link: 'key', copy: 'key' }) as MemberDb;
  return db;
}

export async function deleteMemberDb(): Promise<void> {
  db?.close();
  db = undefined;
  await Dexie.delete(memberDbName);
}

export function setLinkedHint(linked: boolean): void {
  try {
    if (linked) localStorage.setItem(linkedHintKey, '1');
    else localStorage.removeItem(linkedHintKey);
  } catch {
    // Blocked storage: the menu just does not offer the link.
  }
}
