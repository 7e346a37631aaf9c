/**
 * The kaimahi's open follow-ups on this device: this feature's part of the encrypted copy
 * (DESIGN §6, decisions 083 and 105). Kept sealed in the staff database's `parts` table as one
 * small index row (`['follow-ups', 'index']`: each due date with its row and how many are open on
 * it, and when the copy was refreshed) and one row per due date (an opaque id; the
 * dates are only inside the sealed index). Unlocking opens the index alone; a screen opens the
 * days it shows (`openFollowUpDays`), so "My follow-ups" decrypts the first days of each group,
 * not every follow-up. Refreshed as the clients' caseload is (whenever the server can be
 * reached), changed by the results of this feature's kinds, wiped with the staff database at
 * sign-out, and forgotten from memory when the copy locks.
 */
import { isSealed, type StaffCipher } from '../../../lib/staff-cipher';
import { sealedPart } from '../../../lib/vault/sealed-part';
import { getStaffDb, type SealedPartRow } from '../../../lib/vault/staff-db';
import { fetchOpenFollowUps } from '../api/get-follow-ups';
import type { FollowUp } from '../api/types';

export const followUpsPart = 'follow-ups';
const indexId = 'index';
/** The one row of decision 083's layout: read once and rewritten in this layout. */
const oneRowId = 'open';

/** One due date of the copy as the index knows it, without opening its row. */
export type FollowUpDay = { dueOn: string; row: string; open: number };

type Copy = {
  userId: string;
  refreshedAt: number | null;
  /** Every due date of the copy, by date. */
  days: Map<string, FollowUpDay>;
  /** Which date each follow-up of the opened days is due on. */
  dayOf: Map<string, string>;
  /** The days opened (decrypted) so far, with their follow-ups. */
  opened: Map<string, Map<string, FollowUp>>;
};

const isFollowUp = (value: unknown): value is FollowUp =>
  typeof value === 'object' && value !== null && '_id' in value && typeof value._id === 'string' && 'dueOn' in value && typeof value.dueOn === 'string';

const isDay = (value: unknown): value is FollowUpDay =>
  typeof value === 'object' &&
  value !== null &&
  'dueOn' in value &&
  typeof value.dueOn === 'string' &&
  'row' in value &&
  typeof value.row === 'string' &&
  'open' in value &&
  typeof value.open === 'number';

type StoredIndex = { days: FollowUpDay[]; refreshedAt: number | null };

function indexOf(value: unknown): StoredIndex {
  if (typeof value !== 'object' || value === null || !('days' in value) || !Array.isArray(value.days)) return { days: [], refreshedAt: null };
  const refreshedAt = 'refreshedAt' in value && typeof value.refreshedAt === 'number' ? value.refreshedAt : null;
  return { days: value.days.filter(isDay), refreshedAt };
}

function tasksOf(value: unknown): FollowUp[] {
  if (typeof value !== 'object' || value === null || !('tasks' in value) || !Array.isArray(value.tasks)) return [];
  return value.tasks.filter(isFollowUp);
}

function emptyCopy(userId: string, refreshedAt: number | null): Copy {
  return { userId, refreshedAt, days: new Map(), dayOf: new Map(), opened: new Map() };
}

function dayOfTasks(dueOn: string, row: string, tasks: Iterable<FollowUp>): FollowUpDay {
  const list = [...tasks];
  return { dueOn, row, open: list.filter((task) => !task.doneAt).length };
}

/** Puts `tasks` (all of them) into `current` as opened days, reusing a date's row id. */
function fillDays(current: Copy, tasks: readonly FollowUp[]): void {
  const byDay = new Map<string, Map<string, FollowUp>>();
  for (const task of tasks) {
    const day = byDay.get(task.dueOn) ?? new Map<string, FollowUp>();
    day.set(task._id, task);
    byDay.set(task.dueOn, day);
  }
  const days = new Map<string, FollowUpDay>();
  for (const [dueOn, day] of [...byDay].sort(([a], [b]) => (a < b ? -1 : 1)))
    days.set(dueOn, dayOfTasks(dueOn, current.days.get(dueOn)?.row ?? crypto.randomUUID(), day.values()));
  current.days = days;
  current.opened = byDay;
  current.dayOf = new Map(tasks.map((task) => [task._id, task.dueOn]));
}

/** Writes the whole copy in this layout (after a refresh, or once from decision 083's one row). */
async function storeAll(cipher: StaffCipher, current: Copy): Promise<void> {
  const db = getStaffDb(cipher.userId);
  const rows = await Promise.all(
    [...current.days.values()].map(async (day) => ({
      part: followUpsPart,
      _id: day.row,
      sealed: await cipher.seal({ tasks: [...(current.opened.get(day.dueOn)?.values() ?? [])] }),
    })),
  );
  const index: StoredIndex = { days: [...current.days.values()], refreshedAt: current.refreshedAt };
  const sealedIndex = await cipher.seal(index);
  const keep = new Set([indexId, ...rows.map((row) => row._id)]);
  await db.transaction('rw', db.parts, async () => {
    const gone = (await db.parts.where('part').equals(followUpsPart).primaryKeys()).filter(([, id]) => !keep.has(id));
    await db.parts.bulkDelete(gone);
    await db.parts.bulkPut([...rows, { part: followUpsPart, _id: indexId, sealed: sealedIndex }]);
  });
}

