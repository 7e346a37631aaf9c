import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceCatalogue } from '../../../contract/catalogue';
import { buildUser, startTestServer, type TestApi } from '../../../test/helpers';
import { Service } from '../../db/models/service';

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

describe('PUT /api/services/{key}/texts', () => {
  const catalogueEntry = (key: string) => {
    const entry = serviceCatalogue.find((service) => service.key === key);
    if (!entry) throw new Error(`no ${key} in the catalogue`);
    return entry;
  };
  const textsOf = (key: string) => {
    const { title, subtitle, actionText, formLabel, descriptionTitle, referralText, description, Sections, extras } = catalogueEntry(key);
    return { title, subtitle, actionText, formLabel, descriptionTitle, referralText, description, Sections, extras };
  };
  const put = (key: string, json: unknown, token?: string) => api.request('PUT', `/api/services/${key}/texts`, { json, ...(token && { token }) });

  it('answers 401 without a token and 403 at level 1, and changes nothing', async () => {
    const body = { en: { ...textsOf('raised_gardens'), title: 'Māra Kai' }, mi: {} };
    expect((await put('raised_gardens', body)).status).toBe(401);
    const refused = await put('raised_gardens', body, (await buildUser({ access: 1 })).token);
    expect(refused.status).toBe(403);
    expect(refused.body.errors).toEqual([expect.objectContaining({ msg: expect.any(String) })]);
    expect((await api.get('/api/services/raised_gardens')).body.title).toBe('Raised Gardens');
  });

  it('saves a page in English and te reo Māori; visitors read both, and the next start keeps them', async () => {
    const { token } = await buildUser({ access: 2 });
    const en = { ...textsOf('whanau_kai_support'), subtitle: 'Food parcels for whānau who need a hand' };
    const mi = { title: 'Tautoko Kai ā-Whānau', subtitle: 'He pēke kai mō ngā whānau', Sections: [{ title: 'Mō wai', bullets: [] }] };
    const res = await put('whanau_kai_support', { en, mi }, token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      key: 'whanau_kai_support',
      status: 'inactive',
      subtitle: en.subtitle,
      mi: { title: mi.title, subtitle: mi.subtitle, Sections: [{ title: 'Mō wai' }] },
    });
    // An empty Māori list is the same as none: the English shows.
    expect(res.body.mi.Sections[0].bullets).toBeUndefined();
    const listed = (await api.get('/api/services')).body.find((service: { key: string }) => service.key === 'whanau_kai_support');
    expect(listed).toEqual(res.body);

    const { seedServices } = await import('../../db/seed');
    await seedServices();
    expect((await api.get('/api/services/whanau_kai_support')).body).toMatchObject({ subtitle: en.subtitle, mi: { title: mi.title } });
  });

  it('keeps a page nobody has edited in step with the catalogue at the next start', async () => {
    await Service.update({ subtitle: 'An older catalogue’s subtitle' }, { where: { key: 'mobile_rangatahi' } });
    const { seedServices } = await import('../../db/seed');
    await seedServices();
    expect((await api.get('/api/services/mobile_rangatahi')).body).toMatchObject({ subtitle: catalogueEntry('mobile_rangatahi').subtitle, mi: {} });
  });

  it('lists every problem of a bad edit in the error shape, and changes nothing', async () => {
    const { token } = await buildUser({ access: 2 });
    const before = (await Service.findByPk('musical_therapy'))?.toJSON();
    const res = await put(
      'musical_therapy',
      {
        en: { ...textsOf('musical_therapy'), title: ' ', description: [], Sections: [{ markUp: 'yes', bullets: ['ok'] }] },
        mi: { subtitle: 'x'.repeat(201), Sections: [{}, {}] },
      },
      token,
    );
    expect(res.status).toBe(400);
    expect(res.body.errors.map((error: { param?: string }) => error.param).sort()).toEqual(
      ['en.title', 'en.description', 'en.Sections.0.markUp', 'mi.subtitle', 'mi.Sections'].sort(),
    );
    expect((await Service.findByPk('musical_therapy'))?.toJSON()).toEqual(before);
    expect((await put('musical_therapy', { en: textsOf('musical_therapy') }, token)).body.errors).toEqual([expect.objectContaining({ param: 'mi' })]);
    expect((await put('no_such_service', { en: textsOf('musical_therapy'), mi: {} }, token)).status).toBe(404);
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
