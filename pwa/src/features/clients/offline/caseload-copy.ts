/**
 * The kaimahi's caseload on this device (DESIGN §6, decision 045): sealed in their staff
 * database (lib/vault/staff-db.ts), one row per client, and — once the vault is unlocked —
 * decrypted into this module's memory, where search runs. Nothing here reaches IndexedDB
 * unsealed, and nothing decrypted outlives the page or the unlock (`forgetCaseload`).
 *
 * Search follows the server's rule exactly (contract/client-search.ts, decision 021): each
 * folded word of the query must start one of a client's terms, so "whanau" finds "Whānau".
 * The terms of every client are worked out once, when the copy is loaded or a client changes.
 */
import { clientSearchTerms, clientSearchWords, matchesSearch } from '@contract/client-search';
import { foldForSearch } from '@contract/clients';
import type { CaseloadChanges } from '@contract/clients';
import type { EnrolmentStatus } from '@contract/enrolments';
import { apiRequest } from '../../../lib/api-client';
import { queryString, staffApiPaths } from '../../../lib/staff-paths';
import { isSealed, type StaffCipher } from '../../../lib/staff-cipher';
import { sealedPart } from '../../../lib/vault/sealed-part';
import { getStaffDb } from '../../../lib/vault/staff-db';
import type { ClientDetail } from '../api/types';

type Entry = { client: ClientDetail; terms: string[]; sortKey: string };
type Copy = { userId: string; entries: Map<string, Entry>; sorted: Entry[] | null; refreshedAt: number | null };

/** What this module sealed: a client page (anything else, e.g. sealed by an older build, is skipped until the next refresh). */
function isClientPage(value: unknown): value is ClientDetail {
  return (
    typeof value === 'object' &&
    value !== null &&
    '_id' in value &&
    typeof value._id === 'string' &&
    'givenName' in value &&
    'familyName' in value &&
    'enrolments' in value &&
    Array.isArray(value.enrolments) &&
    'caseNotes' in value &&
    Array.isArray(value.caseNotes)
  );
}

function entryOf(client: ClientDetail): Entry {
  return { client, terms: clientSearchTerms(client), sortKey: `${foldForSearch(client.familyName)} ${foldForSearch(client.givenName)} ${client._id}` };
}

/** Decrypts every client of the copy (the whole caseload: search runs in memory). */
async function openClients(cipher: StaffCipher): Promise<Copy> {
  const db = getStaffDb(cipher.userId);
  const [rows, refreshed] = await Promise.all([db.clients.toArray(), db.meta.get('refreshedAt')]);
  const opened = await Promise.all(rows.map(async (row) => (isSealed(row.sealed) ? await cipher.open(row.sealed) : null)));
  const entries = new Map<string, Entry>();
  for (const client of opened) if (isClientPage(client)) entries.set(client._id, entryOf(client));
  const loaded: Copy = { userId: cipher.userId, entries, sorted: null, refreshedAt: refreshed?.key === 'refreshedAt' ? refreshed.value : null };
  sortedEntries(loaded);
  return loaded;
}

/**
 * Writes to the copy run one after another (a refresh, a client just opened, a result the outbox
 * reports), so one never reads the copy, awaits, and writes back over what another wrote meanwhile.
 */
const caseload = sealedPart<Copy>({ open: openClients, refresh: (cipher) => refreshCaseload(cipher) });

export const subscribeCaseload = caseload.subscribe;
export const caseloadRevision = caseload.revision;
export const useCaseloadRevision = caseload.useRevision;
/** What this part is to the kinds whose results change it. */
export const caseloadKept = { refreshKept: caseload.refreshKept };

/** Decrypts the person's whole copy into memory (once per unlock). */
export const loadCaseload = caseload.load;

/** Drops the decrypted copy from memory (lock, sign-out, wipe). */
export const forgetCaseload = caseload.forget;

export function isCaseloadLoaded(userId: string): boolean {
  return caseload.current(userId) !== null;
}

/** When the copy last heard from the server (ms), or null. */
export function caseloadRefreshedAt(): number | null {
  return caseload.current()?.refreshedAt ?? null;
}

export function caseloadSize(): number {
  return caseload.current()?.entries.size ?? 0;
}

/** One client of the copy. */
export function caseloadClient(id: string): ClientDetail | undefined {
  return caseload.current()?.entries.get(id)?.client;
}

/** The client of the copy whose case note or contact has this id (a correction names only the note). */
export function clientOfNote(noteId: string): string | undefined {
  for (const { client } of caseload.current()?.entries.values() ?? []) {
    if (client.caseNotes.some((note) => note._id === noteId) || client.contacts?.some((contact) => contact._id === noteId)) return client._id;
  }
  return undefined;
}

