/**
 * The kaimahi's open follow-ups on this device: this feature's part of the encrypted copy
 * (DESIGN §6, decisions 083, 105 and 138), kept by the engine in lib/vault/kept-records.ts. Sealed
 * in the staff database's `parts` table as one small index row (`['follow-ups', 'index']`: each
 * due date with its row and how many are open on it, and when the copy was refreshed) and one row
 * per due date (an opaque id; the dates are only inside the sealed index). Unlocking opens the
 * index alone; a screen opens the days it shows (`openFollowUpDays`). Refreshed whole (the server's
 * open follow-ups replace the list), changed by the results of this feature's kinds, wiped with the
 * staff database at sign-out, and forgotten from memory when the copy locks.
 */
import { isSealed, type StaffCipher } from '../../../lib/staff-cipher';
import { keptRecords, partRows, type IndexEntry } from '../../../lib/vault/kept-records';
import { getStaffDb } from '../../../lib/vault/staff-db';
import { fetchOpenFollowUps } from '../api/get-follow-ups';
import type { FollowUp } from '../api/types';

export const followUpsPart = 'follow-ups';

/** One due date of the copy as the index knows it, without opening its row. */
export type FollowUpDay = { dueOn: string; row: string; open: number };

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

/** The stored index and decision 083's one row (`open`, read once and rewritten by day) carry `refreshedAt` inside. */
const refreshedAtIn = (value: unknown): number | null =>
  typeof value === 'object' && value !== null && 'refreshedAt' in value && typeof value.refreshedAt === 'number' ? value.refreshedAt : null;

function daysIn(value: unknown): IndexEntry<number>[] {
  const days = typeof value === 'object' && value !== null && 'days' in value && Array.isArray(value.days) ? value.days.filter(isDay) : [];
  return days.map((day) => ({ key: day.dueOn, row: day.row, summary: day.open }));
}

/**
 * Follow-ups this device's writes made or changed for someone else, as the server answered: the
 * copy keeps only the kaimahi's own, so these stay in memory alone (never stored), and the page
 * they were added on shows them until its own read has them (decision 106).
 */
let forOthers: { userId: string; tasks: Map<string, FollowUp> } | null = null;

const followUps = keptRecords<FollowUp, number>({
  rows: partRows(followUpsPart),
  isRecord: isFollowUp,
  group: { by: (task) => task.dueOn, field: 'tasks' },
  index: {
    at: [followUpsPart, 'index'],
    summarise: (tasks) => tasks.filter((task) => !task.doneAt).length,
    write: (days, refreshedAt) => ({ days: days.map(({ key, row, summary }) => ({ dueOn: key, row, open: summary })), refreshedAt }),
    read: (value) => ({ entries: daysIn(value), refreshedAt: refreshedAtIn(value) }),
  },
  fetch: { all: () => fetchOpenFollowUps() },
  async openLegacy(cipher) {
    const row = await getStaffDb(cipher.userId).parts.get([followUpsPart, 'open']);
    if (!row || !isSealed(row.sealed)) return null;
    const old: unknown = await cipher.open(row.sealed);
    const tasks = typeof old === 'object' && old !== null && 'tasks' in old && Array.isArray(old.tasks) ? old.tasks.filter(isFollowUp) : [];
    return { records: tasks, refreshedAt: refreshedAtIn(old) };
  },
  forgetAlso() {
    const had = forOthers !== null;
    forOthers = null;
    return had;
  },
});

export const useFollowUpsRevision = followUps.useRevision;
/** What this part is to the kinds whose results change it. */
export const followUpsKept = { refreshKept: followUps.refreshKept };
/** Decrypts the index of the person's follow-ups into memory (once per unlock); no follow-up is opened yet. */
export const loadFollowUps = followUps.load;
/** Drops the decrypted follow-ups from memory (lock, sign-out, wipe). */
export const forgetFollowUps = followUps.forget;
export const isFollowUpsLoaded = followUps.isLoaded;
export const followUpsRefreshedAt = followUps.refreshedAt;
/** The follow-ups of the copy opened so far (open ones, and those ticked done since the last refresh). */
export const followUpsOnDevice = followUps.all;
export const followUpOnDevice = followUps.get;

/** Decrypts the follow-ups due on `dueOns` (those not open yet) into memory. */
export const openFollowUpDays = (cipher: StaffCipher, dueOns: Iterable<string>): Promise<void> => followUps.open(cipher, dueOns);

/** The due dates of the copy, soonest first, with how many are open on each and whether they are opened. */
export function followUpDaysOnDevice(): (FollowUpDay & { isOpened: boolean })[] {
  return followUps
    .entries()
    .map(({ key, row, summary, isOpened }) => ({ dueOn: key, row, open: summary ?? 0, isOpened }))
    .sort((a, b) => (a.dueOn < b.dueOn ? -1 : 1));
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

/**
 * Changes one follow-up (see `KeptRecords.update`). `dueOn` says where to look when its day is not
 * open yet (the index keeps no ids; a follow-up moved to another date elsewhere leaves its old entry
 * until the next refresh, and the newer version wins on screen).
 */
export const updateFollowUp = (cipher: StaffCipher, id: string, update: (current: FollowUp | undefined) => FollowUp | undefined, dueOn?: string) =>
  followUps.update(cipher, id, update, dueOn);

/**
 * Brings the copy up to date: the server's open follow-ups of the caller replace the list (a
 * follow-up done, reassigned or removed elsewhere leaves it). Throws with no signal; the copy stays.
 */
export async function refreshFollowUps(cipher: StaffCipher, fetchOpen: () => Promise<FollowUp[]> = () => fetchOpenFollowUps()): Promise<number> {
  return (await followUps.refresh(cipher, { all: fetchOpen })).changed;
}
