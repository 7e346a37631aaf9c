/**
 * `npm run bench` (issue 20 part): "My follow-ups" and a whānau page read from the device's
 * encrypted copy of 2,000 clients in 500 whānau with 5,000 goals and 10,000 follow-ups, after
 * unlock, beside the same reads from an unencrypted copy of the same layout in the same run.
 *
 * Runs in Node (WebCrypto, Dexie over fake-indexeddb) with the app's real vault, caseload,
 * follow-ups and whānau code. "After unlock" means the key is in memory (PBKDF2 done, printed
 * apart) and nothing is decrypted yet, as when the app has just been reopened and unlocked.
 * The layout is decision 105's: each part keeps a sealed index and opens rows as a screen needs them.
 * - My follow-ups: open the follow-ups index, open the first due dates of each group (the screen
 *   shows the first 50 of each), group what is open by New Zealand day, count each group and
 *   overdue + today (what the screen and the side menu show);
 * - a whānau page: open the whānau index and the whānau's row (members, plan of 10 goals,
 *   20 follow-ups), its four members' client pages, and the follow-ups index the page merges with.
 * Also printed: "Show all" on every group (all 10,000 opened), the worst case the screen allows.
 * Target (issue 20): each ≤ 100 ms on this machine.
 */
import 'fake-indexeddb/auto';
import Dexie, { type EntityTable } from 'dexie';
import type { CaseloadChanges, ClientDetail } from '@contract/clients';
import type { GoalRecord, TaskRecord, WhanauDetail } from '@contract/whanau';
import { forgetCaseload, refreshCaseload } from '../src/features/clients/offline/caseload-copy';
import {
  addDays,
  daysToOpen,
  dueGroups,
  dueNowCount,
  firstShown,
  groupFollowUps,
  nzToday,
  unopenedCounts,
  type DueGroup,
} from '../src/features/follow-ups/due';
import {
  followUpDaysOnDevice,
  followUpsOnDevice,
  forgetFollowUps,
  loadFollowUps,
  openFollowUpDays,
  refreshFollowUps,
} from '../src/features/follow-ups/offline/follow-ups-copy';
import { forgetWhanauCopy, keptWhanau, loadWhanauCopy, openKeptWhanau, refreshWhanauCopy } from '../src/features/whanau/offline/whanau-copy';
import { getStaffCipher } from '../src/lib/staff-cipher';
import { getStaffDb } from '../src/lib/vault/staff-db';
import { lockVault, openVaultAtSignIn, unlockVault } from '../src/lib/vault/vault';

const clientCount = 2000;
const whanauCount = 500;
const goalsPerWhanau = 10;
const tasksPerWhanau = 20;
const password = 'kia kaha te reo 2026';
const userId = crypto.randomUUID();
const time = new Date(Date.UTC(2026, 0, 1)).toISOString();
const today = nzToday();

