import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, startTestServer, type TestApi } from '../../../test/helpers';
import { BlogPost } from '../../db/models/blog-post';
import { Image } from '../../db/models/image';
import { setClock } from '../../lib/clock';
import { buildGif, buildPhoto } from './content.fixtures';

/*
 * Editing what is published, drafts, scheduling and revisions of blog posts and features
 * (issue 22). Time is moved with the injectable clock, never waited for.
 */

let api: TestApi;
let manager: string;
let managerName: string;
let kaimahi: string;
let photo: Buffer;
let otherPhoto: Buffer;
beforeAll(async () => {
  api = await startTestServer();
  ({
    token: manager,
    user: { name: managerName },
  } = await buildUser({ access: 2 }));
  kaimahi = (await buildUser({ access: 1 })).token;
  photo = await buildPhoto(2000, 1200);
  otherPhoto = await buildPhoto(900, 900, 'png');
});
afterAll(() => api.close());
afterEach(() => setClock());

function form(fields: Record<string, string>, image: Buffer | null = null, type = 'image/jpeg'): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  if (image) body.append('image', new Blob([image], { type }), 'photo');
  return body;
}

const postFields = { title: 'Māra kai open day', author: 'Aroha Test', text: 'Come and plant **kūmara** with us.', imageAlt: 'Raised garden beds' };
const featureFields = { title: 'Whānau ora', text: 'Support for the whole whānau.', imageAlt: 'Whānau at a hui' };

const createPost = (extra: Record<string, string> = {}) => api.post('/api/content/blog', { token: manager, body: form({ ...postFields, ...extra }, photo) });
const createFeature = (extra: Record<string, string> = {}) =>
  api.post('/api/content/feature', { token: manager, body: form({ ...featureFields, ...extra }, photo) });
const patch = (path: string, json: unknown, token = manager) => api.patch(path, { token, json });
const listedIds = async (path: string) => (await api.get(path)).body.map((row: { _id: string }) => row._id);

