/**
 * Records kept by key in a part of the copy (decision 138), on the sealed-part engine: what the
 * follow-ups, the whānau and the caseload share. A feature declares where its sealed rows are,
 * how a record maps to its row (one row per record, or grouped by a key such as the due date into
 * one row with an opaque id), what the sealed index keeps of each row (when there is one: rows
 * then open on demand; without one every row opens at load), a type guard and how changes are
 * fetched (since a cursor, or the whole list). The engine keeps the index and rows in memory,
 * opens rows, guards versions (an older version never replaces a newer one), refreshes in one
 * transaction with everything sealed before it (IndexedDB ends a transaction that waits on
 * WebCrypto), and keeps the cursor and refresh time in `meta`. Memory changes only once the rows
 * are written.
 */
import { isSealed, type Sealed, type StaffCipher } from '../staff-cipher';
import { sealedPart, type SealedPart } from './sealed-part';
import { getStaffDb, type StaffDb, type StaffMetaRow } from './staff-db';

type Keyed = { _id: string; version: number };
type Row = { id: string; sealed: Sealed };

/** Where a part's rows are in the staff database. */
export type RowStore = {
  /** The part's name in the `parts` table (null: a table of its own). */
  part: string | null;
  table(db: StaffDb): StaffDb['parts'] | StaffDb['clients'];
  get(db: StaffDb, ids: string[]): Promise<(Sealed | undefined)[]>;
  all(db: StaffDb): Promise<Row[]>;
  ids(db: StaffDb): Promise<string[]>;
  put(db: StaffDb, rows: Row[]): Promise<unknown>;
  delete(db: StaffDb, ids: string[]): Promise<unknown>;
};

/** Rows `[part, id]` of the `parts` table. */
export function partRows(part: string): RowStore {
  const key = (id: string): [string, string] => [part, id];
  return {
    part,
    table: (db) => db.parts,
    get: async (db, ids) => (await db.parts.bulkGet(ids.map(key))).map((row) => row?.sealed),
    all: async (db) => (await db.parts.where('part').equals(part).toArray()).map((row) => ({ id: row._id, sealed: row.sealed })),
    ids: async (db) => (await db.parts.where('part').equals(part).primaryKeys()).map(([, id]) => id),
    put: (db, rows) => db.parts.bulkPut(rows.map((row) => ({ part, _id: row.id, sealed: row.sealed }))),
    delete: (db, ids) => db.parts.bulkDelete(ids.map(key)),
  };
}

/** Rows of the caseload's own `clients` table (decision 045). */
export const clientRows: RowStore = {
  part: null,
  table: (db) => db.clients,
  get: async (db, ids) => (await db.clients.bulkGet(ids)).map((row) => row?.sealed),
  all: async (db) => (await db.clients.toArray()).map((row) => ({ id: row._id, sealed: row.sealed })),
  ids: (db) => db.clients.toCollection().primaryKeys(),
  put: (db, rows) => db.clients.bulkPut(rows.map((row) => ({ _id: row.id, sealed: row.sealed }))),
  delete: (db, ids) => db.clients.bulkDelete(ids),
};

/** One row as the sealed index knows it: its key, its row id and its summary. */
export type IndexEntry<S> = { key: string; row: string; summary: S };

export type Changes<R> = { records: R[]; ids: string[]; cursor: string };
/** How a part hears from the server: what changed since a cursor (with the ids to keep), or the whole list. */
export type Fetch<R> = { since(cursor: string | undefined): Promise<Changes<R>> } | { all(): Promise<R[]> };