/** Opens the index alone (no follow-up yet), or reads decision 083's one row once and rewrites it in this layout. */
async function openIndex(cipher: StaffCipher): Promise<Copy> {
  const db = getStaffDb(cipher.userId);
  const row = await db.parts.get([followUpsPart, indexId]);
  if (row && isSealed(row.sealed)) {
    const index = indexOf(await cipher.open(row.sealed));
    const loaded = emptyCopy(cipher.userId, index.refreshedAt);
    for (const day of index.days) loaded.days.set(day.dueOn, { dueOn: day.dueOn, row: day.row, open: day.open });
    return loaded;
  }
  const oneRow = await db.parts.get([followUpsPart, oneRowId]);
  const old = oneRow && isSealed(oneRow.sealed) ? ((await cipher.open(oneRow.sealed)) as unknown) : null;
  const refreshedAt = typeof old === 'object' && old !== null && 'refreshedAt' in old && typeof old.refreshedAt === 'number' ? old.refreshedAt : null;
  const loaded = emptyCopy(cipher.userId, refreshedAt);
  fillDays(loaded, tasksOf(old));
  if (oneRow) await storeAll(cipher, loaded);
  return loaded;
}

/**
 * Follow-ups this device's writes made or changed for someone else, as the server answered: the
 * copy keeps only the kaimahi's own, so these stay in memory alone (never stored), and the page
 * they were added on shows them until its own read has them (decision 106).
 */
let forOthers: { userId: string; tasks: Map<string, FollowUp> } | null = null;

const followUps = sealedPart<Copy>({
  open: openIndex,
  refresh: (cipher) => refreshFollowUps(cipher),
  forgetAlso() {
    const had = forOthers !== null;
    forOthers = null;
    return had;
  },
});

export const subscribeFollowUps = followUps.subscribe;
export const followUpsRevision = followUps.revision;
export const useFollowUpsRevision = followUps.useRevision;
/** What this part is to the kinds whose results change it. */
export const followUpsKept = { refreshKept: followUps.refreshKept };

/** Decrypts the index of the person's follow-ups into memory (once per unlock); no follow-up is opened yet. */
export const loadFollowUps = followUps.load;

async function openDays(cipher: StaffCipher, current: Copy, dueOns: Iterable<string>): Promise<boolean> {
  const wanted = [...new Set(dueOns)].flatMap((dueOn) => {
    const day = current.days.get(dueOn);
    return day && !current.opened.has(dueOn) ? [day] : [];
  });
  if (wanted.length === 0) return false;
  const rows = await getStaffDb(cipher.userId).parts.bulkGet(wanted.map((day): [string, string] => [followUpsPart, day.row]));
  const opened = await Promise.all(rows.map(async (row) => (row && isSealed(row.sealed) ? tasksOf(await cipher.open(row.sealed)) : [])));
  wanted.forEach((day, at) => {
    if (current.opened.has(day.dueOn)) return;
    current.opened.set(day.dueOn, new Map(opened[at]!.map((task) => [task._id, task])));
    for (const task of opened[at]!) current.dayOf.set(task._id, day.dueOn);
  });
  return true;
}

/** Decrypts the follow-ups due on `dueOns` (those not open yet) into memory. */
export async function openFollowUpDays(cipher: StaffCipher, dueOns: Iterable<string>): Promise<void> {
  await loadFollowUps(cipher);
  const copy = followUps.current(cipher.userId);
  if (copy && (await openDays(cipher, copy, dueOns))) followUps.changed();
}

/** Keeps a follow-up the server answered that is assigned to someone else (a newer version only). */
export function rememberForOthers(userId: string, task: FollowUp): void {
  if (forOthers?.userId !== userId) forOthers = { userId, tasks: new Map() };
  const kept = forOthers.tasks.get(task._id);
  if (kept && kept.version > task.version) return;
  forOthers.tasks.set(task._id, task);
  followUps.changed();
}

/** The follow-ups of `rememberForOthers`, for the signed-in person. */
export function followUpsForOthers(userId: string | null): FollowUp[] {
  return forOthers && forOthers.userId === userId ? [...forOthers.tasks.values()] : [];
}

/** Drops the decrypted follow-ups from memory (lock, sign-out, wipe). */
export const forgetFollowUps = followUps.forget;

