import fs from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, startTestServer, type TestApi } from '../../../test/helpers';
import { Image } from '../../db/models/image';
import { TeamMember } from '../../db/models/team-member';
import { uploadsRoot } from '../../lib/images';
import { buildGif, buildPhoto } from './content.fixtures';

let api: TestApi;
let manager: string;
let kaimahi: string;
let photo: Buffer;
beforeAll(async () => {
  api = await startTestServer();
  manager = (await buildUser({ access: 2 })).token;
  kaimahi = (await buildUser({ access: 1 })).token;
  photo = await buildPhoto(1200, 1500);
});
afterAll(() => api.close());

function form(fields: Record<string, string>, image?: Buffer): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  if (image) body.append('image', new Blob([image], { type: 'image/jpeg' }), 'photo.jpg');
  return body;
}

const addMember = (fields: Record<string, string>, image?: Buffer, token = manager) => api.post('/api/content/team', { token, body: form(fields, image) });
const team = async () => (await api.get('/api/content/team')).body as { _id: string; name: string; order: number; image: { src: string } | null }[];
const names = async () => (await team()).map((member) => member.name);
const leftoverUploads = () => (fs.existsSync(uploadsRoot()) ? fs.readdirSync(uploadsRoot()) : []);
const unknownId = '7d1b6a3e-2c55-4a8e-9a51-0d6b2b1f4c10';

