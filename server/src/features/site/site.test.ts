import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceCatalogue } from '../../../contract/catalogue';
import { siteFields } from '../../../contract/site';
import { buildUser, startTestServer, type TestApi } from '../../../test/helpers';
import { AuditEvent } from '../../db/models/audit-event';
import { SiteSettings } from '../../db/models/site-settings';

let api: TestApi;
let manager: { token: string; id: string; name: string };
let kaimahi: string;
beforeAll(async () => {
  api = await startTestServer();
  const built = await buildUser({ access: 2, name: 'Mere Manager' });
  manager = { token: built.token, id: built.user.id, name: built.user.name };
  kaimahi = (await buildUser({ access: 1 })).token;
});
afterAll(() => api.close());

const emptySite = Object.fromEntries(siteFields.map((field) => [field, null]));

const details = {
  name: 'Te Whare Manaaki Trust',
  phone: '03 381 2345',
  email: 'kiaora@tewhare.org.nz',
  address: '12 Ferry Road\nWoolston\nŌtautahi 8023',
  postalAddress: 'PO Box 7123, Ōtautahi 8240',
  charityNumber: 'CC51234',
  donateUrl: 'https://givealittle.co.nz/org/te-whare',
  socialUrl: 'https://www.facebook.com/tewhare',
  privacyOfficer: 'Hemi Walker, Privacy Officer',
  hours: 'Mon–Fri 9am–5pm',
};

const siteEvents = () => AuditEvent.findAll({ where: { entity: 'site' }, order: [['seq', 'ASC']] });

