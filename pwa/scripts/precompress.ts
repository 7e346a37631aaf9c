/**
 * Runs after `vite build`: writes brotli and gzip copies beside every text file in dist, at the
 * highest levels (slow once, here, instead of on every request). The server sends the copy the
 * browser accepts (server/src/lib/serve-app.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../dist');
const compressible = /\.(js|mjs|css|html|svg|webmanifest|json|txt)$/;

let before = 0;
let after = 0;
for (const name of fs.readdirSync(dist, { recursive: true, encoding: 'utf8' })) {
  const file = path.join(dist, name);
  if (!compressible.test(name) || !fs.statSync(file).isFile()) continue;
  const bytes = fs.readFileSync(file);
  if (bytes.length < 1024) continue;
  const brotli = zlib.brotliCompressSync(bytes, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });
  fs.writeFileSync(`${file}.br`, brotli);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 }));
  before += bytes.length;
  after += brotli.length;
}
console.log(`precompressed ${(before / 1024).toFixed(0)} KB of text to ${(after / 1024).toFixed(0)} KB (brotli)`);
