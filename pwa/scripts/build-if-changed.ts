/**
 * `npm start` builds the app only when what it is built from has changed since the last build
 * (a restart took 27 s of rebuilding before). The fingerprint is a hash of every source file
 * of the build, kept beside the build in dist/.source-hash.
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const pwaDir = path.resolve(import.meta.dirname, '..');
const repoRoot = path.resolve(pwaDir, '..');
const hashFile = path.join(pwaDir, 'dist', '.source-hash');
const sources = ['pwa/src', 'pwa/public', 'pwa/scripts', 'pwa/index.html', 'pwa/vite.config.ts', 'pwa/package.json', 'server/contract', 'package-lock.json'];

function filesUnder(relative: string): string[] {
  const absolute = path.join(repoRoot, relative);
  if (!fs.existsSync(absolute)) return [];
  if (fs.statSync(absolute).isFile()) return [relative];
  return fs
    .readdirSync(absolute, { withFileTypes: true })
    .flatMap((entry) => filesUnder(path.join(relative, entry.name)))
    .sort();
}

/** A hash over every build input's path and bytes. */
export function sourceHash(): string {
  const hash = crypto.createHash('sha256');
  for (const file of sources.flatMap(filesUnder)) {
    hash
      .update(file)
      .update('\0')
      .update(fs.readFileSync(path.join(repoRoot, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

const current = sourceHash();
const built = fs.existsSync(hashFile) ? fs.readFileSync(hashFile, 'utf8').trim() : '';
if (built === current && fs.existsSync(path.join(pwaDir, 'dist', 'index.html')) && fs.existsSync(path.join(pwaDir, 'dist-ssr', 'entry-server.js'))) {
  console.log('The app is already built from these sources (pwa/dist); `npm run build` rebuilds it anyway.');
} else {
  const result = spawnSync('npm', ['run', 'build', '-w', 'pwa'], { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  fs.writeFileSync(hashFile, `${current}\n`);
}