type Declaration<R extends Keyed, S> = {
  rows: RowStore;
  /** Whether a decrypted record has the shape the screens rely on (anything else is skipped). */
  isRecord(value: unknown): value is R;
  /** Records grouped into one row per key (sealed as `{ [field]: records }`, under an opaque id); without: one row per record, its id. */
  group?: { by(record: R): string; field: string };
  /** The sealed index row, what it keeps of each row and its stored form; without one, every row is opened at load. */
  index?: {
    at: [part: string, id: string];
    summarise(records: R[]): S;
    write(entries: IndexEntry<S>[], refreshedAt: number | null): unknown;
    read(value: unknown): { entries: IndexEntry<S>[]; refreshedAt?: number | null };
  };
  /** Where the cursor and the refresh time are kept (without: the refresh time goes in the index). */
  meta?: { cursor: Extract<StaffMetaRow, { value: string }>['key']; refreshedAt: Extract<StaffMetaRow, { value: number }>['key'] };
  fetch: Fetch<R>;
  /** Reads a copy kept in an older layout, when the index is missing (default: every row of the part). */
  openLegacy?(cipher: StaffCipher): Promise<{ records: R[]; refreshedAt: number | null } | null>;
  forgetAlso?(): boolean;
};

type Bucket<R, S> = { row: string; summary?: S; records: Map<string, R> | null };
type Copy<R, S> = { userId: string; refreshedAt: number | null; buckets: Map<string, Bucket<R, S>>; keyOf: Map<string, string> };

export type KeptRecords<R extends Keyed, S> = Pick<
  SealedPart<Copy<R, S>>,
  'load' | 'forget' | 'subscribe' | 'revision' | 'useRevision' | 'refreshKept' | 'changed'
> & {
  isLoaded(userId: string): boolean;
  refreshedAt(): number | null;
  /** Decrypts the rows of `keys` not open yet (after loading). */
  open(cipher: StaffCipher, keys: Iterable<string>): Promise<void>;
  get(id: string): R | undefined;
  /** Every record opened so far. */
  all(): R[];
  /** Every row the copy knows (the index's, or all once opened), with its summary and whether it is open. */
  entries(): { key: string; row: string; summary?: S; isOpened: boolean }[];
  summary(key: string): S | undefined;
  /**
   * Changes one record when this write's turn comes: `change` sees it as kept (undefined when not)
   * and returns the new one, or undefined to leave it; an older version never replaces a newer one.
   * `near` names the row to look in when the record is not open (grouped rows).
   */
  update(cipher: StaffCipher, id: string, change: (kept: R | undefined) => R | undefined, near?: string): Promise<void>;
  /** Keeps a record as the server gave it (a newer version only). */
  keep(cipher: StaffCipher, record: R): Promise<void>;
  /** Brings the part up to date with the server (throws with no signal; the copy stays). */
  refresh(cipher: StaffCipher, fetch?: Fetch<R>): Promise<{ changed: number; removed: number }>;
};