// One file, in order: a fresh install first, then changes.
describe('the trust’s own details', () => {
  it('are empty on a fresh install: every field null, nothing invented', async () => {
    const res = await api.get('/api/site');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(emptySite);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('etag')).toMatch(/^"/);
  });

  it('are not written into the seeded service texts either: those link to the Contact page', async () => {
    const seeded = JSON.stringify((await api.get('/api/services')).body);
    expect(seeded).toContain('](/contact)');
    for (const text of [seeded, JSON.stringify(serviceCatalogue)]) {
      expect(text).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/);
      expect(text).not.toMatch(/\b0\d{1,3}[ -]?\d{3}[ -]?\d{3,4}\b/);
    }
  });

  it('refuses anyone but a manager, writing nothing', async () => {
    expect((await api.patch('/api/site', { json: { name: 'X' } })).status).toBe(401);
    const asKaimahi = await api.patch('/api/site', { token: kaimahi, json: { name: 'X' } });
    expect(asKaimahi.status).toBe(403);
    expect(asKaimahi.body).toEqual({ errors: [{ msg: 'You do not have access to this', code: 'forbidden' }] });
    expect((await api.get('/api/site')).body).toEqual(emptySite);
    expect(await siteEvents()).toHaveLength(0);
  });

  it('lets a manager set them, audited by field name without the values', async () => {
    const res = await api.patch('/api/site', { token: manager.token, json: { ...details, _id: 'x', createdAt: '2000-01-01' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(details);
    expect((await api.get('/api/site')).body).toEqual(details);

    const [event, ...others] = await siteEvents();
    expect(others).toHaveLength(0);
    expect(event).toMatchObject({ actorId: manager.id, actorName: manager.name, action: 'update', entity: 'site' });
    expect([...(event?.fields ?? [])].sort()).toEqual([...siteFields].sort());
    expect(JSON.stringify(event)).not.toContain('givealittle');
  });

  it('changes only the fields sent, records only those that changed, and clears with "" or null', async () => {
    const res = await api.patch('/api/site', { token: manager.token, json: { phone: '+64 3 381 2345', name: details.name, hours: '', socialUrl: null } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...details, phone: '+64 3 381 2345', hours: null, socialUrl: null });
    const events = await siteEvents();
    expect(events).toHaveLength(2);
    expect([...(events[1]?.fields ?? [])].sort()).toEqual(['hours', 'phone', 'socialUrl']);

    // A save that changes nothing writes no event.
    expect((await api.patch('/api/site', { token: manager.token, json: { name: details.name } })).status).toBe(200);
    expect(await siteEvents()).toHaveLength(2);
  });

  it('answers 304 to a copy that is still current, and a new ETag after a change', async () => {
    const first = await api.get('/api/site');
    const etag = first.headers.get('etag') ?? '';
    const again = await api.get('/api/site', { headers: { 'if-none-match': etag, 'cache-control': 'max-age=0' } });
    expect(again.status).toBe(304);
    await api.patch('/api/site', { token: manager.token, json: { hours: 'Mon–Thu 9am–3pm' } });
    const changed = await api.get('/api/site', { headers: { 'if-none-match': etag, 'cache-control': 'max-age=0' } });
    expect(changed.status).toBe(200);
    expect(changed.body.hours).toBe('Mon–Thu 9am–3pm');
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  it('lists every bad field at once and writes none of them', async () => {
    const before = (await api.get('/api/site')).body;
    const eventsBefore = (await siteEvents()).length;
    const res = await api.patch('/api/site', {
      token: manager.token,
      json: {
        name: 'A new name that must not be saved',
        phone: '12345',
        email: 'not-an-email',
        donateUrl: 'http://givealittle.co.nz/org/te-whare',
        socialUrl: 'javascript:alert(1)',
        charityNumber: 'x'.repeat(41),
        privacyOfficer: 42,
        hours: 'Open\u202eevery day',
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { msg: 'Phone number must be a New Zealand number, like 03 123 4567 or +64 3 123 4567', code: 'invalid_phone', param: 'phone' },
        { msg: 'Please include a valid email', code: 'invalid_email', param: 'email' },
        { msg: 'Donate link must be a secure web address starting with https://', code: 'invalid_format', param: 'donateUrl' },
        { msg: 'Social media link must be a secure web address starting with https://', code: 'invalid_format', param: 'socialUrl' },
        { msg: 'Charity number must be at most 40 characters', code: 'too_long', limit: 40, param: 'charityNumber' },
        { msg: 'Privacy officer must be text', code: 'invalid_type', param: 'privacyOfficer' },
        { msg: 'Opening hours cannot contain control or invisible characters', code: 'invalid_value', param: 'hours' },
      ]),
    );
    expect(res.body.errors).toHaveLength(7);
    expect((await api.get('/api/site')).body).toEqual(before);
    expect(await siteEvents()).toHaveLength(eventsBefore);
  });

  it('accepts the ways New Zealand numbers are written, and refuses others', async () => {
    for (const phone of ['03 381 2345', '(03) 381-2345', '021 123 4567', '0800 123 456', '+64 21 123 4567', '+6433812345']) {
      const res = await api.patch('/api/site', { token: manager.token, json: { phone } });
      expect(res.status, phone).toBe(200);
      expect(res.body.phone).toBe(phone);
    }
    for (const phone of ['381 2345', '+61 2 9876 5432', '03 381 2345 ext 4', '0012345678', '03-38', '+64', '0'.repeat(12)]) {
      const res = await api.patch('/api/site', { token: manager.token, json: { phone } });
      expect(res.status, phone).toBe(400);
      expect(res.body.errors[0]).toMatchObject({ code: 'invalid_phone', param: 'phone' });
    }
  });

  it('refuses an empty change, a body that is not JSON, and a body that is not an object', async () => {
    const empty = await api.patch('/api/site', { token: manager.token, json: { colour: 'red' } });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({
      errors: [
        {
          msg: 'Change at least one of: name, phone, email, address, postalAddress, charityNumber, donateUrl, socialUrl, privacyOfficer, hours',
          code: 'bad_request',
        },
      ],
    });
    const text = await api.patch('/api/site', { token: manager.token, body: 'name=X', headers: { 'content-type': 'text/plain' } });
    expect(text.status).toBe(415);
    expect(text.body.errors[0].code).toBe('unsupported_media_type');
    const broken = await api.patch('/api/site', { token: manager.token, body: '{"name":', headers: { 'content-type': 'application/json' } });
    expect(broken.status).toBe(400);
    const list = await api.patch('/api/site', { token: manager.token, json: ['name'] });
    expect(list.status).toBe(400);
    expect(await SiteSettings.count()).toBe(1);
  });
});
