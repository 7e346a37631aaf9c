import { QueryTypes } from 'sequelize';
import { sequelize } from '../db/sequelize';

/**
 * What the public pages show, as one stamp (decision 112): the row count and newest `updatedAt`
 * of every table a public list is built from (each `cachedList` names its table here), and the
 * writes through this instance. A write through this instance changes it at once (the list's
 * `invalidate()`); another instance's write, within half a second, as the tables are read again.
 * Enrolments, case work and staff accounts are not public content and leave it as it is.
 */
const tables = new Set<string>();
let localChanges = 0;
let checked: { at: number; stamp: Promise<string> } | undefined;

/** How long a stamp read from the tables is trusted before they are read again. */
const recheckMs = 500;

/** A table public pages are built from. */
export function watchPublicTable(table: string): void {
  tables.add(table);
  checked = undefined;
}

/** Public content was written through this instance. */
export function publicContentChanged(): void {
  localChanges += 1;
  checked = undefined;
}

async function readStamp(changes: number): Promise<string> {
  if (tables.size === 0) return String(changes);
  const rows = await sequelize.query<{ t: string; n: number | string; m: Date | string | null }>(
    [...tables].map((table) => `SELECT '${table}' AS t, COUNT(*) AS n, MAX("updatedAt") AS m FROM "${table}"`).join(' UNION ALL '),
    { type: QueryTypes.SELECT },
  );
  // By table name: a UNION ALL promises no order.
  const stamps = rows.map((row) => `${row.t}:${row.n}:${row.m instanceof Date ? row.m.toISOString() : String(row.m)}`).sort();
  return [changes, ...stamps].join('|');
}

/**
 * The public content's stamp: the same string until something public changes. `fresh` reads the
 * tables now (before a render, so a page is never kept under a stamp older than what it shows);
 * otherwise a stamp read in the last half second will do.
 */
export function publicContentStamp(fresh = false): Promise<string> {
  const at = Date.now();
  if (fresh || !checked || at - checked.at > recheckMs) {
    const current: { at: number; stamp: Promise<string> } = { at, stamp: readStamp(localChanges) };
    current.stamp.catch(() => {
      if (checked === current) checked = undefined;
    });
    checked = current;
  }
  return checked.stamp;
}
