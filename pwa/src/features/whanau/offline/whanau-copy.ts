/**
 * The whānau part of the kaimahi's copy on this device (DESIGN §4c, §6; decisions 045 and 105):
 * the whānau of their caseload as `GET /api/whanau/caseload` sends them (members, plan, follow-ups,
 * recent contacts and notes), sealed one row per whānau in the staff database's `parts` table
 * (`['whanau', id]`, lib/vault/staff-db.ts) with the vault's key, beside one sealed index row
 * (`['whanau-index', 'index']`: each whānau's name, version and members' ids, what search and a
 * client page need). Unlocking decrypts the index alone; a whānau page opens its own row
 * (`openKeptWhanau`), so reading one whānau never decrypts the other 499. The vault's wipe
 * (sign-out, five wrong unlocks) deletes that database whole, so nothing here outlives the
 * person's session on the device.
 */
import { foldForSearch } from '@contract/clients';
import type { MemberRecord, WhanauCaseload, WhanauDetail } from '@contract/whanau';
import { apiRequest } from '../../../lib/api-client';
import { isSealed, type StaffCipher } from '../../../lib/staff-cipher';
import { queryString, staffApiPaths } from '../../../lib/staff-paths';
import { sealedPart } from '../../../lib/vault/sealed-part';
import { getStaffDb, type StaffDb } from '../../../lib/vault/staff-db';

const part = 'whanau';
const indexPart = 'whanau-index';
const indexId = 'index';
const cursorKey = `cursor.${part}` as const;
const refreshedKey = `refreshedAt.${part}` as const;

/** What the index keeps of a whānau: enough to find it by name or by a member, without its page. */
export type KeptWhanauSummary = Pick<WhanauDetail, '_id' | 'name' | 'version' | 'updatedAt'> & {
  memberCount: number;
  members: Pick<MemberRecord, '_id' | 'clientId' | 'relationship' | 'relationshipText'>[];
};

type Copy = { userId: string; index: Map<string, KeptWhanauSummary>; opened: Map<string, WhanauDetail>; refreshedAt: number | null };

function summaryOf(detail: WhanauDetail): KeptWhanauSummary {
  return {
    _id: detail._id,
    name: detail.name,
    version: detail.version,
    updatedAt: detail.updatedAt,
    memberCount: detail.members.filter((member) => member.client).length,
    members: detail.members.map(({ _id, clientId, relationship, relationshipText }) => ({ _id, clientId, relationship, relationshipText })),
  };
}

const isSummary = (value: unknown): value is KeptWhanauSummary =>
  typeof value === 'object' &&
  value !== null &&
  '_id' in value &&
  typeof value._id === 'string' &&
  'name' in value &&
  typeof value.name === 'string' &&
  'members' in value &&
  Array.isArray(value.members);

