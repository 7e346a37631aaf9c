import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { StaffCipher } from '../staff-cipher';
import { keptRecords, partRows, type Changes } from './kept-records';
import { getStaffDb } from './staff-db';
import { createCipher, createDataKey } from './vault-crypto';

type Visit = { _id: string; version: number; on: string; text: string };

const isVisit = (value: unknown): value is Visit =>
  typeof value === 'object' && value !== null && '_id' in value && typeof value._id === 'string' && 'on' in value && typeof value.on === 'string';

/** A part grouped by day behind an index (as the follow-ups are), refreshed whole by `list`. */
let list: () => Promise<Visit[]> = async () => [];
const byDay = keptRecords<Visit, number>({
  rows: partRows('test-days'),
  isRecord: isVisit,
  group: { by: (visit) => visit.on, field: 'visits' },
  index: {
    at: ['test-days', 'index'],
    summarise: (visits) => visits.length,
    write: (entries, refreshedAt) => ({ entries, refreshedAt }),
    read: (value) => value as { entries: { key: string; row: string; summary: number }[]; refreshedAt: number | null },
  },
  fetch: { all: () => list() },
});

/** A part of one row per record with no index (as the caseload is), refreshed since a cursor. */
const byId = keptRecords<Visit>({
  rows: partRows('test-ids'),
  isRecord: isVisit,
  meta: { cursor: 'cursor.test-ids', refreshedAt: 'refreshedAt.test-ids' },
  fetch: { since: async () => ({ records: [], ids: [], cursor: '' }) },
});

afterEach(() => {
  byDay.forget();
  byId.forget();
});

const visit = (text: string, on: string, version = 1): Visit => ({ _id: crypto.randomUUID(), version, on, text });

/** A cipher that counts what it decrypts. */
async function countingCipher() {
  const { key } = await createDataKey('kia kaha te reo 2026', 1000);
  const cipher = createCipher(crypto.randomUUID(), key);
  const counted = { opened: 0 };
  const counting: StaffCipher = {
    userId: cipher.userId,
    seal: (value) => cipher.seal(value),
    open: (sealed) => {
      counted.opened += 1;
      return cipher.open(sealed);
    },
  };
  return { cipher: counting, counted };
}

