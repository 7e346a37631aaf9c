/**
 * `npm run bench` (size part): the JavaScript a first visit to the English home page loads —
 * the entry chunk named in dist/index.html and every chunk it imports statically (not the lazy
 * routes, not the Māori catalogue) — gzipped, beside the same figure for the build before the
 * language layer (issue 7: it may grow by no more than 3 KB gzip). Reads the build the bench
 * just made; builds nothing itself.
 *
 *   tsx pwa/bench/bundle-size.ts [distDir]
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The same figure for commit 05bef74 (the last one before the language layer), measured once
 * with this script on a build of that commit (`git worktree add /tmp/base 05bef74`, its pwa
 * built with this repository's node_modules). A recorded figure: rebuilding it on every bench
 * run would double the bench's build time.
 */
const baseline = { commit: '05bef74', gzipBytes: Number(process.env.BUNDLE_BASELINE_BYTES ?? 0) || 126_422 };
const allowedGrowthBytes = 3 * 1024;

/** Entry chunks of index.html and their static imports, followed through the chunks' own imports. */
export function homePageScripts(distDir: string): string[] {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const start = [
    ...[...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+\.js)"/g)].map((match) => match[1]),
    ...[...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+\.js)"/g)].map((match) => match[1]),
  ].map((url) => url.replace(/^\//, ''));
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(path.join(distDir, file), 'utf8');
    // Static imports only: `import … from "./x.js"` and `import "./x.js"`, never `import("./x.js")`.
    for (const match of code.matchAll(/(?:\bfrom\s*|\bimport\s*)["'](\.\.?\/[^"']+\.js)["']/g)) {
      queue.push(path.posix.normalize(path.posix.join(path.posix.dirname(file), match[1])));
    }
  }
  return [...seen].sort();
}

export function gzipSize(distDir: string, files: readonly string[]): number {
  return files.reduce((sum, file) => sum + gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length, 0);
}

const distDir = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../dist'));
if (!existsSync(path.join(distDir, 'index.html'))) {
  console.error(`No build in ${distDir}: run npm run build first.`);
  process.exit(1);
}
const files = homePageScripts(distDir);
const size = gzipSize(distDir, files);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const growth = size - baseline.gzipBytes;
console.log(`\nHome page JavaScript (English, first visit), gzip: ${kb(size)} in ${files.length} file(s): ${files.join(', ')}`);
console.log(
  `  baseline ${baseline.commit} (recorded figure, before the language layer): ${kb(baseline.gzipBytes)}; ` +
    `growth ${growth >= 0 ? '+' : ''}${(growth / 1024).toFixed(2)} KB (allowed +${kb(allowedGrowthBytes)})` +
    (growth > allowedGrowthBytes ? '  ← OVER THE ALLOWANCE' : ''),
);
