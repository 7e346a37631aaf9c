import fs from 'node:fs';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { limits } from '../../../contract/limits';
import { buildUser, startTestServer, type TestApi } from '../../../test/helpers';
import { BlogPost } from '../../db/models/blog-post';
import { Feature } from '../../db/models/feature';
import { Image } from '../../db/models/image';
import { setClock } from '../../lib/clock';
import { imageTypeMessage, uploadsRoot } from '../../lib/images';
import { buildGif, buildOversizedJpeg, buildPhoto, buildPixelBombPng, buildTruncatedJpeg, htmlBytes, svgBytes } from './content.fixtures';

let api: TestApi;
let manager: string;
let kaimahi: string;
beforeAll(async () => {
  api = await startTestServer();
  manager = (await buildUser({ access: 2 })).token;
  kaimahi = (await buildUser({ access: 1 })).token;
});
afterAll(() => api.close());
afterEach(() => {
  vi.restoreAllMocks();
  setClock();
});

type Picture = { bytes: Buffer; type?: string; name?: string };

/** A multipart form as the app's FormData sends it. */
function form(fields: Record<string, string | string[]>, image: Picture | null = null): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) body.append(name, one);
  }
  if (image) body.append('image', new Blob([image.bytes], { type: image.type ?? 'image/jpeg' }), image.name ?? 'photo.jpg');
  return body;
}

const postFields = {
  title: 'Māra kai open day',
  author: 'Aroha Test',
  text: 'Come and plant **kūmara** with us.',
  imageAlt: 'Raised garden beds at the marae',
};
const featureFields = { title: 'Whānau ora', text: 'Support for the whole whānau.', imageAlt: 'Whānau at a hui' };

let photo: Buffer;
beforeAll(async () => {
  photo = await buildPhoto(2000, 1200);
});

/** Sends a post form; `null` sends no picture at all. */
function createPost(fields: Record<string, string | string[]> = postFields, image: Picture | null = { bytes: photo }, token = manager) {
  return api.post('/api/content/blog', { token, body: form(fields, image) });
}

function createFeature(fields: Record<string, string | string[]> = featureFields, image: Picture | null = { bytes: photo }, token = manager) {
  return api.post('/api/content/feature', { token, body: form(fields, image) });
}

/** The upload folders left behind: none, once every request has been answered. */
function leftoverUploads(): string[] {
  return fs.existsSync(uploadsRoot()) ? fs.readdirSync(uploadsRoot(), { recursive: true }).map(String) : [];
}

async function storedCounts() {
  return { posts: await BlogPost.count(), features: await Feature.count(), images: await Image.count() };
}

const widthOf = async (bytes: Buffer) => (await sharp(bytes).metadata()).width;

describe('POST /api/content/blog', () => {
  it('lets a manager create a post: 201 with the post and its picture at the largest size', async () => {
    const res = await createPost();
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      ...{ title: postFields.title, author: postFields.author, text: postFields.text },
      image: { src: `/api/content/blog/${res.body._id}/image`, alt: postFields.imageAlt, width: 1600, height: 960 },
      createdAt: expect.any(String),
      publishAt: expect.any(String),
    });
    expect(new Date(res.body.createdAt).toISOString()).toBe(res.body.createdAt);
    expect(await Image.count({ where: { ownerId: res.body._id } })).toBe(3);
    expect(leftoverUploads()).toEqual([]);
  });

  it('trims the fields and keeps only those of a post', async () => {
    const res = await createPost({ ...postFields, title: '  Kapa haka  ', _id: '00000000-0000-4000-8000-000000000000', access: '3' } as Record<string, string>);
    expect(res.status).toBe(201);
    expect(res.body.title).toBe('Kapa haka');
    expect(res.body._id).not.toBe('00000000-0000-4000-8000-000000000000');
  });

  it('takes the first value of a field sent twice', async () => {
    const res = await createPost({ ...postFields, title: ['First title', 'Second title'] });
    expect(res.status).toBe(201);
    expect(res.body.title).toBe('First title');
  });

  it('accepts PNG and WebP pictures and never enlarges a small one', async () => {
    const png = await createPost(postFields, { bytes: await buildPhoto(600, 300, 'png'), type: 'image/png', name: 'garden.png' });
    expect(png.status).toBe(201);
    expect(png.body.image).toMatchObject({ width: 600, height: 300 });
    for (const size of ['small', 'medium', 'large']) {
      const res = await api.get(`${png.body.image.src}?size=${size}`);
      expect(await widthOf(res.bytes)).toBe(size === 'small' ? 480 : 600);
    }
    // The sender's name and type are not trusted, the bytes are: a WebP called .jpg is a WebP.
    const webp = await createPost(postFields, { bytes: await buildPhoto(1200, 800, 'webp'), type: 'image/jpeg', name: 'photo.jpg' });
    expect(webp.status).toBe(201);
    expect(webp.body.image).toMatchObject({ width: 1200, height: 800 });
  });
});

