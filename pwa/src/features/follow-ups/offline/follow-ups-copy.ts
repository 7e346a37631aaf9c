/**
 * The kaimahi's open follow-ups on this device: this feature's part of the encrypted copy
 * (DESIGN §6, decision 083). Kept sealed in the staff database's `parts` table as one row (the
 * whole list, so unlocking decrypts once however many there are), and — once the copy is
 * unlocked — in this module's memory. Refreshed as the clients' caseload is (whenever the server
 * can be reached), changed by the results of this feature's kinds, wiped with the staff database
 * at sign-out, and forgotten from memory when the copy locks.
 */
import { isSealed, onStaffCipherChange, type StaffCipher } from '../../../lib/staff-cipher';
import { getStaffDb } from '../../../lib/vault/staff-db';
import { fetchOpenFollowUps } from '../api/get-follow-ups';
import type { FollowUp } from '../api/types';

export const followUpsPart = 'follow-ups';
const rowId = 'open';

type Copy = { userId: string; tasks: Map<string, FollowUp>; refreshedAt: number | null };
let copy: Copy | null = null;
let loading: Promise<void> | null = null;
let revision = 0;
const listeners = new Set<() => void>();
let writes: Promise<unknown> = Promise.resolve();

function serially<T>(write: () => Promise<T>): Promise<T> {
  const next = writes.then(write, write);
  writes = next.catch(() => undefined);
  return next;
}

function changed(): void {
  revision += 1;
  for (const listener of listeners) listener();
}

export function subscribeFollowUps(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function followUpsRevision(): number {
  return revision;
}

const isFollowUp = (value: unknown): value is FollowUp =>
  typeof value === 'object' && value !== null && '_id' in value && typeof value._id === 'string' && 'dueOn' in value && typeof value.dueOn === 'string';

type Stored = { tasks: FollowUp[]; refreshedAt: number | null };

function storedOf(value: unknown): Stored {
  if (typeof value !== 'object' || value === null || !('tasks' in value) || !Array.isArray(value.tasks)) return { tasks: [], refreshedAt: null };
  const refreshedAt = 'refreshedAt' in value && typeof value.refreshedAt === 'number' ? value.refreshedAt : null;
  return { tasks: value.tasks.filter(isFollowUp), refreshedAt };
}

/** Decrypts the person's follow-ups into memory (once per unlock). */
export function loadFollowUps(cipher: StaffCipher): Promise<void> {
  if (copy?.userId === cipher.userId) return Promise.resolve();
  loading ??= (async () => {
    try {
      const row = await getStaffDb(cipher.userId).parts.get([followUpsPart, rowId]);
      const stored = row && isSealed(row.sealed) ? storedOf(await cipher.open(row.sealed)) : { tasks: [], refreshedAt: null };
      copy = { userId: cipher.userId, tasks: new Map(stored.tasks.map((task) => [task._id, task])), refreshedAt: stored.refreshedAt };
      changed();
    } finally {
      loading = null;
    }
  })();
  return loading;
}

/** Drops the decrypted follow-ups from memory (lock, sign-out, wipe). */
export function forgetFollowUps(): void {
  if (!copy) return;
  copy = null;
  changed();
}

// The decrypted copy never outlives the key.
onStaffCipherChange((cipher) => {
  if (!cipher || cipher.userId !== copy?.userId) forgetFollowUps();
});

export function isFollowUpsLoaded(userId: string): boolean {
  return copy?.userId === userId;
}

export function followUpsRefreshedAt(): number | null {
  return copy?.refreshedAt ?? null;
}

/** Every follow-up of the copy (open ones, and those ticked done since the last refresh). */
export function followUpsOnDevice(): FollowUp[] {
  return copy ? [...copy.tasks.values()] : [];
}

export function followUpOnDevice(id: string): FollowUp | undefined {
  return copy?.tasks.get(id);
}

async function store(cipher: StaffCipher, current: Copy): Promise<void> {
  const value: Stored = { tasks: [...current.tasks.values()], refreshedAt: current.refreshedAt };
  await getStaffDb(cipher.userId).parts.put({ part: followUpsPart, _id: rowId, sealed: await cipher.seal(value) });
}

/**
 * Changes one follow-up: `update` sees it as the copy holds it when this write's turn comes and
 * returns the new one, or undefined to leave it. An older version never replaces a newer one.
 */
export function updateFollowUp(cipher: StaffCipher, id: string, update: (current: FollowUp | undefined) => FollowUp | undefined): Promise<void> {
  return serially(async () => {
    await loadFollowUps(cipher);
    if (copy?.userId !== cipher.userId) return;
    const current = copy.tasks.get(id);
    const next = update(current);
    if (!next || (current && current.version > next.version)) return;
    copy.tasks.set(id, next);
    await store(cipher, copy);
    changed();
  });
}

/**
 * Brings the copy up to date: the server's open follow-ups of the caller replace the list (a
 * follow-up done, reassigned or removed elsewhere leaves it). Throws with no signal; the copy stays.
 */
export function refreshFollowUps(cipher: StaffCipher, fetchOpen: () => Promise<FollowUp[]> = () => fetchOpenFollowUps()): Promise<number> {
  return serially(async () => {
    await loadFollowUps(cipher);
    const tasks = await fetchOpen();
    if (copy?.userId !== cipher.userId) return 0;
    copy.tasks = new Map(tasks.map((task) => [task._id, task]));
    copy.refreshedAt = Date.now();
    await store(cipher, copy);
    changed();
    return tasks.length;
  });
}
