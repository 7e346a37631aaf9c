/**
 * The kaimahi's caseload on this device (DESIGN §6, decisions 045 and 138): sealed in their staff
 * database's `clients` table (lib/vault/staff-db.ts), one row per client, kept by the engine in
 * lib/vault/kept-records.ts with no index — once the vault is unlocked every client is decrypted
 * into this module's memory, where search runs. Nothing here reaches IndexedDB unsealed, and
 * nothing decrypted outlives the page or the unlock (`forgetCaseload`). A client kept while the
 * copy is not decrypted changes its own row alone.
 *
 * Search follows the server's rule exactly (contract/client-search.ts, decision 021): each
 * folded word of the query must start one of a client's terms, so "whanau" finds "Whānau".
 * The terms of a client are worked out once per version of its page, at the first search.
 */
import { clientSearchTerms, clientSearchWords, matchesSearch } from '@contract/client-search';
import { foldForSearch } from '@contract/clients';
import type { CaseloadChanges } from '@contract/clients';
import type { EnrolmentStatus } from '@contract/enrolments';
import { apiRequest } from '../../../lib/api-client';
import { queryString, staffApiPaths } from '../../../lib/staff-paths';
import type { StaffCipher } from '../../../lib/staff-cipher';
import { clientRows, keptRecords, type Fetch } from '../../../lib/vault/kept-records';
import type { ClientDetail } from '../api/types';

/** What this module sealed: a client page (anything else, e.g. sealed by an older build, is skipped until the next refresh). */
const isClientPage = (value: unknown): value is ClientDetail =>
  typeof value === 'object' &&
  value !== null &&
  '_id' in value &&
  typeof value._id === 'string' &&
  'givenName' in value &&
  'familyName' in value &&
  'enrolments' in value &&
  Array.isArray(value.enrolments) &&
  'caseNotes' in value &&
  Array.isArray(value.caseNotes);

/** Fetches what changed in the caseload since the last refresh. */
export function fetchCaseloadChanges(since: string | undefined): Promise<CaseloadChanges> {
  return apiRequest<CaseloadChanges>(`${staffApiPaths.clientsCaseload}${queryString({ since })}`);
}

const changesFrom = (fetchChanges: typeof fetchCaseloadChanges): Fetch<ClientDetail> => ({
  since: async (cursor) => {
    const answer = await fetchChanges(cursor);
    return { records: answer.clients, ids: answer.ids, cursor: answer.cursor };
  },
});

type Entry = { client: ClientDetail; terms: string[]; sortKey: string };
const entries = new WeakMap<ClientDetail, Entry>();
let sorted: { revision: number; entries: Entry[] } | null = null;

const caseload = keptRecords<ClientDetail>({
  rows: clientRows,
  isRecord: isClientPage,
  meta: { cursor: 'cursor', refreshedAt: 'refreshedAt' },
  fetch: changesFrom(fetchCaseloadChanges),
  // The sorted search entries hold decrypted pages too.
  forgetAlso: () => {
    sorted = null;
    return false;
  },
});

export const useCaseloadRevision = caseload.useRevision;
/** What this part is to the kinds whose results change it. */
export const caseloadKept = { refreshKept: caseload.refreshKept };
/** Decrypts the person's whole copy into memory (once per unlock), with its search terms and order. */
export async function loadCaseload(cipher: StaffCipher): Promise<void> {
  await caseload.load(cipher);
  sortedEntries();
}
/** Drops the decrypted copy from memory (lock, sign-out, wipe). */
export const forgetCaseload = caseload.forget;
export const isCaseloadLoaded = caseload.isLoaded;
/** When the copy last heard from the server (ms), or null. */
export const caseloadRefreshedAt = caseload.refreshedAt;
/** One client of the copy. */
export const caseloadClient = caseload.get;
export const caseloadSize = (): number => caseload.entries().length;

/** The client of the copy whose case note or contact has this id (a correction names only the note). */
export function clientOfNote(noteId: string): string | undefined {
  const found = caseload
    .all()
    .find((client) => client.caseNotes.some((note) => note._id === noteId) || client.contacts?.some((contact) => contact._id === noteId));
  return found?._id;
}

function entryOf(client: ClientDetail): Entry {
  let entry = entries.get(client);
  if (!entry) {
    entry = { client, terms: clientSearchTerms(client), sortKey: `${foldForSearch(client.familyName)} ${foldForSearch(client.givenName)} ${client._id}` };
    entries.set(client, entry);
  }
  return entry;
}

/** The copy by family then given name (folded), worked out once per change. */
function sortedEntries(): Entry[] {
  if (sorted?.revision !== caseload.revision())
    sorted = {
      revision: caseload.revision(),
      entries: caseload
        .all()
        .map(entryOf)
        .sort((a, b) => (a.sortKey < b.sortKey ? -1 : a.sortKey > b.sortKey ? 1 : 0)),
    };
  return sorted.entries;
}

export type CaseloadFilter = { q?: string; service?: string; status?: EnrolmentStatus };

/** Clients of the copy matching the search and filters, by family then given name (folded). */
export function searchCaseload(filter: CaseloadFilter): ClientDetail[] {
  const words = filter.q?.trim() ? clientSearchWords(filter.q) : null;
  const found: ClientDetail[] = [];
  for (const entry of sortedEntries()) {
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

/** Keeps (sealed) one client page as the server gave it, e.g. one just opened online (a newer version only). */
export const keepClient = (cipher: StaffCipher, client: ClientDetail): Promise<void> => caseload.keep(cipher, client);

/**
 * Changes one client of the copy: `update` sees the copy's page as it is when this write's turn
 * comes (undefined when not kept) and returns the new page, or undefined to leave it. An older
 * version never replaces a newer one.
 */
export const updateClient = (cipher: StaffCipher, id: string, update: (current: ClientDetail | undefined) => ClientDetail | undefined) =>
  caseload.update(cipher, id, update);

/**
 * Brings the copy up to date with the server: seals and stores the clients that changed, removes
 * those that left the caseload, and moves the cursor on. Throws (ApiRequestError, status 0) with
 * no signal; the copy stays as it was.
 */
export function refreshCaseload(
  cipher: StaffCipher,
  fetchChanges: typeof fetchCaseloadChanges = fetchCaseloadChanges,
): Promise<{ changed: number; removed: number }> {
  return caseload.refresh(cipher, changesFrom(fetchChanges));
}
