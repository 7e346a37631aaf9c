import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { QueryTypes } from 'sequelize';
import type { AppContext } from './app-context';
import { sequelize } from '../db/sequelize';
import { now as clockNow } from './clock';
import { publicContentChanged, watchPublicTable } from './public-content';

type Cached = { stamp: string; json: string; etag: string; br?: Buffer; gzip?: Buffer };

/** Answers smaller than this leave uncompressed, as koa-compress's threshold in app.ts. */
const compressAbove = 1024;

/** How long a checked stamp is trusted before the table is asked again. */
const recheckMs = 1000;

/**
 * Keeps the serialised answer of a read-mostly public list (services, blog, features) until its
 * table changes. Writes through this instance call `invalidate()` and show at once; the table's
 * row count and newest `updatedAt` are re-read at most once a second, so another instance's
 * writes show within a second (docs/decisions/004-cached-public-lists.md). The compressed forms
 * (brotli, gzip) are made once per version, on first request, and kept with it, so a list is
 * not compressed again on every request (decision 068).
 */
export function cachedList(table: string, build: () => Promise<unknown>, { publishedFrom }: { publishedFrom?: string } = {}) {
  // The public pages the server renders are built from the same tables (decision 112).
  watchPublicTable(table);
  let cached: Cached | undefined;
  let localWrites = 0;
  let stamp: Promise<string> | undefined;
  let stampCheckedAt = 0;
  // The next time a scheduled row goes public (by the clock): the list is checked again then.
  let nextDue: number | undefined;

  /**
   * With `publishedFrom` (a column of publish times) the stamp also counts the rows already
   * public, so a scheduled row changes the list when its time comes, with no write to the table.
   */
  async function stampOf(): Promise<string> {
    const at = new Date(clockNow());
    const due = publishedFrom
      ? `, COUNT(CASE WHEN "${publishedFrom}" <= :at THEN 1 END) AS d, MIN(CASE WHEN "${publishedFrom}" > :at THEN "${publishedFrom}" END) AS x`
      : '';
    const [row] = await sequelize.query<{ n: number | string; m: Date | string | null; d?: number | string; x?: Date | string | null }>(
      `SELECT COUNT(*) AS n, MAX("updatedAt") AS m${due} FROM "${table}"`,
      { type: QueryTypes.SELECT, replacements: { at } },
    );
    const newest = row?.m instanceof Date ? row.m.toISOString() : String(row?.m);
    nextDue = row?.x ? new Date(row.x).getTime() : undefined;
    return `${row?.n}:${newest}:${row?.d ?? ''}:${localWrites}`;
  }

  return {
    /** Answers with the list, or 304 when the caller already has this version. */
    async send(ctx: AppContext): Promise<void> {
      const now = Date.now();
      const scheduledIsDue = nextDue !== undefined && clockNow() >= nextDue;
      if (!stamp || now - stampCheckedAt > recheckMs || scheduledIsDue) {
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
      ctx.vary('Accept-Encoding');
      const encoding = Buffer.byteLength(cached.json) < compressAbove ? 'identity' : ctx.acceptsEncodings('br', 'gzip', 'identity');
      if (encoding === 'br') {
        cached.br ??= zlib.brotliCompressSync(cached.json, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } });
        ctx.set('Content-Encoding', 'br');
        ctx.body = cached.br;
      } else if (encoding === 'gzip') {
        cached.gzip ??= zlib.gzipSync(cached.json, { level: 9 });
        ctx.set('Content-Encoding', 'gzip');
        ctx.body = cached.gzip;
      } else {
        ctx.body = cached.json;
      }
      // ctx.body = a Buffer sets the type to octet-stream; the answer is JSON whatever its encoding.
      ctx.type = 'application/json';
    },
    invalidate(): void {
      localWrites += 1;
      stamp = undefined;
      publicContentChanged();
    },
  };
}
