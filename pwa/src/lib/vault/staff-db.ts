/**
 * One IndexedDB database per staff member on this device, `trust-staff-<userId>` (decision 045).
 * Deleting it whole is the wipe: at sign-out and after five wrong unlocks.
 *
 * What is stored where (nothing a person typed is in plain text):
 * - `vault`   — the data key wrapped by the password (salt, rounds, IV, ciphertext), by the
 *               session's device secret (IV, ciphertext; the secret itself is never kept here)
 *               and, when the person set one, by their PIN (salt, rounds, IV, ciphertext), and the
 *               one count of wrong unlocks (password and PIN together).
 * - `clients` — one row per client of the caseload: the client's id and the sealed client page
 *               (record, enrolments, case notes) as the server last sent it.
 * - `parts`   — the other parts of the copy, one row per record, keyed by the part's name and the
 *               record's id (`['whanau', id]`: a whānau page as the server last sent it), sealed.
 *               A feature keeps its part here without a table of its own (issue 20).
 * - `meta`    — the caseload's refresh cursor and when it last refreshed (and each part's,
 *               `cursor.<part>`, `refreshedAt.<part>`): times only.
 *
 * The app's shared database (lib/local-db.ts) keeps the outbox; staff items there are sealed
 * with the same key (lib/staff-cipher.ts).
 */
import Dexie, { type EntityTable, type Table } from 'dexie';
import type { Sealed } from '../staff-cipher';
import type { DeviceWrappedKey, WrappedKey } from './vault-crypto';

/** The data key wrapped by the password, (while a session lasts) by its device secret, and by the PIN set for this phone. */
export type VaultKeyRow = { key: 'key'; wrapped: WrappedKey; byDevice?: DeviceWrappedKey | null; byPin?: WrappedKey | null; failedTries: number };
export type SealedClientRow = { _id: string; sealed: Sealed };
export type SealedPartRow = { part: string; _id: string; sealed: Sealed };
export type StaffMetaRow =
  | { key: 'cursor'; value: string }
  | { key: 'refreshedAt'; value: number }
  | { key: `cursor.${string}`; value: string }
  | { key: `refreshedAt.${string}`; value: number };

export type StaffDb = Dexie & {
  vault: EntityTable<VaultKeyRow, 'key'>;
  clients: EntityTable<SealedClientRow, '_id'>;
  parts: Table<SealedPartRow, [string, string]>;
  meta: EntityTable<StaffMetaRow, 'key'>;
};

export const staffDbPrefix = 'trust-staff-';

export function staffDbName(userId: string): string {
  return `${staffDbPrefix}${userId}`;
}

const open = new Map<string, StaffDb>();

/** The staff database of `userId` (one handle per page). */
export function getStaffDb(userId: string): StaffDb {
  const name = staffDbName(userId);
  let db = open.get(name);
  if (!db) {
    // Dexie's documented way to type its tables: the instance gains them from `stores()` below.
    db = new Dexie(name) as StaffDb;
    db.version(1).stores({ vault: 'key', clients: '_id', meta: 'key' });
    db.version(2).stores({ parts: '[part+_id], part' });
    open.set(name, db);
  }
  return db;
}

/** Deletes the whole database of `userId` (closing this page's handle first). */
export async function deleteStaffDb(userId: string): Promise<void> {
  const name = staffDbName(userId);
  const db = open.get(name);
  open.delete(name);
  db?.close();
  await Dexie.delete(name);
}

/** Whether `userId` has a staff database on this device (without creating one). */
export async function staffDbExists(userId: string): Promise<boolean> {
  const name = staffDbName(userId);
  return open.get(name)?.isOpen() === true || (await Dexie.exists(name));
}