export function isFollowUpsLoaded(userId: string): boolean {
  return followUps.current(userId) !== null;
}

export function followUpsRefreshedAt(): number | null {
  return followUps.current()?.refreshedAt ?? null;
}

/** The due dates of the copy, soonest first, with how many are open on each and whether they are opened. */
export function followUpDaysOnDevice(): (FollowUpDay & { isOpened: boolean })[] {
  const current = followUps.current();
  if (!current) return [];
  return [...current.days.values()].sort((a, b) => (a.dueOn < b.dueOn ? -1 : 1)).map((day) => ({ ...day, isOpened: current.opened.has(day.dueOn) }));
}

/** The follow-ups of the copy opened so far (open ones, and those ticked done since the last refresh). */
export function followUpsOnDevice(): FollowUp[] {
  const copy = followUps.current();
  return copy ? [...copy.opened.values()].flatMap((day) => [...day.values()]) : [];
}

export function followUpOnDevice(id: string): FollowUp | undefined {
  const copy = followUps.current();
  const dueOn = copy?.dayOf.get(id);
  return dueOn ? copy?.opened.get(dueOn)?.get(id) : undefined;
}

async function storeDays(cipher: StaffCipher, current: Copy, dueOns: Iterable<string>): Promise<void> {
  const db = getStaffDb(cipher.userId);
  const puts: SealedPartRow[] = [];
  const deletes: [string, string][] = [];
  for (const dueOn of new Set(dueOns)) {
    const tasks = current.opened.get(dueOn);
    const day = current.days.get(dueOn);
    if (!day || !tasks) continue;
    if (tasks.size === 0) {
      deletes.push([followUpsPart, day.row]);
      current.days.delete(dueOn);
      current.opened.delete(dueOn);
    } else puts.push({ part: followUpsPart, _id: day.row, sealed: await cipher.seal({ tasks: [...tasks.values()] }) });
  }
  const index: StoredIndex = { days: [...current.days.values()].sort((a, b) => (a.dueOn < b.dueOn ? -1 : 1)), refreshedAt: current.refreshedAt };
  puts.push({ part: followUpsPart, _id: indexId, sealed: await cipher.seal(index) });
  await db.transaction('rw', db.parts, async () => {
    await db.parts.bulkDelete(deletes);
    await db.parts.bulkPut(puts);
  });
}

/**
 * Changes one follow-up: `update` sees it as the copy holds it when this write's turn comes and
 * returns the new one, or undefined to leave it. An older version never replaces a newer one.
 * Opens the days it touches, so the changed follow-up is in memory afterwards. `dueOn` says where
 * to look when its day is not open yet (the index keeps no ids; a follow-up moved to another date
 * elsewhere leaves its old entry until the next refresh, and the newer version wins on screen).
 */
export function updateFollowUp(
  cipher: StaffCipher,
  id: string,
  update: (current: FollowUp | undefined) => FollowUp | undefined,
  dueOn?: string,
): Promise<void> {
  return followUps.update(
    cipher,
    async (current) => {
      if (!current.dayOf.has(id) && dueOn) await openDays(cipher, current, [dueOn]);
      const was = current.dayOf.get(id);
      const kept = was ? current.opened.get(was)?.get(id) : undefined;
      const next = update(kept);
      if (!next || (kept && kept.version > next.version)) return;
      if (!current.days.has(next.dueOn)) {
        current.days.set(next.dueOn, { dueOn: next.dueOn, row: crypto.randomUUID(), open: 0 });
        current.opened.set(next.dueOn, new Map());
      } else await openDays(cipher, current, [next.dueOn]);
      if (was && was !== next.dueOn) current.opened.get(was)?.delete(id);
      current.opened.get(next.dueOn)!.set(id, next);
      current.dayOf.set(id, next.dueOn);
      for (const date of new Set([was ?? next.dueOn, next.dueOn])) {
        const tasks = current.opened.get(date);
        const day = current.days.get(date);
        if (tasks && day) current.days.set(date, dayOfTasks(date, day.row, tasks.values()));
      }
      await storeDays(cipher, current, [was ?? next.dueOn, next.dueOn]);
      followUps.changed();
    },
    undefined,
  );
}

/**
 * Brings the copy up to date: the server's open follow-ups of the caller replace the list (a
 * follow-up done, reassigned or removed elsewhere leaves it). Throws with no signal; the copy stays.
 */
export function refreshFollowUps(cipher: StaffCipher, fetchOpen: () => Promise<FollowUp[]> = () => fetchOpenFollowUps()): Promise<number> {
  return followUps.update(
    cipher,
    async (current) => {
      const tasks = await fetchOpen();
      if (followUps.current(cipher.userId) !== current) return 0;
      current.refreshedAt = Date.now();
      fillDays(current, tasks);
      await storeAll(cipher, current);
      followUps.changed();
      return tasks.length;
    },
    0,
  );
}
