/**
 * The whānau part of the kaimahi's copy on this device (DESIGN §4c, §6; decision 045): the whānau
 * of their caseload as `GET /api/whanau/caseload` sends them (members, plan, follow-ups, recent
 * contacts and notes), sealed one row per whānau in the staff database's `parts` table
 * (`['whanau', id]`, lib/vault/staff-db.ts) with the vault's key, and decrypted into this
 * module's memory once unlocked. The vault's wipe (sign-out, five wrong unlocks) deletes that
 * database whole, so nothing here outlives the person's session on the device.
 */
import { foldForSearch } from '@contract/clients';
import type { WhanauCaseload, WhanauDetail } from '@contract/whanau';
import { apiRequest } from '../../../lib/api-client';
import { isSealed, type StaffCipher } from '../../../lib/staff-cipher';
import { queryString, staffApiPaths } from '../../../lib/staff-paths';
import { getStaffDb } from '../../../lib/vault/staff-db';

const part = 'whanau';
const cursorKey = `cursor.${part}` as const;
const refreshedKey = `refreshedAt.${part}` as const;

type Copy = { userId: string; whanau: Map<string, WhanauDetail>; refreshedAt: number | null };

let copy: Copy | null = null;
let loading: Promise<void> | null = null;
/** Writes run one after another, so a refresh and a landed result never write over each other. */
let writes: Promise<unknown> = Promise.resolve();
function serially<T>(write: () => Promise<T>): Promise<T> {
  const next = writes.then(write, write);
  writes = next.catch(() => undefined);
  return next;
}
let revision = 0;
const listeners = new Set<() => void>();

function changed(): void {
  revision += 1;
  for (const listener of listeners) listener();
}

export function subscribeWhanauCopy(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function whanauCopyRevision(): number {
  return revision;
}

function isWhanauDetail(value: unknown): value is WhanauDetail {
  return (
    typeof value === 'object' &&
    value !== null &&
    '_id' in value &&
    typeof value._id === 'string' &&
    'name' in value &&
    'members' in value &&
    Array.isArray(value.members) &&
    'goals' in value &&
    Array.isArray(value.goals)
  );
}

/** Decrypts the person's whānau into memory (once per unlock). */
export function loadWhanauCopy(cipher: StaffCipher): Promise<void> {
  if (copy?.userId === cipher.userId) return Promise.resolve();
  loading ??= (async () => {
    try {
      const db = getStaffDb(cipher.userId);
      const [rows, refreshed] = await Promise.all([db.parts.where('part').equals(part).toArray(), db.meta.get(refreshedKey)]);
      const opened = await Promise.all(rows.map(async (row) => (isSealed(row.sealed) ? await cipher.open(row.sealed) : null)));
      const whanau = new Map<string, WhanauDetail>();
      for (const detail of opened) if (isWhanauDetail(detail)) whanau.set(detail._id, detail);
      copy = { userId: cipher.userId, whanau, refreshedAt: typeof refreshed?.value === 'number' ? refreshed.value : null };
      changed();
    } finally {
      loading = null;
    }
  })();
  return loading;
}

/** Drops the decrypted whānau from memory (lock, sign-out, wipe). */
export function forgetWhanauCopy(): void {
  if (!copy) return;
  copy = null;
  changed();
}

export function isWhanauCopyLoaded(userId: string): boolean {
  return copy?.userId === userId;
}

export function whanauCopyRefreshedAt(): number | null {
  return copy?.refreshedAt ?? null;
}

/** One whānau of the copy. */
export function keptWhanau(id: string): WhanauDetail | undefined {
  return copy?.whanau.get(id);
}

/** The whānau of the copy whose name matches every folded word of `q`, by name. */
export function searchKeptWhanau(q: string): WhanauDetail[] {
  if (!copy) return [];
  const words = foldForSearch(q).split(/\s+/).filter(Boolean);
  return [...copy.whanau.values()]
    .filter((whanau) => {
      const name = foldForSearch(whanau.name);
      return words.every((word) => name.includes(word));
    })
    .sort((a, b) => foldForSearch(a.name).localeCompare(foldForSearch(b.name)));
}

/** The kept whānau a client is a member of, with that membership. */
export function keptWhanauOfClient(clientId: string): { whanau: WhanauDetail; memberId: string } | undefined {
  if (!copy) return undefined;
  for (const whanau of copy.whanau.values()) {
    const member = whanau.members.find((candidate) => candidate.clientId === clientId);
    if (member) return { whanau, memberId: member._id };
  }
  return undefined;
}

/**
 * Changes one whānau of the copy: `update` sees it as it is when this write's turn comes
 * (undefined when not kept) and returns the new page, or undefined to leave it. An older version
 * of the whānau record never replaces a newer one.
 */
export function updateKeptWhanau(cipher: StaffCipher, id: string, update: (current: WhanauDetail | undefined) => WhanauDetail | undefined): Promise<void> {
  return serially(async () => {
    const current = copy?.userId === cipher.userId ? copy.whanau.get(id) : undefined;
    const next = update(current);
    if (!next || (current && current.version > next.version)) return;
    await getStaffDb(cipher.userId).parts.put({ part, _id: id, sealed: await cipher.seal(next) });
    if (copy?.userId === cipher.userId) {
      copy.whanau.set(id, next);
      changed();
    }
  });
}

/** Keeps (sealed) a whānau page as the server gave it, e.g. one just opened online. */
export function keepWhanau(cipher: StaffCipher, detail: WhanauDetail): Promise<void> {
  return updateKeptWhanau(cipher, detail._id, () => detail);
}

export function fetchWhanauCaseload(since: string | undefined): Promise<WhanauCaseload> {
  return apiRequest<WhanauCaseload>(`${staffApiPaths.whanauCaseload}${queryString({ since })}`);
}

/**
 * Brings the whānau up to date with the server: seals and stores those that changed, removes
 * those that left the caseload, moves the cursor on. Throws (status 0) with no signal; the copy
 * stays as it was.
 */
export async function refreshWhanauCopy(cipher: StaffCipher, fetchChanges: typeof fetchWhanauCaseload = fetchWhanauCaseload): Promise<void> {
  await loadWhanauCopy(cipher);
  return serially(async () => {
    const db = getStaffDb(cipher.userId);
    const cursor = await db.meta.get(cursorKey);
    const answer = await fetchChanges(typeof cursor?.value === 'string' ? cursor.value : undefined);
    const sealed = await Promise.all(answer.whanau.map(async (detail) => ({ part, _id: detail._id, sealed: await cipher.seal(detail) })));
    const keep = new Set(answer.ids);
    const time = Date.now();
    let removed: string[] = [];
    await db.transaction('rw', [db.parts, db.meta], async () => {
      await db.parts.bulkPut(sealed);
      removed = (await db.parts.where('part').equals(part).primaryKeys()).map(([, id]) => id).filter((id) => !keep.has(id));
      await db.parts.bulkDelete(removed.map((id): [string, string] => [part, id]));
      await db.meta.bulkPut([
        { key: cursorKey, value: answer.cursor },
        { key: refreshedKey, value: time },
      ]);
    });
    if (copy?.userId === cipher.userId) {
      for (const detail of answer.whanau) copy.whanau.set(detail._id, detail);
      for (const id of removed) copy.whanau.delete(id);
      copy.refreshedAt = time;
      changed();
    }
  });
}