describe('PATCH /api/content/blog/{id}', () => {
  it('edits a published post in place: same id and address, new words, the picture and date kept', async () => {
    const post = (await createPost()).body;
    const res = await patch(`/api/content/blog/${post._id}`, { title: 'Māra kai open day — new date', text: 'Now on **Saturday**.' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ...post,
      title: 'Māra kai open day — new date',
      text: 'Now on **Saturday**.',
      status: 'published',
      publishAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const seen = await api.get(`/api/content/blog/${post._id}`);
    expect(seen.body).toMatchObject({
      _id: post._id,
      title: 'Māra kai open day — new date',
      text: 'Now on **Saturday**.',
      image: post.image,
      createdAt: post.createdAt,
    });
    const list = await api.get('/api/content/blog');
    expect(list.body.find((row: { _id: string }) => row._id === post._id)).toMatchObject({
      title: 'Māra kai open day — new date',
      excerpt: 'Now on Saturday.',
    });
  });

  it('replaces the picture with a multipart edit: a new address for the new picture, the old one gone', async () => {
    const post = (await createPost()).body;
    const res = await api.patch(`/api/content/blog/${post._id}`, { token: manager, body: form({ imageAlt: 'Kūmara in a kete' }, otherPhoto, 'image/png') });
    expect(res.status).toBe(200);
    expect(res.body._id).toBe(post._id);
    expect(res.body.image).toEqual({
      src: expect.stringMatching(new RegExp(`^/api/content/blog/${post._id}/image\\?v=[0-9a-f-]{36}$`)),
      alt: 'Kūmara in a kete',
      width: 900,
      height: 900,
    });
    expect(res.body.title).toBe(postFields.title);

    const fresh = await api.get(`${res.body.image.src}&size=small`);
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // The plain address shows the current picture, checked each time: it changed once.
    const plain = await api.get(`/api/content/blog/${post._id}/image?size=small`);
    expect(plain.headers.get('cache-control')).toBe('no-cache');
    expect(plain.headers.get('etag')).toBe(fresh.headers.get('etag'));
    expect(await Image.count({ where: { ownerId: post._id } })).toBe(0);
    expect((await api.get(`/api/content/blog/${post._id}`)).body.image).toEqual(res.body.image);
  });

  it('refuses bad edits with every problem listed, and writes nothing', async () => {
    const post = (await createPost()).body;
    const path = `/api/content/blog/${post._id}`;
    const empty = await patch(path, {});
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual([{ msg: 'Change at least one of: title, author, text, image, imageAlt, status, publishAt', code: 'bad_request' }]);

    const bad = await patch(path, { title: '  ', author: 'x'.repeat(201), status: 'live' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((item: { param: string }) => item.param).sort()).toEqual(['author', 'status', 'title']);

    const noTime = await patch(path, { status: 'scheduled' });
    expect(noTime.status).toBe(400);
    expect(noTime.body.errors).toEqual([{ msg: 'Publish time is required for a scheduled post', code: 'required', param: 'publishAt' }]);

    const notATime = await patch(path, { status: 'scheduled', publishAt: 'next Tuesday' });
    expect(notATime.status).toBe(400);
    expect(notATime.body.errors[0]).toMatchObject({ param: 'publishAt' });

    const past = await patch(path, { title: 'Changed', status: 'scheduled', publishAt: '2020-01-01T09:00:00+13:00' });
    expect(past.status).toBe(400);
    expect(past.body.errors).toEqual([{ msg: 'Publish time must be in the future', code: 'invalid_date', param: 'publishAt' }]);

    const gif = await api.patch(path, { token: manager, body: form({ title: 'With a GIF' }, await buildGif(), 'image/gif') });
    expect(gif.status).toBe(415);
    const blankForm = await api.patch(path, { token: manager, body: form({}) });
    expect(blankForm.status).toBe(400);
    expect(blankForm.body.errors).toEqual([{ msg: 'Change at least one field, or send a new picture', code: 'bad_request' }]);
    const badWithPicture = await api.patch(path, { token: manager, body: form({ title: '' }, otherPhoto, 'image/png') });
    expect(badWithPicture.status).toBe(400);
    expect(badWithPicture.body.errors).toEqual([{ msg: 'Title is required', code: 'required', param: 'title' }]);

    const now = await api.get(path);
    expect(now.body).toEqual(post);
    expect(await Image.count({ where: { ownerId: post._id } })).toBe(3);
    expect((await api.get(`${path}/revisions`, { token: manager })).body).toEqual([]);
  });

  it('answers 404 for an unknown post and an id that is not a UUID', async () => {
    const unknown = await patch('/api/content/blog/7d1b6a3e-2c55-4a8e-9a51-0d6b2b1f4c10', { title: 'Nobody' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ errors: [{ msg: 'Post not found', code: 'not_found' }] });
    expect((await patch('/api/content/blog/not-a-uuid', { title: 'Nobody' })).status).toBe(404);
  });
});

describe('PATCH /api/content/feature/{id}', () => {
  it('edits a feature in place, and replaces its picture with a multipart edit', async () => {
    const feature = (await createFeature()).body;
    const words = await patch(`/api/content/feature/${feature._id}`, { text: 'Support for every whānau.' });
    expect(words.status).toBe(200);
    expect(words.body).toMatchObject({
      _id: feature._id,
      title: featureFields.title,
      text: 'Support for every whānau.',
      image: feature.image,
      status: 'published',
    });
    const picture = await api.patch(`/api/content/feature/${feature._id}`, { token: manager, body: form({}, otherPhoto, 'image/png') });
    expect(picture.status).toBe(200);
    expect(picture.body.image.src).toMatch(/\?v=/);
    const carousel = await api.get('/api/content/feature');
    expect(carousel.body.find((row: { _id: string }) => row._id === feature._id)).toMatchObject({
      text: 'Support for every whānau.',
      image: picture.body.image,
    });
    const bad = await patch(`/api/content/feature/${feature._id}`, { title: '', author: 'Not a feature field' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ msg: 'Title is required', code: 'required', param: 'title' }]);
  });
});

describe('drafts', () => {
  it('keeps a draft from visitors and the public API, shows it to managers with its picture, and publishes it on request', async () => {
    const created = await createPost({ status: 'draft', title: 'Draft: kapa haka results' });
    expect(created.status).toBe(201);
    const { _id, image } = created.body;
    expect(await listedIds('/api/content/blog')).not.toContain(_id);
    expect((await api.get(`/api/content/blog/${_id}`)).status).toBe(404);
    expect((await api.get(`/api/content/blog/${_id}/image?size=small`)).status).toBe(404);
    // The preview's picture: its address names the picture, which only managers are given.
    expect(image.src).toMatch(/\?v=/);
    expect((await api.get(`${image.src}&size=small`)).status).toBe(200);

    const drafts = await api.get('/api/content/manage/blog', { token: manager });
    expect(drafts.body.find((row: { _id: string }) => row._id === _id)).toMatchObject({ status: 'draft', publishAt: null, title: 'Draft: kapa haka results' });
    const preview = await api.get(`/api/content/manage/blog/${_id}`, { token: manager });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ _id, status: 'draft', text: postFields.text, image });

    const published = await patch(`/api/content/blog/${_id}`, { status: 'published' });
    expect(published.body).toMatchObject({ status: 'published', publishAt: expect.any(String) });
    expect(await listedIds('/api/content/blog')).toContain(_id);
    expect((await api.get(`/api/content/blog/${_id}`)).status).toBe(200);
    expect((await api.get('/api/content/manage/blog', { token: manager })).body.map((row: { _id: string }) => row._id)).not.toContain(_id);
  });

  it('takes a published post back to draft', async () => {
    const post = (await createPost()).body;
    expect((await patch(`/api/content/blog/${post._id}`, { status: 'draft' })).body.status).toBe('draft');
    expect(await listedIds('/api/content/blog')).not.toContain(post._id);
    expect((await api.get(`/api/content/blog/${post._id}/image`)).status).toBe(404);
  });

  it('keeps a draft feature out of the carousel', async () => {
    const feature = (await createFeature({ status: 'draft' })).body;
    expect(await listedIds('/api/content/feature')).not.toContain(feature._id);
    expect((await api.get('/api/content/manage/feature', { token: manager })).body.map((row: { _id: string }) => row._id)).toContain(feature._id);
    expect((await api.get(`/api/content/manage/feature/${feature._id}`, { token: manager })).body.status).toBe('draft');
  });
});

