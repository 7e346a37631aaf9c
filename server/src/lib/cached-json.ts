import crypto from 'node:crypto';
import { QueryTypes } from 'sequelize';
import type { AppContext } from './app-context';
import { sequelize } from '../db/sequelize';

type Cached = { stamp: string; json: string; etag: string };

/** How long a checked stamp is trusted before the table is asked again. */
const recheckMs = 1000;

/**
 * Keeps the serialised answer of a read-mostly public list (services, blog, features) until its
 * table changes. Writes through this instance call `invalidate()` and show at once; the table's
 * row count and newest `updatedAt` are re-read at most once a second, so another instance's
 * writes show within a second (docs/decisions/004-cached-public-lists.md).
 */
export function cachedList(table: string, build: () => Promise<unknown>) {
  let cached: Cached | undefined;
  let localWrites = 0;
  let stamp: Promise<string> | undefined;
  let stampCheckedAt = 0;

  async function stampOf(): Promise<string> {
    const [row] = await sequelize.query<{ n: number | string; m: Date | string | null }>(
      `SELECT COUNT(*) AS n, MAX("updatedAt") AS m FROM "${table}"`,
      { type: QueryTypes.SELECT },
    );
    const newest = row?.m instanceof Date ? row.m.toISOString() : String(row?.m);
    return `${row?.n}:${newest}:${localWrites}`;
  }

  return {
    /** Answers with the list, or 304 when the caller already has this version. */
    async send(ctx: AppContext): Promise<void> {
      const now = Date.now();
      if (!stamp || now - stampCheckedAt > recheckMs) {
        stamp = stampOf();
        stampCheckedAt = now;
        stamp.catch(() => (stamp = undefined));
      }
      const current = await stamp;
      if (cached?.stamp !== current) {
        const json = JSON.stringify(await build());
        cached = { stamp: current, json, etag: `"${crypto.createHash('sha256').update(json).digest('base64url').slice(0, 27)}"` };
      }
      ctx.status = 200;
      ctx.type = 'application/json';
      ctx.etag = cached.etag;
      ctx.set('Cache-Control', 'no-cache');
      if (ctx.fresh) {
        ctx.status = 304;
        return;
      }
      ctx.body = cached.json;
    },
    invalidate(): void {
      localWrites += 1;
      stamp = undefined;
    },
  };
}
