import fs from 'node:fs';
import path from 'node:path';
import type { Context, Next } from 'koa';

/** Files whose names never change but whose content does: the browser must always ask again. */
const neverCached = new Set(['index.html', 'sw.js', 'registerSW.js', 'manifest.webmanifest']);

/**
 * Serves the built app: hashed assets cached for a year, the shell and service worker never
 * cached, and every other non-API GET answered with index.html so client routes work.
 */
export function serveApp(dist: string) {
  const root = path.resolve(dist);
  const indexFile = path.join(root, 'index.html');

  function fileFor(urlPath: string): string | undefined {
    let decoded: string;
    try {
      decoded = decodeURIComponent(urlPath);
    } catch {
      return undefined;
    }
    if (decoded.includes('\0')) return undefined;
    const candidate = path.resolve(root, `.${path.posix.normalize(decoded)}`);
    if (!candidate.startsWith(root + path.sep)) return undefined;
    try {
      return fs.statSync(candidate).isFile() ? candidate : undefined;
    } catch {
      return undefined;
    }
  }

  return async (ctx: Context, next: Next): Promise<void> => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.path === '/api' || ctx.path.startsWith('/api/')) return next();
    const file = fileFor(ctx.path) ?? (fs.existsSync(indexFile) ? indexFile : undefined);
    if (!file) return next();
    const name = path.basename(file);
    const relative = path.relative(root, file);
    if (neverCached.has(name)) ctx.set('Cache-Control', 'no-cache');
    else if (relative.startsWith(`assets${path.sep}`)) ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    else ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.type = path.extname(file) === '.webmanifest' ? 'application/manifest+json' : path.extname(file);
    const stat = fs.statSync(file);
    ctx.length = stat.size;
    ctx.lastModified = stat.mtime;
    ctx.body = ctx.method === 'HEAD' ? null : fs.createReadStream(file);
    if (ctx.method === 'HEAD') ctx.length = stat.size;
  };
}
