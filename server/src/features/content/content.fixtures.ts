import crypto from 'node:crypto';
import zlib from 'node:zlib';
import sharp from 'sharp';

/*
 * Pictures for tests, good and bad, built in memory. Only tests import this file.
 */

const terracotta = '#b5542c';

/** A plain photo of the given size; `orientation` adds an EXIF Orientation tag (6 = turn 90° clockwise). */
export function buildPhoto(width: number, height: number, format: 'jpeg' | 'png' | 'webp' = 'jpeg', orientation?: number): Promise<Buffer> {
  let picture = sharp({ create: { width, height, channels: 3, background: terracotta } });
  if (orientation) picture = picture.withMetadata({ orientation });
  return picture[format]().toBuffer();
}

/** The first half of a real JPEG: its header reads, its pixels end early. */
export async function buildTruncatedJpeg(): Promise<Buffer> {
  const whole = await sharp({ create: { width: 800, height: 600, channels: 3, background: terracotta, noise: { type: 'gaussian', mean: 128, sigma: 30 } } })
    .jpeg()
    .toBuffer();
  return whole.subarray(0, Math.floor(whole.length / 2));
}

export async function buildGif(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 40, channels: 3, background: terracotta } })
    .gif()
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid PNG of a few hundred bytes whose header declares `side`×`side` pixels (a decompression bomb). */
export function buildPixelBombPng(side = 20_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(Buffer.alloc(side + 1))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export const svgBytes = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(1)</script><rect width="100" height="100"/></svg>',
);
export const htmlBytes = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');

/** Random bytes behind a JPEG signature, one byte over `bytes`. */
export function buildOversizedJpeg(bytes: number): Buffer {
  const file = crypto.randomBytes(bytes + 1);
  file.set([0xff, 0xd8, 0xff, 0xe0], 0);
  return file;
}
