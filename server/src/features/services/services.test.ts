import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceCatalogue } from '../../../contract/catalogue';
import { buildUser, startTestServer, type TestApi } from '../../../test/helpers';

let api: TestApi;
beforeAll(async () => {
  api = await startTestServer();
});
afterAll(() => api.close());

describe('GET /api/services', () => {
  it('lists the six services of the catalogue in order, with every field of the spec', async () => {
    const res = await api.get('/api/services');
    expect(res.status).toBe(200);
    expect(res.body.map((service: { key: string }) => service.key)).toEqual([
      'active_rangatahi_project',
      'mobile_rangatahi',
      'musical_therapy',
      'whanau_kai_support',
      'whanau_ora_support',
      'raised_gardens',
    ]);
    for (const service of res.body) {
      for (const field of [
        'key',
        'bg',
        'title',
        'status',
        'statusText',
        'url',
        'enrol',
        'subtitle',
        'actionText',
        'formLabel',
        'icon',
        'descriptionTitle',
        'referralText',
        'description',
        'Sections',
        'extras',
      ]) {
        expect(service, `${service.key}.${field}`).toHaveProperty(field);
      }
      expect(service.description.length).toBeGreaterThan(0);
      expect(service.Sections.length).toBeGreaterThan(0);
    }
    const active = res.body.filter((service: { status: string }) => service.status === 'active').map((s: { key: string }) => s.key);
    expect(active).toEqual(['whanau_ora_support']);
  });

  it('gives whānau ora support the detail route /service/whanau_support and enrol route by key', async () => {
    const res = await api.get('/api/services/whanau_ora_support');
    expect(res.body).toMatchObject({ url: '/service/whanau_support', enrol: '/enrol/whanau_ora_support', bg: 'Whanau' });
  });
});

describe('GET /api/services/{key}', () => {
  it('finds a service by its url name as well as its key', async () => {
    const byUrl = await api.get('/api/services/whanau_support');
    const byKey = await api.get('/api/services/whanau_ora_support');
    expect(byUrl.status).toBe(200);
    expect(byUrl.body).toEqual(byKey.body);
  });

  it('answers 404 in the error shape for an unknown service', async () => {
    const res = await api.get('/api/services/not_a_service');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ errors: [{ msg: 'Service not found', code: 'not_found' }] });
  });
});

describe('PATCH /api/services/{key}', () => {
  it('lets a manager close and reopen enrolment with a status text', async () => {
    const { token } = await buildUser({ access: 2 });
    const closed = await api.patch('/api/services/whanau_support', { token, json: { status: 'inactive', statusText: 'Full until March' } });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ key: 'whanau_ora_support', status: 'inactive', statusText: 'Full until March' });
    expect((await api.get('/api/services/whanau_ora_support')).body.status).toBe('inactive');
    const reopened = await api.patch('/api/services/whanau_ora_support', { token, json: { status: 'active', statusText: '' } });
    expect(reopened.body).toMatchObject({ status: 'active', statusText: '' });
  });

  it('refuses staff below manager level and anonymous callers', async () => {
    const { token } = await buildUser({ access: 1 });
    expect((await api.patch('/api/services/raised_gardens', { token, json: { status: 'active' } })).status).toBe(403);
    expect((await api.patch('/api/services/raised_gardens', { json: { status: 'active' } })).status).toBe(401);
    expect((await api.get('/api/services/raised_gardens')).body.status).toBe('inactive');
  });

  it('lists every bad field at once and changes nothing', async () => {
    const { token } = await buildUser({ access: 2 });
    const res = await api.patch('/api/services/raised_gardens', { token, json: { status: 'open', statusText: 'x'.repeat(201) } });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((error: { param: string }) => error.param).sort()).toEqual(['status', 'statusText']);
    expect((await api.get('/api/services/raised_gardens')).body.status).toBe('inactive');
  });

  it('keeps a manager-set status when the catalogue is seeded again at the next start', async () => {
    const { token } = await buildUser({ access: 2 });
    await api.patch('/api/services/musical_therapy', { token, json: { status: 'active' } });
    const { seedServices } = await import('../../db/seed');
    await seedServices();
    const res = await api.get('/api/services/musical_therapy');
    expect(res.body.status).toBe('active');
    expect(res.body.title).toBe(serviceCatalogue.find((s) => s.key === 'musical_therapy')?.title);
  });
});

describe('caching of the services list', () => {
  it('answers a repeat with the same ETag with 304, and a change with a new body', async () => {
    const first = await api.get('/api/services');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const repeat = await api.get('/api/services', { headers: { 'if-none-match': etag ?? '', 'cache-control': 'max-age=0' } });
    expect(repeat.status).toBe(304);
    expect(repeat.text).toBe('');
    const { token } = await buildUser({ access: 2 });
    await api.patch('/api/services/whanau_kai_support', { token, json: { statusText: 'Back in the new year' } });
    const changed = await api.get('/api/services', { headers: { 'if-none-match': etag ?? '', 'cache-control': 'max-age=0' } });
    expect(changed.status).toBe(200);
    expect(changed.body.find((s: { key: string }) => s.key === 'whanau_kai_support').statusText).toBe('Back in the new year');
  });
});

describe('unknown service keys', () => {
  it('answers any unknown key with 404, however long', async () => {
    expect((await api.get(`/api/services/${'x'.repeat(500)}`)).status).toBe(404);
  });
});