describe('GET /api/content/blog', () => {
  it('lists posts newest first, and finds one by id', async () => {
    const older = await createPost({ ...postFields, title: 'Older post' });
    const newer = await createPost({ ...postFields, title: 'Newer post' });
    const list = await api.get('/api/content/blog');
    expect(list.status).toBe(200);
    const ids = list.body.map((post: { _id: string }) => post._id);
    expect(ids.indexOf(newer.body._id)).toBeLessThan(ids.indexOf(older.body._id));
    const times = list.body.map((post: { createdAt: string }) => post.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    // The list carries what a list shows: no text, a plain-text excerpt of it.
    const { text, ...shown } = newer.body;
    expect(text).toBe(postFields.text);
    expect(list.body.find((post: { _id: string }) => post._id === newer.body._id)).toEqual({ ...shown, excerpt: 'Come and plant kūmara with us.' });

    const one = await api.get(`/api/content/blog/${older.body._id}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(older.body);
  });

  it('answers 200 posts in pages of 50 newest first, each page under 30 KB, the full text only from the post itself', async () => {
    const sentence = 'Kia ora koutou, the raised gardens at Aranui gave their first crop of kūmara and silverbeet this month. ';
    const start = Date.now() + 60_000;
    // Published a minute from now, each a second after the last: the clock moves past them all.
    setClock(() => Date.now() + 600_000);
    await BlogPost.bulkCreate(
      Array.from({ length: 200 }, (_, index) => ({
        title: `Pānui ${index}: news from the trust`,
        author: 'Kaimahi',
        text: `## Pānui ${index}\n\n${sentence.repeat(20)}`,
        imageAlt: 'Whānau at a community day',
        imageWidth: 1600,
        imageHeight: 900,
        createdAt: new Date(start + index * 1000),
        updatedAt: new Date(start + index * 1000),
        publishAt: new Date(start + index * 1000),
      })),
    );
    // Written past the API, so the cached list sees them at its next check (within a second, decision 004).
    const first = await vi.waitFor(
      async () => {
        const answer = await api.get('/api/content/blog', { headers: { 'accept-encoding': 'identity' } });
        expect(answer.body[0]?.title).toBe('Pānui 199: news from the trust');
        return answer;
      },
      { timeout: 5000, interval: 200 },
    );
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(50);
    expect(first.bytes.length).toBeLessThanOrEqual(30 * 1024);
    expect(first.body[0]).not.toHaveProperty('text');
    expect(first.body[0].excerpt).toMatch(/^Pānui 199 Kia ora koutou, the raised gardens .{40,}…$/);
    expect(first.body[0].excerpt.length).toBeLessThanOrEqual(161);

    const second = await api.get('/api/content/blog?page=2');
    expect(second.body.map((post: { title: string }) => post.title)).toEqual(Array.from({ length: 50 }, (_, n) => `Pānui ${149 - n}: news from the trust`));
    const fifth = await api.get('/api/content/blog?page=5');
    expect(fifth.status).toBe(200);
    expect(fifth.body.length).toBeLessThan(50);
    const bad = await api.get('/api/content/blog?page=0');
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ param: 'page' });

    const whole = await api.get(`/api/content/blog/${first.body[0]._id}`);
    expect(whole.body.text).toBe(`## Pānui 199\n\n${sentence.repeat(20)}`);
  });

  it('keeps the compressed list: the same bytes for every request until the list changes', async () => {
    await BlogPost.destroy({ where: { author: 'Kaimahi' } });
    const ask = (encoding: string) => api.get('/api/content/blog', { headers: { 'accept-encoding': encoding } });
    await createPost({ ...postFields, title: 'A post to make the list long enough to compress', text: 'Kōrero '.repeat(300) });
    const [one, two, gzip] = [await ask('br'), await ask('br'), await ask('gzip')];
    expect(one.headers.get('content-encoding')).toBe('br');
    expect(one.headers.get('content-type')).toMatch(/^application\/json/);
    expect(one.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    // fetch decodes the body: what arrives is the same JSON each time.
    const [a, b, c] = [one.text, two.text, gzip.text];
    expect(b).toBe(a);
    expect(c).toBe(a);
    expect(JSON.parse(a)[0].title).toBe('A post to make the list long enough to compress');
  });

  it('answers 404 for an unknown post and for a made-up id that is not a UUID, in the error shape', async () => {
    const missing = await api.get('/api/content/blog/7d1b6a3e-2c55-4a8e-9a51-0d6b2b1f4c10');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ errors: [{ msg: 'Post not found', code: 'not_found' }] });
    const bad = await api.get('/api/content/blog/not-a-uuid');
    expect(bad.status).toBe(404);
    expect(bad.body).toEqual({ errors: [{ msg: 'Post not found', code: 'not_found' }] });
  });
});