describe('scheduling', () => {
  it('shows a scheduled post and feature from their time on, with nobody pressing anything', async () => {
    const start = Date.parse('2027-03-01T08:00:00Z');
    setClock(() => start);
    // 9 pm in Christchurch (NZDT, +13:00) is 8 am UTC the next morning.
    const at = '2027-03-01T22:30:00+13:00';
    const post = await createPost({ status: 'scheduled', publishAt: at, title: 'Matariki at the marae' });
    expect(post.status).toBe(201);
    const feature = (await createFeature({ status: 'scheduled', publishAt: at })).body;
    // Read once, so the cached lists hold the version without them.
    expect(await listedIds('/api/content/blog')).not.toContain(post.body._id);
    expect(await listedIds('/api/content/feature')).not.toContain(feature._id);
    expect((await api.get(`/api/content/blog/${post.body._id}`)).status).toBe(404);
    const managed = await api.get(`/api/content/manage/blog/${post.body._id}`, { token: manager });
    expect(managed.body).toMatchObject({ status: 'scheduled', publishAt: '2027-03-01T09:30:00.000Z' });

    setClock(() => Date.parse('2027-03-01T09:29:59Z'));
    expect(await listedIds('/api/content/blog')).not.toContain(post.body._id);

    setClock(() => Date.parse('2027-03-01T09:30:00Z'));
    // It goes out dated by its publication, not by when it was drafted: the app orders and dates the blog by it.
    expect((await api.get('/api/content/blog')).body[0]).toMatchObject({
      _id: post.body._id,
      title: 'Matariki at the marae',
      publishAt: '2027-03-01T09:30:00.000Z',
    });
    expect(await listedIds('/api/content/feature')).toContain(feature._id);
    expect((await api.get(`/api/content/blog/${post.body._id}`)).body).toMatchObject({ publishAt: '2027-03-01T09:30:00.000Z' });
    expect((await api.get(`/api/content/blog/${post.body._id}/image?size=small`)).status).toBe(200);
    expect((await api.get(`/api/content/manage/blog/${post.body._id}`, { token: manager })).body.status).toBe('published');
  });

  it('moves a scheduled post to another time, or publishes it now', async () => {
    setClock(() => Date.parse('2027-04-01T00:00:00Z'));
    const post = (await createPost({ status: 'scheduled', publishAt: '2027-04-10T09:00:00+12:00' })).body;
    const moved = await patch(`/api/content/blog/${post._id}`, { publishAt: '2027-04-03T09:00:00+13:00' });
    expect(moved.body).toMatchObject({ status: 'scheduled', publishAt: '2027-04-02T20:00:00.000Z' });
    const now = await patch(`/api/content/blog/${post._id}`, { status: 'published' });
    expect(now.body).toMatchObject({ status: 'published', publishAt: '2027-04-01T00:00:00.000Z' });
  });

  it('refuses a create scheduled without a time or in the past, and stores nothing', async () => {
    setClock(() => Date.parse('2027-05-01T00:00:00Z'));
    const before = await BlogPost.count();
    const noTime = await createPost({ status: 'scheduled' });
    expect(noTime.status).toBe(400);
    expect(noTime.body.errors).toEqual([{ msg: 'Publish time is required for a scheduled post', code: 'required', param: 'publishAt' }]);
    const past = await createPost({ status: 'scheduled', publishAt: '2027-04-30T23:59:59Z' });
    expect(past.status).toBe(400);
    expect(past.body.errors).toEqual([{ msg: 'Publish time must be in the future', code: 'invalid_date', param: 'publishAt' }]);
    expect(await BlogPost.count()).toBe(before);
  });
});

