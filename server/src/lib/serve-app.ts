import fs from 'node:fs';
import path from 'node:path';
import type { Context, Next } from 'koa';

/** Files whose names never change but whose content does: the browser must always ask again. */
const neverCached = new Set(['index.html', 'sw.js', 'registerSW.js', 'manifest.webmanifest']);

/** Compressed copies the build writes beside each text file, best first. */
const precompressed = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

/**
 * Serves the built app: hashed assets cached for a year, the shell and service worker never
 * cached, every other non-API GET answered with index.html so client routes work, and a
 * compressed copy made at build time when the browser takes one (cheap phones, slow networks).
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
    ctx.vary('Accept-Encoding');
    let sent = file;
    for (const { encoding, suffix } of precompressed) {
      if (ctx.acceptsEncodings(encoding, 'identity') === encoding && fs.existsSync(file + suffix)) {
        sent = file + suffix;
        ctx.set('Content-Encoding', encoding);
        break;
      }
    }
    ctx.compress = false;
    const stat = fs.statSync(sent);
    ctx.lastModified = fs.statSync(file).mtime;
    if (ctx.method === 'HEAD') {
      // Koa answers a null body with 204; a HEAD is a GET without its body.
      ctx.status = 200;
    } else ctx.body = fs.createReadStream(sent);
    ctx.length = stat.size;
  };
}
