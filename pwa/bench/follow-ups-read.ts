/**
 * `npm run bench` (issue 20 part): "My follow-ups" and a whānau page read from the device's
 * encrypted copy of 2,000 clients in 500 whānau with 5,000 goals and 10,000 follow-ups, after
 * unlock, beside the same reads from an unencrypted copy in the same run (as ratios).
 *
 * Runs in Node (WebCrypto, Dexie over fake-indexeddb) with the app's real vault, caseload and
 * follow-ups code. "After unlock" means the key is in memory (PBKDF2 done, printed apart) and
 * nothing is decrypted yet, as when the app has just been reopened and unlocked:
 * - My follow-ups: decrypt the follow-ups part (one sealed row holding all 10,000), group them by
 *   New Zealand day and count overdue + today (what the screen and the side menu show);
 * - a whānau page: read the whānau's sealed row (members, plan of 10 goals, 20 follow-ups) and its
 *   four members' client pages, decrypt them, and pick the kaimahi's follow-ups of that whānau.
 *   (The whānau rows stand in for the whānau feature's part of the copy: sealed rows in the same
 *   staff database's `parts` table, one per whānau.)
 * Target (issue 20): each ≤ 100 ms on this machine.
 */
import 'fake-indexeddb/auto';
import Dexie, { type EntityTable } from 'dexie';
import type { CaseloadChanges, ClientDetail } from '@contract/clients';
import type { GoalRecord, TaskRecord, WhanauDetail } from '@contract/whanau';
import { forgetCaseload, refreshCaseload } from '../src/features/clients/offline/caseload-copy';
import { dueNowCount, groupFollowUps, nzToday, addDays } from '../src/features/follow-ups/due';
import { followUpsOnDevice, forgetFollowUps, loadFollowUps, refreshFollowUps } from '../src/features/follow-ups/offline/follow-ups-copy';
import { getStaffCipher, isSealed } from '../src/lib/staff-cipher';
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
const staffDb = getStaffDb(userId);
await staffDb.parts.bulkPut(await Promise.all(whanau.map(async (one) => ({ part: 'whanau', _id: one._id, sealed: await cipher.seal(one) }))));

type PlainDb = Dexie & {
  clients: EntityTable<{ _id: string; page: ClientDetail }, '_id'>;
  whanau: EntityTable<{ _id: string; detail: WhanauDetail }, '_id'>;
  followUps: EntityTable<{ _id: string; tasks: TaskRecord[] }, '_id'>;
};
const plainDb = new Dexie(`bench-plain-follow-ups-${Date.now()}`) as PlainDb;
plainDb.version(1).stores({ clients: '_id', whanau: '_id', followUps: '_id' });
await plainDb.clients.bulkPut(clients.map((page) => ({ _id: page._id, page })));
await plainDb.whanau.bulkPut(whanau.map((detail) => ({ _id: detail._id, detail })));
await plainDb.followUps.put({ _id: 'open', tasks });

type Run = { unlockMs: number; mineMs: number; minePlainMs: number; pageMs: number; pagePlainMs: number; shown: number; dueNow: number };

async function measure(round: number): Promise<Run> {
  lockVault();
  forgetCaseload();
  forgetFollowUps();
  let start = performance.now();
  const unlocked = await unlockVault(userId, password);
  if (!unlocked.ok) throw new Error('unlock failed');
  const unlockMs = ms(start);
  const key = getStaffCipher()!;

  // My follow-ups, encrypted: decrypt the part, group by New Zealand day, count for the menu.
  start = performance.now();
  await loadFollowUps(key);
  const mine = groupFollowUps(followUpsOnDevice(), today);
  const dueNow = dueNowCount(followUpsOnDevice(), today);
  const mineMs = ms(start);

  // The same from the unencrypted copy.
  start = performance.now();
  const plainRow = await plainDb.followUps.get('open');
  const plainMine = groupFollowUps(plainRow!.tasks, today);
  const plainDue = dueNowCount(plainRow!.tasks, today);
  const minePlainMs = ms(start);
  const shown = mine.overdue.length + mine.today.length + mine.week.length + mine.later.length;
  const plainShown = plainMine.overdue.length + plainMine.today.length + plainMine.week.length + plainMine.later.length;
  if (shown !== plainShown || dueNow !== plainDue) throw new Error('the two reads disagree');

  // A whānau page, encrypted: the whānau's row and its members' pages, and its follow-ups of the kaimahi.
  const target = whanau[(round * 97) % whanauCount]!;
  start = performance.now();
  const row = await staffDb.parts.get(['whanau', target._id]);
  const detail = row && isSealed(row.sealed) ? ((await key.open(row.sealed)) as WhanauDetail) : null;
  const memberIds = detail!.members.flatMap((member) => (member.clientId ? [member.clientId] : []));
  const memberRows = await staffDb.clients.bulkGet(memberIds);
  const members = await Promise.all(memberRows.map((one) => (one ? key.open(one.sealed) : null)));
  const pageTasks = followUpsOnDevice().filter((task) => task.whanauId === target._id);
  const pageMs = ms(start);

  start = performance.now();
  const plainDetail = (await plainDb.whanau.get(target._id))!.detail;
  const plainMembers = await plainDb.clients.bulkGet(plainDetail.members.flatMap((member) => (member.clientId ? [member.clientId] : [])));
  const plainTasks = plainRow!.tasks.filter((task) => task.whanauId === target._id);
  const pagePlainMs = ms(start);
  if (members.length !== plainMembers.length || pageTasks.length !== plainTasks.length) throw new Error('the whānau reads disagree');
  return { unlockMs, mineMs, minePlainMs, pageMs, pagePlainMs, shown, dueNow };
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
  `| My follow-ups (${runs[0]!.shown} shown, ${runs[0]!.dueNow} overdue or today) | ${mineMs.toFixed(1)} | ${minePlainMs.toFixed(1)} | ${(mineMs / minePlainMs).toFixed(1)}× |`,
);
console.log(
  `| a whānau page (4 members, ${goalsPerWhanau} goals, ${tasksPerWhanau} follow-ups) | ${pageMs.toFixed(1)} | ${pagePlainMs.toFixed(1)} | ${(pageMs / pagePlainMs).toFixed(1)}× |`,
);
console.log(`(unlock itself, PBKDF2 + unwrap, before either: ${Math.round(median('unlockMs'))} ms)`);
console.log(`target ≤ 100 ms each: ${mineMs <= 100 && pageMs <= 100 ? 'met' : 'NOT met'}`);
process.exit(0);