/** The version of `id` in the sealed rows of the grouped part, read past the engine. */
async function storedVersion(cipher: StaffCipher, id: string): Promise<number | undefined> {
  for (const row of await getStaffDb(cipher.userId).parts.where('part').equals('test-days').toArray()) {
    const value = (await cipher.open(row.sealed)) as { visits?: Visit[] };
    const found = value.visits?.find((kept) => kept._id === id);
    if (found) return found.version;
  }
  return undefined;
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

describe('records kept by key in a part of the copy', () => {
  it('after a lock opens the index alone, then only the rows asked for', async () => {
    const { cipher, counted } = await countingCipher();
    const monday = visit('Kai parcel', '2026-12-07');
    const tuesday = visit('Garden beds', '2026-12-08');
    await byDay.refresh(cipher, { all: async () => [monday, tuesday, visit('Heat pump', '2026-12-08')] });

    byDay.forget();
    counted.opened = 0;
    await byDay.load(cipher);
    expect(counted.opened).toBe(1);
    expect(byDay.all()).toEqual([]);
    expect(byDay.entries().map(({ key, summary, isOpened }) => [key, summary, isOpened])).toEqual([
      ['2026-12-07', 1, false],
      ['2026-12-08', 2, false],
    ]);
    await byDay.open(cipher, ['2026-12-07']);
    expect(counted.opened).toBe(2);
    expect(byDay.get(monday._id)?.text).toBe('Kai parcel');
    expect(byDay.get(tuesday._id)).toBeUndefined();
  });

  it('never lets an older version replace a newer one, opened or still sealed', async () => {
    const { cipher } = await countingCipher();
    const one = visit('Kai parcel', '2026-12-07', 2);
    await byDay.refresh(cipher, { all: async () => [one] });
    await byDay.keep(cipher, { ...one, text: 'older', version: 1 });
    expect(byDay.get(one._id)?.text).toBe('Kai parcel');

    byDay.forget();
    // Not open after the lock: the row it names is opened first, so the guard sees the kept version.
    await byDay.update(cipher, one._id, () => ({ ...one, text: 'older still', version: 1 }), one.on);
    expect(byDay.get(one._id)?.text).toBe('Kai parcel');
    await byDay.update(cipher, one._id, (kept) => kept && { ...kept, text: 'Moved to Wednesday', on: '2026-12-09', version: 3 }, one.on);
    byDay.forget();
    await byDay.open(cipher, ['2026-12-07', '2026-12-09']);
    expect(byDay.entries().map((row) => row.key)).toEqual(['2026-12-09']);
    expect(byDay.get(one._id)?.text).toBe('Moved to Wednesday');

    // A part with no index, not decrypted: the one row is opened and guarded alone.
    await byId.keep(cipher, { ...one, version: 5 });
    await byId.keep(cipher, { ...one, text: 'older', version: 4 });
    expect(byId.isLoaded(cipher.userId)).toBe(false);
    await byId.load(cipher);
    expect(byId.get(one._id)?.version).toBe(5);
  });

  it('a refresh and a landed write in flight never write over each other', async () => {
    const { cipher } = await countingCipher();
    const one = visit('Kai parcel', '2026-12-07');
    const two = visit('Garden beds', '2026-12-07');
    await byDay.refresh(cipher, { all: async () => [one] });

    // The refresh waits on the server; a result lands meanwhile.
    const answer = deferred<Visit[]>();
    const refreshing = byDay.refresh(cipher, { all: () => answer.promise });
    const landing = byDay.keep(cipher, { ...one, text: 'Kai parcel delivered', version: 3 });
    await Promise.resolve();
    expect(byDay.get(one._id)?.version).toBe(1);
    answer.resolve([{ ...one, version: 2 }, two]);
    await Promise.all([refreshing, landing]);
    expect(byDay.get(one._id)?.text).toBe('Kai parcel delivered');
    expect(byDay.get(two._id)?.text).toBe('Garden beds');

    // The other way round: the refresh asks the server only once the landed write is stored.
    let storedWhenAsked: number | undefined;
    list = async () => {
      storedWhenAsked = await storedVersion(cipher, one._id);
      return [{ ...one, text: 'From the server', version: 5 }, two];
    };
    const landed = byDay.keep(cipher, { ...one, text: 'Ticked', version: 4 });
    const refreshed = byDay.refresh(cipher);
    await Promise.all([landed, refreshed]);
    expect(storedWhenAsked).toBe(4);

    byDay.forget();
    await byDay.open(cipher, ['2026-12-07']);
    expect(byDay.all().map((kept) => [kept.text, kept.version])).toEqual([
      ['From the server', 5],
      ['Garden beds', 1],
    ]);
  });

  it('refreshes since its cursor in one write: changed records in, ids not kept out, cursor and time in meta', async () => {
    const { cipher } = await countingCipher();
    const one = visit('Kai parcel', '2026-12-07');
    const two = visit('Garden beds', '2026-12-08');
    const asked: (string | undefined)[] = [];
    const answers: Changes<Visit>[] = [
      { records: [one, two], ids: [one._id, two._id], cursor: 'c1' },
      { records: [{ ...two, version: 2 }], ids: [two._id], cursor: 'c2' },
    ];
    const since = async (cursor: string | undefined) => {
      asked.push(cursor);
      return answers[asked.length - 1]!;
    };
    expect(await byId.refresh(cipher, { since })).toEqual({ changed: 2, removed: 0 });
    expect(await byId.refresh(cipher, { since })).toEqual({ changed: 1, removed: 1 });
    expect(asked).toEqual([undefined, 'c1']);
    const db = getStaffDb(cipher.userId);
    expect((await db.meta.get('cursor.test-ids'))?.value).toBe('c2');
    expect(byId.refreshedAt()).toBe((await db.meta.get('refreshedAt.test-ids'))?.value);
    byId.forget();
    await byId.load(cipher);
    expect(byId.all().map((kept) => [kept._id, kept.version])).toEqual([[two._id, 2]]);
    expect(await db.parts.where('part').equals('test-ids').count()).toBe(1);
  });
});
