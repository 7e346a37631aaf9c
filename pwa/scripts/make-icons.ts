/**
 * Draws the app icons from the trust's koru mark. Run once after changing the mark:
 *   node_modules/.bin/tsx pwa/scripts/make-icons.ts
 * The PNGs it writes to pwa/public are committed, so builds do not need sharp.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const publicDir = path.resolve(import.meta.dirname, '../public');

const koru =
  'M29 55C29 45 17 41 17 28.5 17 18.5 25 11.5 34 11.5 42.5 11.5 48.5 18 48.5 25.5 48.5 32.5 43 37.5 36.5 37.5 31 37.5 27.5 33.5 27.5 29 27.5 25 30.5 22.5 34 22.5 37 22.5 38.8 24.6 38.8 27';
const bud = 'M29.6 47.5C32.5 43.5 39.5 42 43.2 45.2 46.2 47.8 45 52.6 41.2 52.9 38.8 53.1 37.6 51.2 38.6 49.6';

/** The round mark on a transparent square, as in the app's header. */
const roundMark = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <circle cx="32" cy="32" r="31" fill="#0e4a3a"/>
  <circle cx="32" cy="32" r="27.5" fill="none" stroke="#f0b93a" stroke-width="1.5" stroke-dasharray="3 3.2" opacity="0.7"/>
  <path d="${koru}" fill="none" stroke="#f0b93a" stroke-width="4.4" stroke-linecap="round"/>
  <path d="${bud}" fill="none" stroke="#f6cf6b" stroke-width="3" stroke-linecap="round"/>
</svg>`;

/** Maskable: full-bleed pounamu, the koru inside the central safe zone (80%). */
const maskableMark = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <rect width="64" height="64" fill="#0e4a3a"/>
  <g transform="translate(32 32) scale(0.85) translate(-32 -33)">
    <path d="${koru}" fill="none" stroke="#f0b93a" stroke-width="4.4" stroke-linecap="round"/>
    <path d="${bud}" fill="none" stroke="#f6cf6b" stroke-width="3" stroke-linecap="round"/>
  </g>
</svg>`;

/** Apple touch icons are shown on a square; iOS rounds the corners itself. */
const appleMark = maskableMark.replace('scale(0.85)', 'scale(0.78)');

async function png(svg: string, size: number, file: string): Promise<void> {
  const bytes = await sharp(Buffer.from(svg), { density: 72 * (size / 64) * 2 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();
  await writeFile(path.join(publicDir, file), bytes);
  console.log(`wrote ${file} (${bytes.length} bytes)`);
}

await mkdir(publicDir, { recursive: true });
await writeFile(path.join(publicDir, 'favicon.svg'), roundMark);
await png(roundMark, 32, 'favicon-32.png');
await png(roundMark, 192, 'icon-192.png');
await png(roundMark, 512, 'icon-512.png');
await png(maskableMark, 192, 'maskable-192.png');
await png(maskableMark, 512, 'maskable-512.png');
await png(appleMark, 180, 'apple-touch-icon.png');