describe('the team (KAITIAKI)', () => {
  it('is an empty list on a fresh install', async () => {
    const res = await api.get('/api/content/team');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it('lets a manager add a member with a photo: 201 with the member, the photo in three sizes', async () => {
    const res = await addMember(
      { name: 'Aroha Ngata', role: 'Kaiwhakahaere', bio: 'Aroha leads the trust.\nShe is from Ngāi Tahu.', imageAlt: 'Aroha smiling in front of the whare' },
      photo,
    );
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Aroha Ngata',
      role: 'Kaiwhakahaere',
      bio: 'Aroha leads the trust.\nShe is from Ngāi Tahu.',
      image: {
        src: expect.stringMatching(new RegExp(`^/api/content/team/${res.body._id}/image\\?v=[0-9a-f-]{36}$`)),
        alt: 'Aroha smiling in front of the whare',
        width: 1200,
        height: 1500,
      },
      order: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const small = await api.get(`${res.body.image.src}&size=small`);
    expect(small.status).toBe(200);
    expect(small.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await sharp(small.bytes).metadata()).toMatchObject({ format: 'webp', width: 480 });
    // Without the version it is the current photo, checked each time.
    const current = await api.get(`/api/content/team/${res.body._id}/image?size=small`);
    expect(current.status).toBe(200);
    expect(current.headers.get('cache-control')).toBe('no-cache');
    expect(leftoverUploads()).toEqual([]);
  });

  it('adds a member without a photo, and puts new members last unless told where', async () => {
    const res = await addMember({ name: 'Hemi Walker', role: 'Kaimahi' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Hemi Walker', role: 'Kaimahi', bio: '', image: null, order: 1 });
    const first = await addMember({ name: 'Mere Tuhiwai', order: '0' });
    expect(first.body.order).toBe(0);
    expect(await names()).toEqual(['Mere Tuhiwai', 'Aroha Ngata', 'Hemi Walker']);
    expect((await team()).map((member) => member.order)).toEqual([0, 1, 2]);
  });

  it('requires a description with a photo, and lists it with the other problems, storing nothing', async () => {
    const before = { members: await TeamMember.count(), images: await Image.count() };
    const res = await addMember({ name: '', role: 'x'.repeat(201), order: '-1' }, photo);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { msg: 'Name is required', code: 'required', param: 'name' },
      { msg: 'Role must be at most 200 characters', code: 'too_long', param: 'role' },
      { msg: 'Order must be at least 0', code: 'too_small', limit: 0, param: 'order' },
    ]);
    const noAlt = await addMember({ name: 'Tama' }, photo);
    expect(noAlt.status).toBe(400);
    expect(noAlt.body.errors).toEqual([{ msg: 'Image description is required with a photo', code: 'required', param: 'imageAlt' }]);
    expect({ members: await TeamMember.count(), images: await Image.count() }).toEqual(before);
    expect(leftoverUploads()).toEqual([]);
  });

  it('refuses a picture that is not a JPEG, PNG or WebP, JSON in place of a form, and anyone but a manager', async () => {
    const before = await TeamMember.count();
    const gif = await addMember({ name: 'Tama', imageAlt: 'Tama' }, await buildGif());
    expect(gif.status).toBe(415);
    expect(gif.body.errors[0]).toMatchObject({ code: 'invalid_image', param: 'image' });
    const json = await api.post('/api/content/team', { token: manager, json: { name: 'Tama' } });
    expect(json.status).toBe(415);
    expect((await addMember({ name: 'Tama' }, undefined, '')).status).toBe(401);
    expect((await addMember({ name: 'Tama' }, undefined, kaimahi)).status).toBe(403);
    expect(await TeamMember.count()).toBe(before);
  });

  it('edits a member’s text with JSON, reorders, and keeps the photo', async () => {
    const [mere, aroha] = await team();
    const res = await api.patch(`/api/content/team/${aroha?._id}`, { token: manager, json: { role: 'Chair', order: 5 } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Aroha Ngata', role: 'Chair', order: 2, image: aroha?.image });
    expect(await names()).toEqual(['Mere Tuhiwai', 'Hemi Walker', 'Aroha Ngata']);
    const moved = await api.patch(`/api/content/team/${aroha?._id}`, { token: manager, json: { order: 0 } });
    expect(moved.body.order).toBe(0);
    expect(await names()).toEqual(['Aroha Ngata', 'Mere Tuhiwai', 'Hemi Walker']);
    expect((await team()).find((member) => member._id === mere?._id)?.order).toBe(1);
  });

  it('replaces a photo with a new address, and the old sizes are gone', async () => {
    const aroha = (await team()).find((member) => member.name === 'Aroha Ngata');
    const oldSrc = aroha?.image?.src ?? '';
    const res = await api.patch(`/api/content/team/${aroha?._id}`, {
      token: manager,
      body: form({ imageAlt: 'Aroha at the marae' }, await buildPhoto(800, 800, 'png')),
    });
    expect(res.status).toBe(200);
    expect(res.body.image).toMatchObject({ alt: 'Aroha at the marae', width: 800, height: 800 });
    expect(res.body.image.src).not.toBe(oldSrc);
    expect((await api.get(`${oldSrc}&size=small`)).status).toBe(404);
    expect((await api.get(`${res.body.image.src}&size=small`)).status).toBe(200);
    expect(await Image.count({ where: { ownerId: new URL(oldSrc, api.base).searchParams.get('v') ?? '' } })).toBe(0);
  });

  it('refuses to clear the description while the photo stays, and removes the photo on request', async () => {
    const aroha = (await team()).find((member) => member.name === 'Aroha Ngata');
    const imageId = new URL(aroha?.image?.src ?? '', api.base).searchParams.get('v') ?? '';
    const clear = await api.patch(`/api/content/team/${aroha?._id}`, { token: manager, json: { imageAlt: '' } });
    expect(clear.status).toBe(400);
    expect(clear.body.errors).toEqual([{ msg: 'Image description is required with a photo', code: 'required', param: 'imageAlt' }]);
    const removed = await api.patch(`/api/content/team/${aroha?._id}`, { token: manager, json: { removeImage: true } });
    expect(removed.status).toBe(200);
    expect(removed.body.image).toBeNull();
    expect(await Image.count({ where: { ownerId: imageId } })).toBe(0);
    expect((await api.get(`/api/content/team/${aroha?._id}/image`)).status).toBe(404);
  });

  it('refuses bad edits whole: nothing is half-written', async () => {
    const hemi = (await team()).find((member) => member.name === 'Hemi Walker');
    const before = await team();
    const bad = await api.patch(`/api/content/team/${hemi?._id}`, { token: manager, json: { name: 'Renamed', order: 'first', bio: 7 } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      { msg: 'Bio must be text', code: 'invalid_type', param: 'bio' },
      { msg: 'Order must be a number', code: 'invalid_type', param: 'order' },
    ]);
    const nothing = await api.patch(`/api/content/team/${hemi?._id}`, { token: manager, json: {} });
    expect(nothing.status).toBe(400);
    expect(nothing.body.errors[0].code).toBe('bad_request');
    const emptyForm = await api.patch(`/api/content/team/${hemi?._id}`, { token: manager, body: form({}) });
    expect(emptyForm.status).toBe(400);
    expect(await team()).toEqual(before);
  });

  it('refuses a removeImage that is not true or false, and a former service sent as a form', async () => {
    const hemi = (await team()).find((member) => member.name === 'Hemi Walker');
    const res = await api.patch(`/api/content/team/${hemi?._id}`, { token: manager, json: { removeImage: 'yes' } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ msg: 'Remove image must be true or false', code: 'invalid_value', param: 'removeImage' }]);
    const asForm = await api.post('/api/content/former-services', {
      token: manager,
      body: 'title=Kapa haka',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(asForm.status).toBe(415);
    expect(asForm.body.errors[0].code).toBe('unsupported_media_type');
  });

  it('answers 404 for unknown and made-up ids, after checking who asks', async () => {
    for (const id of [unknownId, 'not-a-member']) {
      const patch = await api.patch(`/api/content/team/${id}`, { token: manager, json: { name: 'X' } });
      expect(patch.status).toBe(404);
      expect(patch.body).toEqual({ errors: [{ msg: 'Team member not found', code: 'not_found' }] });
      expect((await api.delete(`/api/content/team/${id}`, { token: manager })).status).toBe(404);
      expect((await api.get(`/api/content/team/${id}/image`)).status).toBe(404);
      expect((await api.patch(`/api/content/team/${id}`, { token: kaimahi, json: { name: 'X' } })).status).toBe(403);
      expect((await api.delete(`/api/content/team/${id}`)).status).toBe(401);
    }
  });

  it('deletes a member with its photo and closes the gap', async () => {
    const added = await addMember({ name: 'Wiremu', imageAlt: 'Wiremu at work', order: '1' }, photo);
    const imageId = new URL(added.body.image.src, api.base).searchParams.get('v') ?? '';
    expect(await Image.count({ where: { ownerId: imageId } })).toBe(3);
    const res = await api.delete(`/api/content/team/${added.body._id}`, { token: manager });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ msg: 'Team member deleted' });
    expect(await Image.count({ where: { ownerId: imageId } })).toBe(0);
    expect((await team()).map((member) => member.order)).toEqual([0, 1, 2]);
    expect((await api.delete(`/api/content/team/${added.body._id}`, { token: manager })).status).toBe(404);
  });
});

describe('former services', () => {
  const list = async () => (await api.get('/api/content/former-services')).body as { _id: string; title: string; order: number }[];

  it('starts empty, then lists what managers add in their order', async () => {
    expect(await list()).toEqual([]);
    const first = await api.post('/api/content/former-services', {
      token: manager,
      json: { title: 'Kōhanga reo', years: '1990–2004', text: 'A language nest for tamariki.' },
    });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      title: 'Kōhanga reo',
      years: '1990–2004',
      text: 'A language nest for tamariki.',
      order: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    await api.post('/api/content/former-services', { token: manager, json: { title: 'Homework club' } });
    await api.post('/api/content/former-services', { token: manager, json: { title: 'Kapa haka rōpū', order: 1 } });
    expect((await list()).map((item) => item.title)).toEqual(['Kōhanga reo', 'Kapa haka rōpū', 'Homework club']);
  });

  it('edits and reorders, refusing bad input whole', async () => {
    const [kohanga] = await list();
    const res = await api.patch(`/api/content/former-services/${kohanga?._id}`, { token: manager, json: { years: '1990–2005', order: 2 } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: 'Kōhanga reo', years: '1990–2005', order: 2 });
    expect((await list()).map((item) => item.title)).toEqual(['Kapa haka rōpū', 'Homework club', 'Kōhanga reo']);
    const before = await list();
    const bad = await api.patch(`/api/content/former-services/${kohanga?._id}`, { token: manager, json: { title: '  ', years: 'y'.repeat(61), order: 1.5 } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      { msg: 'Title is required', code: 'required', param: 'title' },
      { msg: 'Years must be at most 60 characters', code: 'too_long', param: 'years' },
      { msg: 'Order must be a whole number', code: 'not_integer', param: 'order' },
    ]);
    expect(await list()).toEqual(before);
  });

  it('refuses a new one without a title, and anyone but a manager', async () => {
    const before = await list();
    const none = await api.post('/api/content/former-services', { token: manager, json: { years: '2001' } });
    expect(none.status).toBe(400);
    expect(none.body.errors).toEqual([{ msg: 'Title is required', code: 'required', param: 'title' }]);
    expect((await api.post('/api/content/former-services', { json: { title: 'X' } })).status).toBe(401);
    expect((await api.post('/api/content/former-services', { token: kaimahi, json: { title: 'X' } })).status).toBe(403);
    expect((await api.patch(`/api/content/former-services/${before[0]?._id}`, { token: kaimahi, json: { title: 'X' } })).status).toBe(403);
    expect(await list()).toEqual(before);
  });

  it('deletes one and closes the gap; unknown and made-up ids are 404', async () => {
    const [first] = await list();
    const res = await api.delete(`/api/content/former-services/${first?._id}`, { token: manager });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ msg: 'Former service deleted' });
    expect((await list()).map((item) => item.order)).toEqual([0, 1]);
    for (const id of [first?._id, unknownId, 'made-up']) {
      const again = await api.patch(`/api/content/former-services/${id}`, { token: manager, json: { title: 'X' } });
      expect(again.status).toBe(404);
      expect(again.body).toEqual({ errors: [{ msg: 'Former service not found', code: 'not_found' }] });
      expect((await api.delete(`/api/content/former-services/${id}`, { token: manager })).status).toBe(404);
    }
  });

  it('answers 304 while the list is unchanged', async () => {
    const first = await api.get('/api/content/former-services');
    const etag = first.headers.get('etag') ?? '';
    expect((await api.get('/api/content/former-services', { headers: { 'if-none-match': etag, 'cache-control': 'max-age=0' } })).status).toBe(304);
  });
});