describe('GET /api/content/blog/{id}/image', () => {
  it('serves each size as WebP of the right width, medium by default, cacheable for good', async () => {
    const post = await createPost();
    const src: string = post.body.image.src;
    const expected = { small: [480, 288], medium: [1000, 600], large: [1600, 960] };
    for (const [size, [width, height]] of Object.entries(expected)) {
      const res = await api.get(`${src}?size=${size}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
      expect(await sharp(res.bytes).metadata()).toMatchObject({ format: 'webp', width, height });
    }
    const byDefault = await api.get(src);
    expect(await widthOf(byDefault.bytes)).toBe(1000);
  });

  it('answers a repeat with the same ETag with 304 and no body', async () => {
    const post = await createPost();
    const first = await api.get(`${post.body.image.src}?size=small`);
    const etag = first.headers.get('etag') ?? '';
    // fetch adds `Cache-Control: no-cache` to a request with If-None-Match, which Koa's `fresh`
    // reads as "never 304"; a browser revalidating sends max-age=0, as here.
    const repeat = await api.get(`${post.body.image.src}?size=small`, { headers: { 'if-none-match': etag, 'cache-control': 'max-age=0' } });
    expect(repeat.status).toBe(304);
    expect(repeat.bytes.length).toBe(0);
    expect(repeat.headers.get('etag')).toBe(etag);
    // Another size is another picture with another tag.
    const large = await api.get(`${post.body.image.src}?size=large`, { headers: { 'if-none-match': etag, 'cache-control': 'max-age=0' } });
    expect(large.status).toBe(200);
    expect(large.headers.get('etag')).not.toBe(etag);
  });

  it('refuses an unknown size, and answers 404 for unknown and made-up ids', async () => {
    const post = await createPost();
    const huge = await api.get(`${post.body.image.src}?size=huge`);
    expect(huge.status).toBe(400);
    expect(huge.body).toEqual({ errors: [{ msg: 'Size must be small, medium or large', code: 'invalid_value', param: 'size' }] });
    const unknown = await api.get('/api/content/blog/7d1b6a3e-2c55-4a8e-9a51-0d6b2b1f4c10/image');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ errors: [{ msg: 'Image not found', code: 'not_found' }] });
    const malformed = await api.get('/api/content/blog/../../etc/passwd/image');
    expect([400, 404]).toContain(malformed.status);
    expect(malformed.body.errors.length).toBeGreaterThan(0);
    const notUuid = await api.get('/api/content/blog/12345/image?size=small');
    expect(notUuid.status).toBe(404);
    expect(notUuid.body).toEqual({ errors: [{ msg: 'Image not found', code: 'not_found' }] });
  });

  it('serves a post picture only under the blog address, a feature picture only under the feature address', async () => {
    const post = await createPost();
    const feature = await createFeature();
    expect((await api.get(`/api/content/feature/${post.body._id}/image`)).status).toBe(404);
    expect((await api.get(`/api/content/blog/${feature.body._id}/image`)).status).toBe(404);
  });
});

describe('DELETE /api/content/blog/{id}', () => {
  it('deletes the post and every size of its picture', async () => {
    const post = await createPost();
    const res = await api.delete(`/api/content/blog/${post.body._id}`, { token: manager });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ msg: 'Post deleted' });
    expect((await api.get(`/api/content/blog/${post.body._id}`)).status).toBe(404);
    expect((await api.get(`${post.body.image.src}?size=large`)).status).toBe(404);
    expect(await Image.count({ where: { ownerId: post.body._id } })).toBe(0);
    const list = await api.get('/api/content/blog');
    expect(list.body.map((one: { _id: string }) => one._id)).not.toContain(post.body._id);
    const again = await api.delete(`/api/content/blog/${post.body._id}`, { token: manager });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ errors: [{ msg: 'Post not found', code: 'not_found' }] });
  });

  it('answers 404 for a made-up id that is not a UUID, after checking who asks', async () => {
    const res = await api.delete('/api/content/blog/abc', { token: manager });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ errors: [{ msg: 'Post not found', code: 'not_found' }] });
    expect((await api.delete('/api/content/blog/abc')).status).toBe(401);
    expect((await api.delete('/api/content/blog/abc', { token: kaimahi })).status).toBe(403);
  });
});

describe('features', () => {
  it('lets a manager create features, listed in the order they were added, with their pictures', async () => {
    const first = await createFeature({ ...featureFields, title: 'Kai support' });
    const second = await createFeature(
      { ...featureFields, title: 'Rangatahi fitness' },
      { bytes: await buildPhoto(900, 600, 'png'), type: 'image/png', name: 'r.png' },
    );
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      _id: expect.any(String),
      title: 'Kai support',
      text: featureFields.text,
      image: { src: `/api/content/feature/${first.body._id}/image`, alt: featureFields.imageAlt, width: 1600, height: 960 },
      createdAt: expect.any(String),
    });
    expect(second.body.image).toMatchObject({ width: 900, height: 600 });

    const list = await api.get('/api/content/feature');
    expect(list.status).toBe(200);
    const ids = list.body.map((feature: { _id: string }) => feature._id);
    expect(ids.indexOf(first.body._id)).toBeLessThan(ids.indexOf(second.body._id));
    expect(list.body.find((feature: { _id: string }) => feature._id === first.body._id)).toEqual(first.body);

    for (const [size, width] of [
      ['small', 480],
      ['medium', 1000],
      ['large', 1600],
    ] as const) {
      const res = await api.get(`${first.body.image.src}?size=${size}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(await widthOf(res.bytes)).toBe(width);
    }
    const etag = (await api.get(first.body.image.src)).headers.get('etag') ?? '';
    expect((await api.get(first.body.image.src, { headers: { 'if-none-match': etag, 'cache-control': 'max-age=0' } })).status).toBe(304);
    expect((await api.get(`${first.body.image.src}?size=huge`)).status).toBe(400);
  });

  it('deletes a feature and its pictures', async () => {
    const feature = await createFeature();
    const res = await api.delete(`/api/content/feature/${feature.body._id}`, { token: manager });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ msg: 'Feature deleted' });
    const gone = await api.get(`${feature.body.image.src}?size=medium`);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ errors: [{ msg: 'Image not found', code: 'not_found' }] });
    expect(await Image.count({ where: { ownerId: feature.body._id } })).toBe(0);
    const list = await api.get('/api/content/feature');
    expect(list.body.map((one: { _id: string }) => one._id)).not.toContain(feature.body._id);
    const again = await api.delete(`/api/content/feature/${feature.body._id}`, { token: manager });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ errors: [{ msg: 'Feature not found', code: 'not_found' }] });
  });

  it('lists every missing field of a feature together', async () => {
    const before = await storedCounts();
    const res = await createFeature({}, null);
    expect(res.status).toBe(400);
    expect(res.body.errors.map((error: { param: string }) => error.param).sort()).toEqual(['image', 'imageAlt', 'text', 'title']);
    expect(await storedCounts()).toEqual(before);
    expect(leftoverUploads()).toEqual([]);
  });
});

