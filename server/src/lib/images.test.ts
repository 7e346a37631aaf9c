import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { limits } from '../../contract/limits';
import { buildGif, buildPhoto, buildPixelBombPng, buildTruncatedJpeg, htmlBytes, svgBytes } from '../features/content/content.fixtures';
import { ApiError } from './errors';
import { etagOf, imageTypeMessage, resizeUploadedImage, sniffImageType } from './images';

async function refusal(bytes: Buffer): Promise<ApiError> {
  const error = await resizeUploadedImage(bytes).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('sniffImageType', () => {
  it('knows JPEG, PNG and WebP by their first bytes, whatever the file is called', async () => {
    expect(sniffImageType(await buildPhoto(10, 10, 'jpeg'))).toBe('jpeg');
    expect(sniffImageType(await buildPhoto(10, 10, 'png'))).toBe('png');
    expect(sniffImageType(await buildPhoto(10, 10, 'webp'))).toBe('webp');
  });

  it('knows nothing else: SVG, HTML, GIF, text, a RIFF that is not WebP, empty or short files', async () => {
    const riffWave = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVEfmt ')]);
    for (const bytes of [svgBytes, htmlBytes, await buildGif(), Buffer.from('hello'), riffWave, Buffer.alloc(0), Buffer.from([0xff, 0xd8])]) {
      expect(sniffImageType(bytes)).toBeUndefined();
    }
  });
});

describe('resizeUploadedImage', () => {
  it('makes WebP variants 480, 1000 and 1600 wide, keeping the proportions', async () => {
    const resized = await resizeUploadedImage(await buildPhoto(2000, 1200));
    expect(resized.variants.map(({ size, width, height }) => ({ size, width, height }))).toEqual([
      { size: 'small', width: 480, height: 288 },
      { size: 'medium', width: 1000, height: 600 },
      { size: 'large', width: 1600, height: 960 },
    ]);
    expect({ width: resized.width, height: resized.height }).toEqual({ width: 1600, height: 960 });
    for (const variant of resized.variants) {
      const stored = await sharp(variant.bytes).metadata();
      expect(stored).toMatchObject({ format: 'webp', width: variant.width, height: variant.height });
      expect(variant.etag).toBe(etagOf(variant.bytes));
      expect(variant.etag).toMatch(/^[0-9a-f]{32}$/);
    }
  });

  it('never enlarges a small picture', async () => {
    const resized = await resizeUploadedImage(await buildPhoto(600, 400, 'png'));
    expect(resized.variants.map((variant) => [variant.width, variant.height])).toEqual([
      [480, 320],
      [600, 400],
      [600, 400],
    ]);
    expect({ width: resized.width, height: resized.height }).toEqual({ width: 600, height: 400 });
  });

  it('turns a photo upright by its EXIF orientation and keeps none of its metadata', async () => {
    const sideways = await buildPhoto(800, 400, 'jpeg', 6);
    expect((await sharp(sideways).metadata()).orientation).toBe(6);
    const resized = await resizeUploadedImage(sideways);
    expect({ width: resized.width, height: resized.height }).toEqual({ width: 400, height: 800 });
    const stored = await sharp(resized.variants[2]?.bytes).metadata();
    expect(stored.orientation).toBeUndefined();
    expect(stored.exif).toBeUndefined();
  });

  it('refuses a picture that is not a JPEG, PNG or WebP with 415 on the image field', async () => {
    for (const bytes of [svgBytes, htmlBytes, await buildGif(), Buffer.alloc(0)]) {
      const error = await refusal(bytes);
      expect(error.status).toBe(415);
      expect(error.items).toEqual([{ msg: imageTypeMessage, code: 'invalid_image', param: 'image' }]);
    }
  });

  it('refuses a truncated file with 415 and a clear message', async () => {
    const error = await refusal(await buildTruncatedJpeg());
    expect(error.status).toBe(415);
    expect(error.items).toEqual([{ msg: 'Image could not be read: the file may be damaged or incomplete', code: 'invalid_image', param: 'image' }]);
  });

  it('refuses a small file that declares more pixels than the limit with 413, before decoding it', async () => {
    const bomb = buildPixelBombPng(20_000);
    expect(bomb.length).toBeLessThan(2_000);
    const error = await refusal(bomb);
    expect(error.status).toBe(413);
    expect(error.items[0]).toMatchObject({ param: 'image' });
    expect(error.items[0]?.msg).toMatch(/^Image is too large/);
    // Just over the limit is refused too; the limit is width × height.
    const side = Math.ceil(Math.sqrt(limits.imagePixels)) + 1;
    expect((await refusal(buildPixelBombPng(side))).status).toBe(413);
  });
});
