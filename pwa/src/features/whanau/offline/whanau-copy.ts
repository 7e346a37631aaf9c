/**
 * The whānau part of the kaimahi's copy on this device (DESIGN §4c, §6; decisions 045, 105 and
 * 138): the whānau of their caseload as `GET /api/whanau/caseload` sends them (members, plan,
 * follow-ups, recent contacts and notes), sealed one row per whānau in the staff database's `parts`
 * table (`['whanau', id]`) beside one sealed index row (`['whanau-index', 'index']`: each whānau's
 * name, version and members' ids, what search and a client page need), kept by the engine in
 * lib/vault/kept-records.ts. Unlocking decrypts the index alone; a whānau page opens its own row
 * (`openKeptWhanau`), so reading one whānau never decrypts the other 499. A copy kept before the
 * index (decision 081) is read once and the index written. The vault's wipe deletes the database
 * whole, so nothing here outlives the person's session on the device.
 */
import { foldForSearch } from '@contract/clients';
import type { MemberRecord, WhanauCaseload, WhanauDetail } from '@contract/whanau';
import { apiRequest } from '../../../lib/api-client';
import type { StaffCipher } from '../../../lib/staff-cipher';
import { queryString, staffApiPaths } from '../../../lib/staff-paths';
import { keptRecords, partRows, type Fetch } from '../../../lib/vault/kept-records';

/** What the index keeps of a whānau: enough to find it by name or by a member, without its page. */
export type KeptWhanauSummary = Pick<WhanauDetail, '_id' | 'name' | 'version' | 'updatedAt'> & {
  memberCount: number;
  members: Pick<MemberRecord, '_id' | 'clientId' | 'relationship' | 'relationshipText'>[];
};

const summaryOf = (detail: WhanauDetail): KeptWhanauSummary => ({
  _id: detail._id,
  name: detail.name,
  version: detail.version,
  updatedAt: detail.updatedAt,
  memberCount: detail.members.filter((member) => member.client).length,
  members: detail.members.map(({ _id, clientId, relationship, relationshipText }) => ({ _id, clientId, relationship, relationshipText })),
});

const isSummary = (value: unknown): value is KeptWhanauSummary =>
  typeof value === 'object' &&
  value !== null &&
  '_id' in value &&
  typeof value._id === 'string' &&
  'name' in value &&
  typeof value.name === 'string' &&
  'members' in value &&
  Array.isArray(value.members);

const isWhanauDetail = (value: unknown): value is WhanauDetail => isSummary(value) && 'goals' in value && Array.isArray(value.goals);

export function fetchWhanauCaseload(since: string | undefined): Promise<WhanauCaseload> {
  return apiRequest<WhanauCaseload>(`${staffApiPaths.whanauCaseload}${queryString({ since })}`);
}

const changesFrom = (fetchChanges: typeof fetchWhanauCaseload): Fetch<WhanauDetail> => ({
  since: async (cursor) => {
    const answer = await fetchChanges(cursor);
    return { records: answer.whanau, ids: answer.ids, cursor: answer.cursor };
  },
});

const whanau = keptRecords<WhanauDetail, KeptWhanauSummary>({
  rows: partRows('whanau'),
  isRecord: isWhanauDetail,
  index: {
    at: ['whanau-index', 'index'],
    summarise: ([detail]) => summaryOf(detail!),
    write: (entries) => entries.map((entry) => entry.summary),
    read: (value) => ({ entries: (Array.isArray(value) ? value.filter(isSummary) : []).map((summary) => ({ key: summary._id, row: summary._id, summary })) }),
  },
  meta: { cursor: 'cursor.whanau', refreshedAt: 'refreshedAt.whanau' },
  fetch: changesFrom(fetchWhanauCaseload),
});

export const useWhanauCopyRevision = whanau.useRevision;
/** What this part is to the kinds whose results change it. */
export const whanauKept = { refreshKept: whanau.refreshKept };
/** Decrypts the index of the person's whānau into memory (once per unlock); no whānau page is opened yet. */
export const loadWhanauCopy = whanau.load;
/** Drops the decrypted whānau from memory (lock, sign-out, wipe). */
export const forgetWhanauCopy = whanau.forget;
export const whanauCopyRefreshedAt = whanau.refreshedAt;
/** One whānau page of the copy, once opened (`openKeptWhanau`). */
export const keptWhanau = whanau.get;
/** What the index keeps of one whānau (opened or not). */
export const keptWhanauSummary = whanau.summary;

/** Decrypts one whānau's page into memory (what a whānau page reads). */
export const openKeptWhanau = (cipher: StaffCipher, id: string): Promise<void> => whanau.open(cipher, [id]);

const summaries = () => whanau.entries().flatMap((row) => (row.summary ? [row.summary] : []));

/** The whānau of the copy whose name matches every folded word of `q`, by name. */
export function searchKeptWhanau(q: string): KeptWhanauSummary[] {
  const words = foldForSearch(q).split(/\s+/).filter(Boolean);
  return summaries()
    .filter((kept) => {
      const name = foldForSearch(kept.name);
      return words.every((word) => name.includes(word));
    })
    .sort((a, b) => foldForSearch(a.name).localeCompare(foldForSearch(b.name)));
}

/** The kept whānau a client is a member of, with that membership. */
export function keptWhanauOfClient(clientId: string): { whanau: KeptWhanauSummary; memberId: string } | undefined {
  for (const kept of summaries()) {
    const member = kept.members.find((candidate) => candidate.clientId === clientId);
    if (member) return { whanau: kept, memberId: member._id };
  }
  return undefined;
}

/** Changes one whānau of the copy (see `KeptRecords.update`: opened first, a newer version only, the index follows). */
export const updateKeptWhanau = (cipher: StaffCipher, id: string, update: (current: WhanauDetail | undefined) => WhanauDetail | undefined) =>
  whanau.update(cipher, id, update);

/** Keeps (sealed) a whānau page as the server gave it, e.g. one just opened online. */
export const keepWhanau = (cipher: StaffCipher, detail: WhanauDetail): Promise<void> => whanau.keep(cipher, detail);

/**
 * Brings the whānau up to date with the server: seals and stores those that changed, removes
 * those that left the caseload, moves the cursor on. Throws (status 0) with no signal; the copy
 * stays as it was.
 */
export async function refreshWhanauCopy(cipher: StaffCipher, fetchChanges: typeof fetchWhanauCaseload = fetchWhanauCaseload): Promise<void> {
  await whanau.refresh(cipher, changesFrom(fetchChanges));
}