describe('who may write', () => {
  it('needs a token (401) and manager access (403) to create or delete, and writes nothing otherwise', async () => {
    const post = await createPost();
    const feature = await createFeature();
    const before = await storedCounts();
    const attempts = [
      () => api.post('/api/content/blog', { body: form(postFields, { bytes: photo }) }),
      () => api.post('/api/content/feature', { body: form(featureFields, { bytes: photo }) }),
      () => api.delete(`/api/content/blog/${post.body._id}`),
      () => api.delete(`/api/content/feature/${feature.body._id}`),
    ];
    for (const attempt of attempts) {
      const res = await attempt();
      expect(res.status).toBe(401);
      expect(res.body.errors).toHaveLength(1);
    }
    const asKaimahi = [
      () => createPost(postFields, { bytes: photo }, kaimahi),
      () => createFeature(featureFields, { bytes: photo }, kaimahi),
      () => api.delete(`/api/content/blog/${post.body._id}`, { token: kaimahi }),
      () => api.delete(`/api/content/feature/${feature.body._id}`, { token: kaimahi }),
    ];
    for (const attempt of asKaimahi) {
      const res = await attempt();
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ errors: [{ msg: 'You do not have access to this', code: 'forbidden' }] });
    }
    expect(await storedCounts()).toEqual(before);
    expect(leftoverUploads()).toEqual([]);
  });
});