export function keptRecords<R extends Keyed, S = undefined>(declaration: Declaration<R, S>): KeptRecords<R, S> {
  const { rows: store, isRecord, group, index, meta } = declaration;
  // Grouped rows have opaque ids only the index knows, and a record's id does not name its row.
  if (group && (!index || 'since' in declaration.fetch)) throw new Error('Grouped records need an index and a full refresh');
  const keyOfRecord = (record: R) => (group ? group.by(record) : record._id);
  const keyOfId = (copy: Copy<R, S>, id: string) => (group ? copy.keyOf.get(id) : id);
  const isIndexRow = (id: string) => index !== undefined && index.at[0] === store.part && index.at[1] === id;
  const recordsIn = (value: unknown): R[] => {
    if (!group) return isRecord(value) ? [value] : [];
    const list = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[group.field] : undefined;
    return Array.isArray(list) ? list.filter(isRecord) : [];
  };
  const sealRow = (cipher: StaffCipher, records: Map<string, R>) =>
    cipher.seal(group ? { [group.field]: [...records.values()] } : records.values().next().value);
  const opened = (records: Iterable<R>): Map<string, R> => new Map([...records].map((record) => [record._id, record]));
  const summarised = (bucket: Bucket<R, S>): Bucket<R, S> =>
    index && bucket.records ? { ...bucket, summary: index.summarise([...bucket.records.values()]) } : bucket;

  async function readMeta(db: StaffDb, key: StaffMetaRow['key'] | undefined) {
    return key ? (await db.meta.get(key))?.value : undefined;
  }

  /** Groups `records` into opened buckets, reusing the row ids `was` has for their keys. */
  function bucketsOf(records: readonly R[], was: Map<string, Bucket<R, S>>): Map<string, Bucket<R, S>> {
    const byKey = new Map<string, R[]>();
    for (const record of records) {
      const key = keyOfRecord(record);
      const list = byKey.get(key);
      if (list) list.push(record);
      else byKey.set(key, [record]);
    }
    const buckets = new Map<string, Bucket<R, S>>();
    for (const [key, list] of byKey) buckets.set(key, summarised({ row: was.get(key)?.row ?? (group ? crypto.randomUUID() : key), records: opened(list) }));
    return buckets;
  }

  function install(copy: Copy<R, S>, buckets: Map<string, Bucket<R, S>>): void {
    copy.buckets = buckets;
    if (!group) return;
    copy.keyOf = new Map();
    for (const [key, bucket] of buckets) for (const id of bucket.records?.keys() ?? []) copy.keyOf.set(id, key);
  }

  /** Seals the rows of `touched` and the index of `buckets`, then writes them in one transaction. */
  async function write(
    cipher: StaffCipher,
    buckets: Map<string, Bucket<R, S>>,
    touched: Iterable<Bucket<R, S>>,
    gone: string[] | 'rest',
    refreshedAt: number | null,
    metaRows: StaffMetaRow[] = [],
  ): Promise<void> {
    const db = getStaffDb(cipher.userId);
    const puts = await Promise.all([...touched].map(async (bucket) => ({ id: bucket.row, sealed: await sealRow(cipher, bucket.records!) })));
    const entries = [...buckets].flatMap(([key, { row, summary }]) => (summary === undefined ? [] : [{ key, row, summary }]));
    const indexRow = index && { part: index.at[0], _id: index.at[1], sealed: await cipher.seal(index.write(entries, refreshedAt)) };
    const tables = new Set([store.table(db), ...(indexRow ? [db.parts] : []), ...(metaRows.length ? [db.meta] : [])]);
    await db.transaction('rw', [...tables], async () => {
      const kept = new Set(puts.map((put) => put.id));
      const deletes = gone === 'rest' ? (await store.ids(db)).filter((id) => !kept.has(id) && !isIndexRow(id)) : gone;
      await store.delete(db, deletes);
      await store.put(db, puts);
      if (indexRow) await db.parts.put(indexRow);
      if (metaRows.length) await db.meta.bulkPut(metaRows);
    });
  }

  async function load(cipher: StaffCipher): Promise<Copy<R, S>> {
    const db = getStaffDb(cipher.userId);
    const [indexRow, refreshed] = await Promise.all([index ? db.parts.get(index.at) : undefined, readMeta(db, meta?.refreshedAt)]);
    const copy: Copy<R, S> = { userId: cipher.userId, refreshedAt: typeof refreshed === 'number' ? refreshed : null, buckets: new Map(), keyOf: new Map() };
    if (index && indexRow && isSealed(indexRow.sealed)) {
      const read = index.read(await cipher.open(indexRow.sealed));
      for (const { key, row, summary } of read.entries) copy.buckets.set(key, { row, summary, records: null });
      copy.refreshedAt ??= read.refreshedAt ?? null;
      return copy;
    }
    // No index: every row opens now (a part without one), or once from an older layout.
    let records: R[];
    let rewrite = false;
    if (index && declaration.openLegacy) {
      const legacy = await declaration.openLegacy(cipher);
      records = legacy?.records ?? [];
      copy.refreshedAt ??= legacy?.refreshedAt ?? null;
      rewrite = legacy !== null;
    } else {
      const rows = (await store.all(db)).filter((row) => !isIndexRow(row.id));
      records = (await Promise.all(rows.map(async (row) => (isSealed(row.sealed) ? recordsIn(await cipher.open(row.sealed)) : [])))).flat();
      rewrite = index !== undefined && rows.length > 0;
    }
    install(copy, bucketsOf(records, new Map()));
    if (rewrite) await write(cipher, copy.buckets, copy.buckets.values(), 'rest', copy.refreshedAt);
    return copy;
  }

  const part = sealedPart<Copy<R, S>>({ open: load, refresh: (cipher) => kept.refresh(cipher), forgetAlso: declaration.forgetAlso });

  async function openIn(cipher: StaffCipher, copy: Copy<R, S>, keys: Iterable<string>): Promise<boolean> {
    const wanted = [...new Set(keys)].flatMap((key) => {
      const bucket = copy.buckets.get(key);
      return bucket && !bucket.records ? [{ key, bucket }] : [];
    });
    if (wanted.length === 0) return false;
    const sealed = await store.get(
      getStaffDb(cipher.userId),
      wanted.map(({ bucket }) => bucket.row),
    );
    const records = await Promise.all(sealed.map(async (one) => (one && isSealed(one) ? recordsIn(await cipher.open(one)) : [])));
    wanted.forEach(({ key, bucket }, at) => {
      // Another open (or a write) got there first: what it holds is as new or newer.
      if (bucket.records || copy.buckets.get(key) !== bucket) return;
      bucket.records = opened(records[at]!);
      if (group) for (const id of bucket.records.keys()) copy.keyOf.set(id, key);
    });
    return true;
  }

  async function updateIn(cipher: StaffCipher, copy: Copy<R, S>, id: string, change: (kept: R | undefined) => R | undefined, near?: string) {
    const was = keyOfId(copy, id) ?? near;
    if (was !== undefined) await openIn(cipher, copy, [was]);
    const from = keyOfId(copy, id);
    const before = from === undefined ? undefined : copy.buckets.get(from)?.records?.get(id);
    const next = change(before);
    if (!next || (before && before.version > next.version)) return;
    const to = keyOfRecord(next);
    await openIn(cipher, copy, [to]);
    const buckets = new Map(copy.buckets);
    const touched = new Map<string, Bucket<R, S>>();
    const edit = (key: string, apply: (records: Map<string, R>) => void) => {
      const bucket = touched.get(key) ?? buckets.get(key);
      const records = new Map(bucket?.records ?? []);
      apply(records);
      touched.set(key, { row: bucket?.row ?? (group ? crypto.randomUUID() : key), records });
    };
    if (from !== undefined && from !== to) edit(from, (records) => records.delete(id));
    edit(to, (records) => records.set(id, next));
    const gone: string[] = [];
    for (const [key, bucket] of touched) {
      if (bucket.records!.size > 0) buckets.set(key, summarised(bucket));
      else if (buckets.delete(key)) gone.push(bucket.row);
    }
    await write(
      cipher,
      buckets,
      [...touched.keys()].flatMap((key) => (buckets.has(key) ? [buckets.get(key)!] : [])),
      gone,
      copy.refreshedAt,
    );
    copy.buckets = buckets;
    if (group) copy.keyOf.set(id, to);
    part.changed();
  }

  /** A part without an index, not decrypted yet: the one row changes alone (the rest stays sealed). */
  async function updateRowAlone(cipher: StaffCipher, id: string, change: (kept: R | undefined) => R | undefined) {
    const db = getStaffDb(cipher.userId);
    const [sealed] = await store.get(db, [id]);
    const before = sealed && isSealed(sealed) ? recordsIn(await cipher.open(sealed))[0] : undefined;
    const next = change(before);
    if (!next || (before && before.version > next.version)) return;
    await store.put(db, [{ id, sealed: await sealRow(cipher, opened([next])) }]);
    const copy = part.current(cipher.userId);
    if (copy) {
      copy.buckets.set(id, { row: id, records: opened([next]) });
      part.changed();
    }
  }

  async function refreshSince(cipher: StaffCipher, copy: Copy<R, S>, since: (cursor: string | undefined) => Promise<Changes<R>>) {
    const db = getStaffDb(cipher.userId);
    const cursor = await readMeta(db, meta?.cursor);
    const answer = await since(typeof cursor === 'string' ? cursor : undefined);
    if (part.current(cipher.userId) !== copy) return { changed: 0, removed: 0 };
    const keep = new Set(answer.ids);
    const buckets = new Map(copy.buckets);
    const changed = bucketsOf(answer.records, buckets);
    for (const [key, bucket] of changed) buckets.set(key, bucket);
    const removed = [...new Set([...(await store.ids(db)).filter((id) => !isIndexRow(id)), ...buckets.keys()])].filter((id) => !keep.has(id));
    for (const id of removed) buckets.delete(id);
    const time = Date.now();
    const metaRows: StaffMetaRow[] = meta
      ? [
          { key: meta.cursor, value: answer.cursor },
          { key: meta.refreshedAt, value: time },
        ]
      : [];
    const gone = new Set(removed);
    await write(
      cipher,
      buckets,
      [...changed.values()].filter((bucket) => !gone.has(bucket.row)),
      removed,
      time,
      metaRows,
    );
    install(copy, buckets);
    copy.refreshedAt = time;
    part.changed();
    return { changed: answer.records.length, removed: removed.length };
  }

  async function refreshAll(cipher: StaffCipher, copy: Copy<R, S>, all: () => Promise<R[]>) {
    const records = await all();
    if (part.current(cipher.userId) !== copy) return { changed: 0, removed: 0 };
    const buckets = bucketsOf(records, copy.buckets);
    const time = Date.now();
    await write(cipher, buckets, buckets.values(), 'rest', time, meta ? [{ key: meta.refreshedAt, value: time }] : []);
    install(copy, buckets);
    copy.refreshedAt = time;
    part.changed();
    return { changed: records.length, removed: 0 };
  }

  const kept: KeptRecords<R, S> = {
    load: part.load,
    forget: part.forget,
    subscribe: part.subscribe,
    revision: part.revision,
    useRevision: part.useRevision,
    refreshKept: part.refreshKept,
    changed: part.changed,
    isLoaded: (userId) => part.current(userId) !== null,
    refreshedAt: () => part.current()?.refreshedAt ?? null,

    async open(cipher, keys) {
      await part.load(cipher);
      const copy = part.current(cipher.userId);
      if (copy && (await openIn(cipher, copy, keys))) part.changed();
    },
    get(id) {
      const copy = part.current();
      const key = copy ? keyOfId(copy, id) : undefined;
      return key === undefined ? undefined : copy?.buckets.get(key)?.records?.get(id);
    },
    all: () => [...(part.current()?.buckets.values() ?? [])].flatMap((bucket) => (bucket.records ? [...bucket.records.values()] : [])),
    entries: () => [...(part.current()?.buckets ?? [])].map(([key, { row, summary, records }]) => ({ key, row, summary, isOpened: records !== null })),
    summary: (key) => part.current()?.buckets.get(key)?.summary,

    update(cipher, id, change, near) {
      return part.queue(async () => {
        if (!index && !part.current(cipher.userId)) return updateRowAlone(cipher, id, change);
        await part.load(cipher);
        const copy = part.current(cipher.userId);
        if (copy) await updateIn(cipher, copy, id, change, near);
      });
    },
    keep: (cipher, record) => kept.update(cipher, record._id, () => record, keyOfRecord(record)),

    refresh(cipher, fetch = declaration.fetch) {
      return part.update(cipher, (copy) => ('since' in fetch ? refreshSince(cipher, copy, fetch.since) : refreshAll(cipher, copy, fetch.all)), {
        changed: 0,
        removed: 0,
      });
    },
  };
  return kept;
}