/** The copy by family then given name (folded), worked out once per change. */
function sortedEntries(current: Copy): Entry[] {
  current.sorted ??= [...current.entries.values()].sort((a, b) => (a.sortKey < b.sortKey ? -1 : a.sortKey > b.sortKey ? 1 : 0));
  return current.sorted;
}

export type CaseloadFilter = { q?: string; service?: string; status?: EnrolmentStatus };

/** Clients of the copy matching the search and filters, by family then given name (folded). */
export function searchCaseload(filter: CaseloadFilter): ClientDetail[] {
  const copy = caseload.current();
  if (!copy) return [];
  const words = filter.q?.trim() ? clientSearchWords(filter.q) : null;
  const found: ClientDetail[] = [];
  for (const entry of sortedEntries(copy)) {
    if (words && !matchesSearch(entry.terms, words)) continue;
    if (filter.service || filter.status) {
      const hit = entry.client.enrolments.some(
        (enrolment) => (!filter.service || enrolment.serviceKey === filter.service) && (!filter.status || enrolment.status === filter.status),
      );
      if (!hit) continue;
    }
    found.push(entry.client);
  }
  return found;
}

/** Keeps (sealed) one client page as the server gave it, e.g. one just opened online. */
export function keepClient(cipher: StaffCipher, client: ClientDetail): Promise<void> {
  return updateClient(cipher, client._id, () => client);
}

/**
 * Changes one client of the copy: `update` sees the copy's page as it is when this write's turn
 * comes (undefined when not kept) and returns the new page, or undefined to leave it. An older
 * version never replaces a newer one.
 */
export function updateClient(cipher: StaffCipher, id: string, update: (current: ClientDetail | undefined) => ClientDetail | undefined): Promise<void> {
  return caseload.queue(async () => {
    const current = caseload.current(cipher.userId)?.entries.get(id)?.client;
    const next = update(current);
    if (!next || (current && current.version > next.version)) return;
    await getStaffDb(cipher.userId).clients.put({ _id: id, sealed: await cipher.seal(next) });
    const copy = caseload.current(cipher.userId);
    if (copy) {
      copy.entries.set(id, entryOf(next));
      copy.sorted = null;
      caseload.changed();
    }
  });
}

/** Fetches what changed in the caseload since the last refresh. */
export function fetchCaseloadChanges(since: string | undefined): Promise<CaseloadChanges> {
  return apiRequest<CaseloadChanges>(`${staffApiPaths.clientsCaseload}${queryString({ since })}`);
}

/**
 * Brings the copy up to date with the server: seals and stores the clients that changed, removes
 * those that left the caseload, and moves the cursor on. Throws (ApiRequestError, status 0) with
 * no signal; the copy stays as it was.
 */
export async function refreshCaseload(
  cipher: StaffCipher,
  fetchChanges: typeof fetchCaseloadChanges = fetchCaseloadChanges,
): Promise<{ changed: number; removed: number }> {
  await loadCaseload(cipher);
  return caseload.queue(() => refreshNow(cipher, fetchChanges));
}

async function refreshNow(cipher: StaffCipher, fetchChanges: typeof fetchCaseloadChanges): Promise<{ changed: number; removed: number }> {
  const db = getStaffDb(cipher.userId);
  const cursor = await db.meta.get('cursor');
  const answer = await fetchChanges(cursor?.key === 'cursor' ? cursor.value : undefined);
  const sealed = await Promise.all(answer.clients.map(async (client) => ({ _id: client._id, sealed: await cipher.seal(client) })));
  const keep = new Set(answer.ids);
  const time = Date.now();
  let removed: string[] = [];
  await db.transaction('rw', [db.clients, db.meta], async () => {
    await db.clients.bulkPut(sealed);
    removed = (await db.clients.toCollection().primaryKeys()).filter((id) => !keep.has(id));
    await db.clients.bulkDelete(removed);
    await db.meta.bulkPut([
      { key: 'cursor', value: answer.cursor },
      { key: 'refreshedAt', value: time },
    ]);
  });
  const copy = caseload.current(cipher.userId);
  if (copy) {
    for (const client of answer.clients) copy.entries.set(client._id, entryOf(client));
    for (const id of removed) copy.entries.delete(id);
    copy.sorted = null;
    copy.refreshedAt = time;
    caseload.changed();
  }
  return { changed: answer.clients.length, removed: removed.length };
}