function clientPage(index: number): ClientDetail {
  const id = crypto.randomUUID();
  return {
    _id: id,
    givenName: ['Aroha', 'Rāwiri', 'Mere', 'Hēmi'][index % 4]!,
    familyName: `Te Whānau ${Math.floor(index / 4)}`,
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
    enrolments: [],
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

const clients = Array.from({ length: clientCount }, (_, index) => clientPage(index));
const whanau: WhanauDetail[] = [];
const tasks: TaskRecord[] = [];
for (let w = 0; w < whanauCount; w += 1) {
  const whanauId = crypto.randomUUID();
  const members = clients.slice(w * 4, w * 4 + 4);
  const goals: GoalRecord[] = Array.from({ length: goalsPerWhanau }, (_, g) => ({
    _id: crypto.randomUUID(),
    whanauId,
    clientId: g % 2 ? members[g % 4]!._id : null,
    area: 'housing',
    text: `Goal ${g + 1}: a warm, dry home for the whānau before winter`,
    status: 'in progress',
    targetDate: '2027-06-30',
    serviceKey: 'whanau_ora_support',
    version: 1,
    createdAt: time,
    createdBy: userId,
    updatedAt: time,
  }));
  const own: TaskRecord[] = Array.from({ length: tasksPerWhanau }, (_, t) => ({
    _id: crypto.randomUUID(),
    whanauId,
    clientId: null,
    goalId: goals[t % goalsPerWhanau]!._id,
    text: `Ring the landlord about the heat pump (${t + 1})`,
    dueOn: addDays(today, (t % 30) - 10),
    assignedTo: userId,
    assignedToName: 'Tui Kaimahi',
    doneAt: null,
    version: 1,
    createdAt: time,
    createdBy: userId,
    subjectName: `Te Whānau ${w}`,
  }));
  tasks.push(...own);
  whanau.push({
    _id: whanauId,
    name: `Te Whānau ${w}`,
    leadClientId: members[0]!._id,
    notes: null,
    version: 1,
    createdAt: time,
    createdBy: userId,
    updatedAt: time,
    members: members.map((client, m) => ({
      _id: crypto.randomUUID(),
      whanauId,
      clientId: client._id,
      relationship: m === 0 ? 'parent' : 'child',
      relationshipText: null,
      client: { _id: client._id, givenName: client.givenName, familyName: client.familyName, preferredName: null },
    })),
    goals,
    tasks: own,
    contacts: [],
    caseNotes: [],
    corrections: [],
  });
}

const ms = (start: number) => performance.now() - start;

// Setup (not timed): sign-in makes the key; the copy is filled as a refresh would fill it.
await openVaultAtSignIn(userId, password);
const cipher = getStaffCipher()!;
const answer: CaseloadChanges = { clients, ids: clients.map((client) => client._id), cursor: time };
await refreshCaseload(cipher, async () => answer);
await refreshFollowUps(cipher, async () => tasks);
await refreshWhanauCopy(cipher, async () => ({ whanau, ids: whanau.map((one) => one._id), followUps: [], cursor: time }));
const staffDb = getStaffDb(userId);

// The unencrypted copy in the same layout: an index row per part, one row per due date, per whānau, per client.
type PlainDay = { dueOn: string; open: number; isOpened: boolean };
type PlainDb = Dexie & {
  clients: EntityTable<{ _id: string; page: ClientDetail }, '_id'>;
  whanau: EntityTable<{ _id: string; detail: WhanauDetail }, '_id'>;
  followUpDays: EntityTable<{ _id: string; tasks: TaskRecord[] }, '_id'>;
  indexes: EntityTable<{ _id: string; days?: PlainDay[]; whanau?: { _id: string; name: string }[] }, '_id'>;
};
const plainDb = new Dexie(`bench-plain-follow-ups-${Date.now()}`) as PlainDb;
plainDb.version(1).stores({ clients: '_id', whanau: '_id', followUpDays: '_id', indexes: '_id' });
await plainDb.clients.bulkPut(clients.map((page) => ({ _id: page._id, page })));
await plainDb.whanau.bulkPut(whanau.map((detail) => ({ _id: detail._id, detail })));
const byDay = new Map<string, TaskRecord[]>();
for (const task of tasks) byDay.set(task.dueOn, [...(byDay.get(task.dueOn) ?? []), task]);
await plainDb.followUpDays.bulkPut([...byDay].map(([dueOn, list]) => ({ _id: dueOn, tasks: list })));
await plainDb.indexes.bulkPut([
  { _id: 'follow-ups', days: [...byDay].map(([dueOn, list]) => ({ dueOn, open: list.length, isOpened: false })) },
  { _id: 'whanau', whanau: whanau.map(({ _id, name }) => ({ _id, name })) },
]);

type Run = { unlockMs: number; mineMs: number; minePlainMs: number; pageMs: number; pagePlainMs: number; allMs: number; shown: number; dueNow: number };
const limits: Record<DueGroup, number> = { overdue: firstShown, today: firstShown, week: firstShown, later: firstShown };
const everything: Record<DueGroup, number> = { overdue: Infinity, today: Infinity, week: Infinity, later: Infinity };

/** What My follow-ups shows from what is opened: each group's first 50 and its count, and the menu's count. */
function screenOf(opened: readonly TaskRecord[], days: readonly PlainDay[], shownLimits: Record<DueGroup, number>) {
  const groups = groupFollowUps(opened, today);
  const unopened = unopenedCounts(days, today);
  const counts = dueGroups.map((group) => groups[group].length + unopened[group]);
  const listed = dueGroups.reduce((sum, group) => sum + groups[group].slice(0, shownLimits[group]).length, 0);
  return { listed, total: counts.reduce((sum, count) => sum + count, 0), dueNow: dueNowCount(opened, today) + unopened.overdue + unopened.today };
}

async function measure(round: number): Promise<Run> {
  lockVault();
  forgetCaseload();
  forgetFollowUps();
  forgetWhanauCopy();
  let start = performance.now();
  const unlocked = await unlockVault(userId, password);
  if (!unlocked.ok) throw new Error('unlock failed');
  const unlockMs = ms(start);
  const key = getStaffCipher()!;

  // My follow-ups, encrypted: the index, then the first days of each group.
  start = performance.now();
  await loadFollowUps(key);
  await openFollowUpDays(key, daysToOpen(followUpDaysOnDevice(), today, limits));
  const mine = screenOf(followUpsOnDevice(), followUpDaysOnDevice(), limits);
  const mineMs = ms(start);

  // The same from the unencrypted copy.
  start = performance.now();
  const plainIndex = (await plainDb.indexes.get('follow-ups'))!.days!;
  const plainWanted = daysToOpen(plainIndex, today, limits);
  const plainRows = await plainDb.followUpDays.bulkGet(plainWanted);
  const plainMine = screenOf(
    plainRows.flatMap((row) => row?.tasks ?? []),
    plainIndex.map((day) => ({ ...day, isOpened: plainWanted.includes(day.dueOn) })),
    limits,
  );
  const minePlainMs = ms(start);
  if (mine.total !== plainMine.total || mine.dueNow !== plainMine.dueNow || mine.listed !== plainMine.listed) throw new Error('the two reads disagree');
  if (mine.total !== tasks.length) throw new Error('a follow-up is missing from the counts');

  // A whānau page, encrypted, right after unlock: the whānau index and row, its members' pages, the follow-ups index.
  forgetFollowUps();
  const target = whanau[(round * 97) % whanauCount]!;
  start = performance.now();
  await Promise.all([loadWhanauCopy(key), loadFollowUps(key)]);
  await openKeptWhanau(key, target._id);
  const detail = keptWhanau(target._id)!;
  const memberIds = detail.members.flatMap((member) => (member.clientId ? [member.clientId] : []));
  const memberRows = await staffDb.clients.bulkGet(memberIds);
  const members = await Promise.all(memberRows.map((one) => (one ? key.open(one.sealed) : null)));
  const onDevice = new Map(followUpsOnDevice().map((task) => [task._id, task]));
  const pageTasks = detail.tasks.map((task) => onDevice.get(task._id) ?? task);
  const pageMs = ms(start);

  start = performance.now();
  await plainDb.indexes.bulkGet(['whanau', 'follow-ups']);
  const plainDetail = (await plainDb.whanau.get(target._id))!.detail;
  const plainMembers = await plainDb.clients.bulkGet(plainDetail.members.flatMap((member) => (member.clientId ? [member.clientId] : [])));
  const plainTasks = plainDetail.tasks;
  const pagePlainMs = ms(start);
  if (members.length !== plainMembers.length || pageTasks.length !== plainTasks.length) throw new Error('the whānau reads disagree');

  // "Show all" on every group: the whole list opened.
  start = performance.now();
  await openFollowUpDays(key, daysToOpen(followUpDaysOnDevice(), today, everything));
  const all = screenOf(followUpsOnDevice(), followUpDaysOnDevice(), everything);
  const allMs = ms(start);
  if (all.listed !== tasks.length) throw new Error('show all did not show all');
  return { unlockMs, mineMs, minePlainMs, pageMs, pagePlainMs, allMs, shown: mine.listed, dueNow: mine.dueNow };
}

const runs: Run[] = [];
for (let round = 0; round < 5; round += 1) runs.push(await measure(round));
const median = (key: keyof Run) => runs.map((run) => run[key]).sort((a, b) => a - b)[2]!;
const mineMs = median('mineMs');
const minePlainMs = median('minePlainMs');
const pageMs = median('pageMs');
const pagePlainMs = median('pagePlainMs');

console.log(
  `\nFollow-ups and whānau reads, ${clientCount} clients in ${whanauCount} whānau, ${whanauCount * goalsPerWhanau} goals, ${tasks.length} follow-ups; Node ${process.version} WebCrypto + fake-indexeddb, median of ${runs.length} runs`,
);
console.log('| read after unlock | encrypted (ms) | plain (ms) | encrypted / plain |');
console.log('|---|---:|---:|---:|');
console.log(
  `| My follow-ups (${runs[0]!.shown} listed of ${tasks.length} counted, ${runs[0]!.dueNow} overdue or today) | ${mineMs.toFixed(1)} | ${minePlainMs.toFixed(1)} | ${(mineMs / minePlainMs).toFixed(1)}× |`,
);
console.log(
  `| a whānau page (4 members, ${goalsPerWhanau} goals, ${tasksPerWhanau} follow-ups) | ${pageMs.toFixed(1)} | ${pagePlainMs.toFixed(1)} | ${(pageMs / pagePlainMs).toFixed(1)}× |`,
);
console.log(`| "Show all" on every group (all ${tasks.length} opened and listed) | ${median('allMs').toFixed(1)} | | |`);
console.log(`(unlock itself, PBKDF2 + unwrap, before either: ${Math.round(median('unlockMs'))} ms)`);
console.log(`target ≤ 100 ms each: ${mineMs <= 100 && pageMs <= 100 ? 'met' : 'NOT met'}`);
process.exit(0);
