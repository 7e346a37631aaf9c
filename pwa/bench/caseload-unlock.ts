/**
 * `npm run bench` (caseload part): unlocking the encrypted copy of a 2,000-client caseload and
 * the first search, against the same operations on an unencrypted copy in the same run.
 *
 * Runs in Node (WebCrypto is the same API the browser has; Dexie over fake-indexeddb stands in
 * for the phone's IndexedDB) with the app's real vault and caseload code:
 * - encrypted: PBKDF2-SHA-256 (600,000 rounds) to unwrap the key, decrypt every client page
 *   into memory, work out the search terms, run the first search ("whanau");
 * - plain: read the same pages stored unencrypted, work out the same terms, the same search.
 * Target (issue 9): encrypted unlock + first search ≤ 1 s on this machine.
 */
import 'fake-indexeddb/auto';
import Dexie, { type EntityTable } from 'dexie';
import { clientSearchTerms, clientSearchWords, matchesSearch } from '@contract/client-search';
import { foldForSearch, type CaseloadChanges, type ClientDetail } from '@contract/clients';
import { forgetCaseload, loadCaseload, refreshCaseload, searchCaseload } from '../src/features/clients/offline/caseload-copy';
import { getStaffCipher } from '../src/lib/staff-cipher';
import { lockVault, openVaultAtSignIn, unlockVault } from '../src/lib/vault/vault';
import { vaultIterations } from '../src/lib/vault/vault-crypto';

const count = Number(process.env.BENCH_CASELOAD ?? 2000);
const password = 'kia kaha te reo 2026';
const userId = crypto.randomUUID();
const given = ['Aroha', 'Rāwiri', 'Mere', 'Hēmi', 'Tūī', 'Ngaio', 'Kahu', 'Wiremu', 'Anahera', 'Tama'];
const family = ['Te Whānau', 'Pōtae', 'Kāretu', 'Tūhoe', 'Walker', 'Pāora', 'Ngata', 'Smith', 'Waaka', 'Rēweti'];

function clientPage(index: number): ClientDetail {
  const id = crypto.randomUUID();
  const time = new Date(Date.UTC(2026, 0, 1) + index * 60_000).toISOString();
  return {
    _id: id,
    givenName: given[index % given.length]!,
    familyName: `${family[Math.floor(index / given.length) % family.length]}${index >= 100 ? ` ${index}` : ''}`,
    preferredName: null,
    dateOfBirth: '1990-03-25',
    phone: `021 555 ${String(index).padStart(4, '0')}`,
    email: `person${index}@example.org.nz`,
    address: `${index} Kahu Road`,
    suburb: 'Aranui',
    iwi: 'Ngāi Tahu',
    hapu: null,
    household: 4,
    notes: 'Prefers texts after 3pm',
    consent: { statementVersion: '2026-11-01', at: time, how: 'in person' },
    version: 3,
    createdAt: time,
    createdBy: userId,
    updatedAt: time,
    updatedBy: userId,
    createdByName: 'Tui Kaimahi',
    updatedByName: 'Tui Kaimahi',
    enrolments: [
      {
        _id: crypto.randomUUID(),
        reference: 'WH-0000-0000',
        serviceKey: 'whanau_ora_support',
        serviceTitle: 'Whānau Ora Support',
        status: 'enrolled',
        source: 'online',
        receivedAt: time,
        version: 2,
      },
    ],
    caseNotes: Array.from({ length: 3 }, (_, note) => ({
      _id: crypto.randomUUID(),
      clientId: id,
      text: `Visit ${note + 1}: talked through the kai parcel and the garden beds with the whānau. Next visit in two weeks.`,
      authorId: userId,
      authorName: 'Tui Kaimahi',
      createdAt: time,
    })),
  };
}

const pages = Array.from({ length: count }, (_, index) => clientPage(index));
const ms = (start: number) => performance.now() - start;
const round = (value: number) => Math.round(value);

// Setup (not timed): sign-in makes the key; one refresh seals every page into the copy.
await openVaultAtSignIn(userId, password);
const answer: CaseloadChanges = { clients: pages, ids: pages.map((page) => page._id), cursor: new Date().toISOString() };
await refreshCaseload(getStaffCipher()!, async () => answer);
lockVault();
forgetCaseload();