describe('bad uploads', () => {
  /** Sends a bad form and checks that nothing was stored and no temp file is left. */
  async function refused(send: () => ReturnType<TestApi['post']>) {
    const before = await storedCounts();
    const res = await send();
    expect(await storedCounts()).toEqual(before);
    expect(leftoverUploads()).toEqual([]);
    return res;
  }

  it('lists every missing field and the missing picture in one 400', async () => {
    const res = await refused(() => createPost({}, null));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { msg: 'Title is required', code: 'required', param: 'title' },
        { msg: 'Author is required', code: 'required', param: 'author' },
        { msg: 'Text is required', code: 'required', param: 'text' },
        { msg: 'Image description is required', code: 'required', param: 'imageAlt' },
        { msg: 'Image is required', code: 'required', param: 'image' },
      ]),
    );
    expect(res.body.errors).toHaveLength(5);
  });

  it('lists missing fields with a picture attached, without touching the picture', async () => {
    const res = await refused(() => createPost({ title: 'Only a title', author: '   ' }));
    expect(res.status).toBe(400);
    expect(res.body.errors.map((error: { param: string }) => error.param).sort()).toEqual(['author', 'imageAlt', 'text']);
  });

  it('refuses a field that is too long', async () => {
    const res = await refused(() => createPost({ ...postFields, title: 'x'.repeat(limits.shortText + 1) }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errors: [{ msg: `Title must be at most ${limits.shortText} characters`, code: 'too_long', param: 'title', limit: 200 }] });
  });

  it('answers a missing picture with 400 on the image field, also for an empty file input', async () => {
    const missing = await refused(() => createPost(postFields, null));
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ errors: [{ msg: 'Image is required', code: 'required', param: 'image' }] });
    // What a browser sends for a file input left empty: an empty part with no file name.
    const emptyInput = await refused(() => createPost(postFields, { bytes: Buffer.alloc(0), type: 'application/octet-stream', name: '' }));
    expect(emptyInput.status).toBe(400);
    expect(emptyInput.body).toEqual({ errors: [{ msg: 'Image is required', code: 'required', param: 'image' }] });
    // The picture sent as a text field is no picture either.
    const asText = await refused(() => api.post('/api/content/blog', { token: manager, body: form({ ...postFields, image: 'photo.jpg' }) }));
    expect(asText.status).toBe(400);
    expect(asText.body).toEqual({ errors: [{ msg: 'Image is required', code: 'required', param: 'image' }] });
  });

  it('refuses SVG, HTML, GIF, text and empty files with 415, whatever type they claim', async () => {
    const files: Picture[] = [
      { bytes: svgBytes, type: 'image/svg+xml', name: 'logo.svg' },
      { bytes: svgBytes, type: 'image/jpeg', name: 'logo.jpg' },
      { bytes: htmlBytes, type: 'text/html', name: 'page.html' },
      { bytes: htmlBytes, type: 'image/png', name: 'page.png' },
      { bytes: await buildGif(), type: 'image/gif', name: 'wave.gif' },
      { bytes: Buffer.from('just some words'), type: 'text/plain', name: 'notes.txt' },
      { bytes: Buffer.alloc(0), type: 'image/jpeg', name: 'empty.jpg' },
    ];
    for (const file of files) {
      const res = await refused(() => createPost(postFields, file));
      expect(res.status, file.name).toBe(415);
      expect(res.body).toEqual({ errors: [{ msg: imageTypeMessage, code: 'invalid_image', param: 'image' }] });
    }
  });

  it('refuses a truncated JPEG with 415 and a clear message, not a server error', async () => {
    const res = await refused(async () => createPost(postFields, { bytes: await buildTruncatedJpeg() }));
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ errors: [{ msg: 'Image could not be read: the file may be damaged or incomplete', code: 'invalid_image', param: 'image' }] });
  });

  it('refuses a tiny PNG that declares 20000×20000 pixels with 413', async () => {
    const res = await refused(() => createPost(postFields, { bytes: buildPixelBombPng(20_000), type: 'image/png', name: 'bomb.png' }));
    expect(res.status).toBe(413);
    expect(res.body.errors).toEqual([{ msg: expect.stringMatching(/^Image is too large/), code: 'too_large', param: 'image' }]);
  });

  it('refuses a file over 10 MB with 413 on the image field', async () => {
    const res = await refused(() => createPost(postFields, { bytes: buildOversizedJpeg(limits.imageBytes) }));
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ errors: [{ msg: 'Image is too large: at most 10 MB', code: 'too_large', param: 'image' }] });
  });

  it('refuses a second file with 413', async () => {
    const body = form(postFields, { bytes: photo });
    body.append('image', new Blob([photo], { type: 'image/jpeg' }), 'second.jpg');
    const res = await refused(() => api.post('/api/content/blog', { token: manager, body }));
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ errors: [{ msg: 'Send one image only', code: 'too_large', param: 'image' }] });
  });

  it('refuses a JSON body, or no body, with 415', async () => {
    const json = await refused(() => api.post('/api/content/blog', { token: manager, json: { ...postFields, image: 'x' } }));
    expect(json.status).toBe(415);
    expect(json.body.errors).toHaveLength(1);
    const empty = await refused(() => api.post('/api/content/feature', { token: manager }));
    expect(empty.status).toBe(415);
  });

  it('answers a broken multipart body with 400', async () => {
    const res = await refused(() =>
      api.post('/api/content/blog', {
        token: manager,
        headers: { 'content-type': 'multipart/form-data; boundary=korero' },
        body: '--korero\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8\xff',
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveLength(1);
  });

  it('stores nothing when saving fails half way: the post and its pictures go together', async () => {
    vi.spyOn(Image, 'bulkCreate').mockRejectedValueOnce(new Error('disk full'));
    const res = await refused(() => createPost());
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ errors: [{ msg: 'Server error', code: 'server_error' }] });
  });
});