async function storeIndex(db: StaffDb, cipher: StaffCipher, index: Map<string, KeptWhanauSummary>): Promise<void> {
  await db.parts.put({ part: indexPart, _id: indexId, sealed: await cipher.seal([...index.values()]) });
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

/** Opens the index alone (no whānau page yet), or a copy kept before the index once (decision 081). */
async function openIndex(cipher: StaffCipher): Promise<Copy> {
  const db = getStaffDb(cipher.userId);
  const [row, refreshed] = await Promise.all([db.parts.get([indexPart, indexId]), db.meta.get(refreshedKey)]);
  const index = new Map<string, KeptWhanauSummary>();
  const opened = new Map<string, WhanauDetail>();
  if (row && isSealed(row.sealed)) {
    const kept = await cipher.open(row.sealed);
    if (Array.isArray(kept)) for (const summary of kept) if (isSummary(summary)) index.set(summary._id, summary);
  } else {
    // A copy kept before the index (decision 081): read its rows once and write the index.
    const rows = await db.parts.where('part').equals(part).toArray();
    for (const kept of await Promise.all(rows.map((one) => (isSealed(one.sealed) ? cipher.open(one.sealed) : null))))
      if (isWhanauDetail(kept)) {
        index.set(kept._id, summaryOf(kept));
        opened.set(kept._id, kept);
      }
    if (rows.length > 0) await storeIndex(db, cipher, index);
  }
  return { userId: cipher.userId, index, opened, refreshedAt: typeof refreshed?.value === 'number' ? refreshed.value : null };
}

const whanau = sealedPart<Copy>({ open: openIndex, refresh: (cipher) => refreshWhanauCopy(cipher) });

export const subscribeWhanauCopy = whanau.subscribe;
export const whanauCopyRevision = whanau.revision;
export const useWhanauCopyRevision = whanau.useRevision;
/** What this part is to the kinds whose results change it. */
export const whanauKept = { refreshKept: whanau.refreshKept };

/** Decrypts the index of the person's whānau into memory (once per unlock); no whānau page is opened yet. */
export const loadWhanauCopy = whanau.load;

async function openRow(cipher: StaffCipher, current: Copy, id: string): Promise<boolean> {
  if (current.opened.has(id) || !current.index.has(id)) return false;
  const row = await getStaffDb(cipher.userId).parts.get([part, id]);
  const detail = row && isSealed(row.sealed) ? await cipher.open(row.sealed) : null;
  if (!isWhanauDetail(detail) || current.opened.has(id)) return false;
  current.opened.set(id, detail);
  return true;
}

/** Decrypts one whānau's page into memory (what a whānau page reads). */
export async function openKeptWhanau(cipher: StaffCipher, id: string): Promise<void> {
  await loadWhanauCopy(cipher);
  const copy = whanau.current(cipher.userId);
  if (copy && (await openRow(cipher, copy, id))) whanau.changed();
}

/** Drops the decrypted whānau from memory (lock, sign-out, wipe). */
export const forgetWhanauCopy = whanau.forget;

export function isWhanauCopyLoaded(userId: string): boolean {
  return whanau.current(userId) !== null;
}

export function whanauCopyRefreshedAt(): number | null {
  return whanau.current()?.refreshedAt ?? null;
}

/** One whānau page of the copy, once opened (`openKeptWhanau`). */
export function keptWhanau(id: string): WhanauDetail | undefined {
  return whanau.current()?.opened.get(id);
}

/** What the index keeps of one whānau (opened or not). */
export function keptWhanauSummary(id: string): KeptWhanauSummary | undefined {
  return whanau.current()?.index.get(id);
}

/** The whānau of the copy whose name matches every folded word of `q`, by name. */
export function searchKeptWhanau(q: string): KeptWhanauSummary[] {
  const copy = whanau.current();
  if (!copy) return [];
  const words = foldForSearch(q).split(/\s+/).filter(Boolean);
  return [...copy.index.values()]
    .filter((whanau) => {
      const name = foldForSearch(whanau.name);
      return words.every((word) => name.includes(word));
    })
    .sort((a, b) => foldForSearch(a.name).localeCompare(foldForSearch(b.name)));
}

/** The kept whānau a client is a member of, with that membership. */
export function keptWhanauOfClient(clientId: string): { whanau: KeptWhanauSummary; memberId: string } | undefined {
  for (const kept of whanau.current()?.index.values() ?? []) {
    const member = kept.members.find((candidate) => candidate.clientId === clientId);
    if (member) return { whanau: kept, memberId: member._id };
  }
  return undefined;
}

/**
 * Changes one whānau of the copy: `update` sees it as it is when this write's turn comes
 * (undefined when not kept) and returns the new page, or undefined to leave it. An older version
 * of the whānau record never replaces a newer one.
 */
export function updateKeptWhanau(cipher: StaffCipher, id: string, update: (current: WhanauDetail | undefined) => WhanauDetail | undefined): Promise<void> {
  return whanau.update(
    cipher,
    async (current) => {
      await openRow(cipher, current, id);
      const kept = current.opened.get(id);
      const next = update(kept);
      if (!next || (kept && kept.version > next.version)) return;
      const db = getStaffDb(cipher.userId);
      await db.parts.put({ part, _id: id, sealed: await cipher.seal(next) });
      current.opened.set(id, next);
      current.index.set(id, summaryOf(next));
      await storeIndex(db, cipher, current.index);
      whanau.changed();
    },
    undefined,
  );
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
  return whanau.update(
    cipher,
    async (current) => {
      const db = getStaffDb(cipher.userId);
      const cursor = await db.meta.get(cursorKey);
      const answer = await fetchChanges(typeof cursor?.value === 'string' ? cursor.value : undefined);
      const sealed = await Promise.all(answer.whanau.map(async (detail) => ({ part, _id: detail._id, sealed: await cipher.seal(detail) })));
      const keep = new Set(answer.ids);
      const time = Date.now();
      const index = new Map(current.index);
      for (const detail of answer.whanau) index.set(detail._id, summaryOf(detail));
      // Sealing happens before the transaction: IndexedDB ends a transaction that waits on WebCrypto.
      const kept = new Set([...(await db.parts.where('part').equals(part).primaryKeys()).map(([, id]) => id), ...index.keys()]);
      const removed = [...kept].filter((id) => !keep.has(id));
      for (const id of removed) index.delete(id);
      const sealedIndex = await cipher.seal([...index.values()]);
      await db.transaction('rw', [db.parts, db.meta], async () => {
        await db.parts.bulkPut([...sealed, { part: indexPart, _id: indexId, sealed: sealedIndex }]);
        await db.parts.bulkDelete(removed.map((id): [string, string] => [part, id]));
        await db.meta.bulkPut([
          { key: cursorKey, value: answer.cursor },
          { key: refreshedKey, value: time },
        ]);
      });
      current.index = index;
      for (const detail of answer.whanau) current.opened.set(detail._id, detail);
      for (const id of removed) current.opened.delete(id);
      current.refreshedAt = time;
      whanau.changed();
    },
    undefined,
  );
}