describe('revisions', () => {
  it('keeps the words before each edit, newest first, and restores one', async () => {
    const post = (await createPost()).body;
    const path = `/api/content/blog/${post._id}`;
    setClock(() => Date.parse('2027-06-01T00:00:00Z'));
    await patch(path, { title: 'Second title' });
    setClock(() => Date.parse('2027-06-02T00:00:00Z'));
    const other = await buildUser({ access: 2, name: 'Hine Second Manager' });
    await patch(path, { title: 'Third title', text: 'Third text' }, other.token);
    // A change of state alone changes no words: no revision.
    await patch(path, { status: 'published' });

    const revisions = await api.get(`${path}/revisions`, { token: manager });
    expect(revisions.status).toBe(200);
    expect(revisions.body).toEqual([
      {
        _id: expect.any(String),
        savedAt: '2027-06-02T00:00:00.000Z',
        savedBy: managerName,
        replacedBy: 'Hine Second Manager',
        title: 'Second title',
        author: postFields.author,
        text: postFields.text,
        imageAlt: postFields.imageAlt,
      },
      {
        _id: expect.any(String),
        savedAt: '2027-06-01T00:00:00.000Z',
        savedBy: managerName,
        replacedBy: managerName,
        title: postFields.title,
        author: postFields.author,
        text: postFields.text,
        imageAlt: postFields.imageAlt,
      },
    ]);

    setClock(() => Date.parse('2027-06-03T00:00:00Z'));
    const restored = await api.post(`${path}/revisions/${revisions.body[1]._id}/restore`, { token: manager });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ _id: post._id, title: postFields.title, text: postFields.text, image: post.image });
    expect((await api.get(path)).body.title).toBe(postFields.title);
    const after = (await api.get(`${path}/revisions`, { token: manager })).body;
    expect(after).toHaveLength(3);
    expect(after[0]).toMatchObject({ title: 'Third title', text: 'Third text', savedBy: 'Hine Second Manager', replacedBy: managerName });
    // Restoring the words that are already current (the first version's, just restored) keeps no version.
    const again = await api.post(`${path}/revisions/${after[2]._id}/restore`, { token: manager });
    expect(again.body.title).toBe(postFields.title);
    expect((await api.get(`${path}/revisions`, { token: manager })).body).toHaveLength(3);
  });

  it('keeps the last 10 versions only', async () => {
    const post = (await createPost()).body;
    for (let n = 1; n <= 12; n += 1) {
      setClock(() => Date.parse('2027-07-01T00:00:00Z') + n * 1000);
      await patch(`/api/content/blog/${post._id}`, { title: `Title ${n}` });
    }
    const revisions = (await api.get(`/api/content/blog/${post._id}/revisions`, { token: manager })).body;
    expect(revisions.map((row: { title: string }) => row.title)).toEqual([
      'Title 11',
      'Title 10',
      'Title 9',
      'Title 8',
      'Title 7',
      'Title 6',
      'Title 5',
      'Title 4',
      'Title 3',
      'Title 2',
    ]);
  });

  it('restores a feature revision, and answers 404 for a revision of another record or none', async () => {
    const feature = (await createFeature()).body;
    const other = (await createPost()).body;
    await patch(`/api/content/feature/${feature._id}`, { title: 'Renamed' });
    await patch(`/api/content/blog/${other._id}`, { title: 'Renamed post' });
    const [revision] = (await api.get(`/api/content/feature/${feature._id}/revisions`, { token: manager })).body;
    const [otherRevision] = (await api.get(`/api/content/blog/${other._id}/revisions`, { token: manager })).body;
    expect((await api.post(`/api/content/feature/${feature._id}/revisions/${revision._id}/restore`, { token: manager })).body.title).toBe(featureFields.title);
    const wrong = await api.post(`/api/content/feature/${feature._id}/revisions/${otherRevision._id}/restore`, { token: manager });
    expect(wrong.status).toBe(404);
    expect(wrong.body).toEqual({ errors: [{ msg: 'Revision not found', code: 'not_found' }] });
    const made = await api.post(`/api/content/blog/${other._id}/revisions/not-an-id/restore`, { token: manager });
    expect(made.status).toBe(400);
    expect(made.body.errors[0]).toMatchObject({ param: 'revisionId' });
    expect((await api.get('/api/content/blog/7d1b6a3e-2c55-4a8e-9a51-0d6b2b1f4c10/revisions', { token: manager })).status).toBe(404);
  });

  it('forgets a post’s revisions when the post is deleted', async () => {
    const post = (await createPost()).body;
    await patch(`/api/content/blog/${post._id}`, { title: 'Changed once' });
    expect((await api.delete(`/api/content/blog/${post._id}`, { token: manager })).status).toBe(200);
    expect((await api.get(`/api/content/blog/${post._id}/revisions`, { token: manager })).status).toBe(404);
  });
});