type Run = {
  unlockMs: number;
  decryptMs: number;
  searchMs: number;
  encryptedMs: number;
  plainLoadMs: number;
  plainSearchMs: number;
  plainMs: number;
  found: number;
};

type PlainRow = { _id: string; page: ClientDetail };
const plainDb = new Dexie(`bench-plain-${Date.now()}`) as Dexie & { clients: EntityTable<PlainRow, '_id'> };
plainDb.version(1).stores({ clients: '_id' });
await plainDb.clients.bulkPut(pages.map((page) => ({ _id: page._id, page })));

/** One run of both; the machine is shared, so the median of a few runs is printed. */
async function measure(): Promise<Run> {
  lockVault();
  forgetCaseload();
  // Encrypted: unlock (PBKDF2 + unwrap), decrypt into memory, first search.
  let start = performance.now();
  const unlocked = await unlockVault(userId, password);
  if (!unlocked.ok) throw new Error('unlock failed');
  const unlockMs = ms(start);
  let step = performance.now();
  await loadCaseload(getStaffCipher()!);
  const decryptMs = ms(step);
  step = performance.now();
  const found = searchCaseload({ q: 'whanau' });
  const searchMs = ms(step);
  const encryptedMs = ms(start);

  // Plain: the same pages unencrypted in IndexedDB, the same index, order and search.
  start = performance.now();
  const rows = await plainDb.clients.toArray();
  const index = rows
    .map((row) => ({
      page: row.page,
      terms: clientSearchTerms(row.page),
      sortKey: `${foldForSearch(row.page.familyName)} ${foldForSearch(row.page.givenName)} ${row._id}`,
    }))
    .sort((a, b) => (a.sortKey < b.sortKey ? -1 : a.sortKey > b.sortKey ? 1 : 0));
  const plainLoadMs = ms(start);
  step = performance.now();
  const words = clientSearchWords('whanau');
  const plainFound = index.filter((entry) => matchesSearch(entry.terms, words));
  const plainSearchMs = ms(step);
  const plainMs = ms(start);
  if (plainFound.length !== found.length) throw new Error(`searches disagree: ${plainFound.length} vs ${found.length}`);
  return { unlockMs, decryptMs, searchMs, encryptedMs, plainLoadMs, plainSearchMs, plainMs, found: found.length };
}

const runs: Run[] = [];
for (let run = 0; run < 3; run += 1) runs.push(await measure());
const median = (key: keyof Run) => runs.map((run) => run[key]).sort((a, b) => a - b)[1]!;
const unlockMs = median('unlockMs');
const decryptMs = median('decryptMs');
const searchMs = median('searchMs');
const encryptedMs = median('encryptedMs');
const plainLoadMs = median('plainLoadMs');
const plainSearchMs = median('plainSearchMs');
const plainMs = median('plainMs');
const found = { length: runs[0]!.found };

console.log(`\nCaseload copy, ${count} clients (3 notes each), Node ${process.version} WebCrypto + fake-indexeddb, median of ${runs.length} runs`);
console.log('| step | encrypted (ms) | plain (ms) |');
console.log('|---|---:|---:|');
console.log(`| unlock: PBKDF2-SHA-256 ${vaultIterations.toLocaleString('en-NZ')} rounds + unwrap | ${round(unlockMs)} | — |`);
console.log(`| read + ${'decrypt + '}index into memory | ${round(decryptMs)} | ${round(plainLoadMs)} |`);
console.log(`| first search "whanau" (${found.length} found) | ${searchMs.toFixed(2)} | ${plainSearchMs.toFixed(2)} |`);
console.log(`| **unlock + first search** | **${round(encryptedMs)}** | **${round(plainMs)}** |`);
console.log(`encrypted / plain: ${(encryptedMs / plainMs).toFixed(1)}×; target ≤ 1000 ms: ${encryptedMs <= 1000 ? 'met' : 'NOT met'}`);
process.exit(0);