describe('who may edit, preview and restore', () => {
  it('answers 401 without a token, 403 at level 1, and serves level 2', async () => {
    const post = (await createPost()).body;
    const feature = (await createFeature()).body;
    await patch(`/api/content/blog/${post._id}`, { title: 'For a revision' });
    const [revision] = (await api.get(`/api/content/blog/${post._id}/revisions`, { token: manager })).body;
    const routes: [string, string, unknown?][] = [
      ['PATCH', `/api/content/blog/${post._id}`, { title: 'Edited' }],
      ['PATCH', `/api/content/feature/${feature._id}`, { title: 'Edited' }],
      ['GET', `/api/content/blog/${post._id}/revisions`],
      ['GET', `/api/content/feature/${feature._id}/revisions`],
      ['POST', `/api/content/blog/${post._id}/revisions/${revision._id}/restore`],
      ['GET', '/api/content/manage/blog'],
      ['GET', `/api/content/manage/blog/${post._id}`],
      ['GET', '/api/content/manage/feature'],
      ['GET', `/api/content/manage/feature/${feature._id}`],
    ];
    for (const [method, path, json] of routes) {
      const anonymous = await api.request(method, path, { json });
      expect(anonymous.status, `${method} ${path} anonymous`).toBe(401);
      expect(anonymous.body.errors[0].code).toBe('not_signed_in');
      const staff = await api.request(method, path, { json, token: kaimahi });
      expect(staff.status, `${method} ${path} level 1`).toBe(403);
      expect(staff.body.errors[0].code).toBe('forbidden');
      const managerAnswer = await api.request(method, path, { json, token: manager });
      expect(managerAnswer.status, `${method} ${path} level 2`).toBe(200);
    }
    // Nothing changed by the refused ones.
    expect((await api.get(`/api/content/blog/${post._id}`)).body.title).toBe(postFields.title);
  });
});
