import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { ApiErrorItem } from '../../../contract/errors';
import type { InferCreationAttributes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceCatalogue } from '../../../contract/catalogue';
import { IdSchema } from '../../../contract/common';
import { collectionStatement, earlierStatementVersions, enrolmentReference } from '../../../contract/enrolments';
import { limits } from '../../../contract/limits';
import { buildUser, startTestServer, type TestApi } from '../../../test/helpers';
import { Enrolment } from '../../db/models/enrolment';
import { Operation } from '../../db/models/operation';

let api: TestApi;
let managerToken: string;
beforeAll(async () => {
  api = await startTestServer();
  managerToken = (await buildUser({ access: 2 })).token;
});
afterAll(() => api.close());

const openService = 'whanau_ora_support';
const allServices = serviceCatalogue.map((service) => service.key);

/** A complete, valid enrolment as the form sends it. */
function anEnrolment(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    _id: crypto.randomUUID(),
    serviceKey: openService,
    givenName: 'Mere',
    familyName: 'Parata',
    dateOfBirth: '1988-04-01',
    phone: '021 555 0101',
    email: 'mere.parata@example.org',
    suburb: 'Aranui',
    iwi: 'Ngāi Tahu',
    householdSize: 4,
    preferredContact: 'phone',
    message: 'Kia ora, we would like some support for our whānau.',
    consent: true,
    statementVersion: collectionStatement.version,
    ...overrides,
  };
}

function without(body: Record<string, unknown>, ...fields: string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([field]) => !fields.includes(field)));
}

const rowsWithId = (id: unknown) => Enrolment.count({ where: { id: String(id) } });
const recordsWithId = (id: unknown) => Operation.count({ where: { id: String(id) } });

async function setServiceStatus(key: string, status: string, statusText = ''): Promise<void> {
  const res = await api.patch(`/api/services/${key}`, { token: managerToken, json: { status, statusText } });
  expect(res.status).toBe(200);
}

/** The date `days` from today (UTC) as YYYY-MM-DD. */
function dayFromToday(days: number): string {
  return new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** POST from a given local address, so the per-IP rate limit can be tested without touching other tests' allowance. */
function postFrom(localAddress: string, json: unknown): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: any }> {
  const payload = JSON.stringify(json);
  return new Promise((resolve, reject) => {
    const request = http.request(
      new URL('/api/enrolments', api.base),
      { method: 'POST', localAddress, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text ? JSON.parse(text) : undefined }));
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

describe('POST /api/enrolments', () => {
  it('accepts an enrolment with 201 and a receipt, and stores what was sent', async () => {
    const sent = anEnrolment({ givenName: '  Mere ', email: ' mere.parata@example.org ' });
    const before = Date.now();
    const res = await api.post('/api/enrolments', { json: sent });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ _id: sent._id, status: 'new', receivedAt: expect.any(String), reference: enrolmentReference(String(sent._id)) });
    expect(Object.keys(res.body)).toEqual(['_id', 'status', 'receivedAt', 'reference']);
    expect(res.body.reference).toMatch(/^WH-[0-9A-F]{4}-[0-9A-F]{4}$/);
    expect(new Date(res.body.receivedAt).toISOString()).toBe(res.body.receivedAt);
    expect(Date.parse(res.body.receivedAt)).toBeGreaterThanOrEqual(before - 1000);

    const row = await Enrolment.findByPk(String(sent._id));
    expect(row?.get({ plain: true })).toMatchObject({
      serviceKey: openService,
      clientId: null,
      givenName: 'Mere',
      familyName: 'Parata',
      dateOfBirth: '1988-04-01',
      phone: '021 555 0101',
      email: 'mere.parata@example.org',
      suburb: 'Aranui',
      iwi: 'Ngāi Tahu',
      householdSize: 4,
      preferredContact: 'phone',
      status: 'new',
      source: 'online',
      consentStatementVersion: collectionStatement.version,
    });
    expect(row?.consentedAt.toISOString()).toBe(res.body.receivedAt);
    expect(row?.receivedAt.toISOString()).toBe(res.body.receivedAt);
    expect(await recordsWithId(sent._id)).toBe(1);
  });

  it('accepts an enrolment agreed under an earlier wording of the privacy statement, and stores that version', async () => {
    // It may have waited on a phone with no signal while the wording changed.
    const sent = anEnrolment({ statementVersion: earlierStatementVersions[0] });
    const res = await api.post('/api/enrolments', { json: sent });
    expect(res.status).toBe(201);
    const row = await Enrolment.findByPk(String(sent._id));
    expect(row?.consentStatementVersion).toBe('2026-11-01');
    expect(earlierStatementVersions).not.toContain(collectionStatement.version);
  });

  it('treats empty optional fields as not given', async () => {
    const sent = anEnrolment({ email: '', dateOfBirth: '', suburb: '   ', iwi: null, householdSize: null, message: '' });
    const res = await api.post('/api/enrolments', { json: sent });
    expect(res.status).toBe(201);
    const row = await Enrolment.findByPk(String(sent._id));
    expect(row?.get({ plain: true })).toMatchObject({ email: null, dateOfBirth: null, suburb: null, iwi: null, householdSize: null, message: null });
  });

  it('answers a resend with the same status and the byte-identical body, and keeps one row', async () => {
    const sent = anEnrolment();
    const first = await api.post('/api/enrolments', { json: sent });
    // The same body with its keys in another order is the same request.
    const reordered = Object.fromEntries(Object.entries(sent).reverse());
    const second = await api.post('/api/enrolments', { json: reordered });
    const third = await api.post('/api/enrolments', { json: sent });
    expect(first.status).toBe(201);
    for (const resend of [second, third]) {
      expect(resend.status).toBe(201);
      expect(resend.text).toBe(first.text);
    }
    expect(await rowsWithId(sent._id)).toBe(1);
    expect(await recordsWithId(sent._id)).toBe(1);
  });

  it('treats an id in capitals as the same id', async () => {
    const id = crypto.randomUUID();
    const sent = anEnrolment({ _id: id.toUpperCase() });
    const first = await api.post('/api/enrolments', { json: sent });
    expect(first.status).toBe(201);
    expect(first.body._id).toBe(id);
    const resend = await api.post('/api/enrolments', { json: sent });
    expect(resend.text).toBe(first.text);
    expect(await rowsWithId(id)).toBe(1);
  });

  it('answers 409 when the same id comes with a different body, and leaves the row as it was', async () => {
    const sent = anEnrolment();
    const first = await api.post('/api/enrolments', { json: sent });
    expect(first.status).toBe(201);
    const before = (await Enrolment.findByPk(String(sent._id)))?.get({ plain: true });

    const changed = await api.post('/api/enrolments', { json: { ...sent, givenName: 'Hine' } });
    expect(changed.status).toBe(409);
    expect(changed.body).toEqual({ errors: [{ msg: 'This request id was already used for a different request', code: 'request_id_reused' }] });
    // Even a changed body that is also invalid: the id is taken, whatever else is wrong.
    const invalid = await api.post('/api/enrolments', { json: { ...sent, householdSize: 0 } });
    expect(invalid.status).toBe(409);

    expect((await Enrolment.findByPk(String(sent._id)))?.get({ plain: true })).toEqual(before);
    expect(await rowsWithId(sent._id)).toBe(1);
    expect(await recordsWithId(sent._id)).toBe(1);
    // The original body still gets its receipt.
    expect((await api.post('/api/enrolments', { json: sent })).text).toBe(first.text);
  });

  it('makes one row from three sends of the same enrolment at once, and answers each with the same receipt', async () => {
    const sent = anEnrolment();
    const answers = await Promise.all([1, 2, 3].map(() => api.post('/api/enrolments', { json: sent })));
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((answer) => answer.text)).size).toBe(1);
    expect(answers[0]?.body._id).toBe(sent._id);
    expect(await rowsWithId(sent._id)).toBe(1);
    expect(await recordsWithId(sent._id)).toBe(1);
  });

  it('takes twenty different enrolments at once without a server error', async () => {
    const sent = Array.from({ length: 20 }, (_, index) => anEnrolment({ givenName: `Tamaiti ${index}` }));
    const answers = await Promise.all(sent.map((json) => api.post('/api/enrolments', { json })));
    expect(answers.map((answer) => answer.status)).toEqual(sent.map(() => 201));
    expect(await Enrolment.count({ where: { id: sent.map((body) => String(body._id)) } })).toBe(20);
    expect(await Operation.count({ where: { id: sent.map((body) => String(body._id)) } })).toBe(20);
  });

  it('ignores fields a person cannot set: status, source, client and consent time', async () => {
    const sent = anEnrolment({
      status: 'enrolled',
      source: 'staff',
      clientId: crypto.randomUUID(),
      consentedAt: '2001-01-01T00:00:00.000Z',
      reference: 'WH-0000-0000',
    });
    const res = await api.post('/api/enrolments', { json: sent });
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('new');
    expect(res.body.reference).toBe(enrolmentReference(String(sent._id)));
    const row = await Enrolment.findByPk(String(sent._id));
    expect(row?.get({ plain: true })).toMatchObject({ status: 'new', source: 'online', clientId: null });
    expect(row?.consentedAt.toISOString()).toBe(res.body.receivedAt);
  });
});

describe('POST /api/enrolments to a closed service', () => {
  it('refuses with 409 and a clear message, keeps nothing, and accepts the same enrolment once the service reopens', async () => {
    const sent = anEnrolment();
    await setServiceStatus(openService, 'inactive', 'Full until March');
    try {
      const refused = await api.post('/api/enrolments', { json: sent });
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({
        errors: [{ msg: 'Whānau Ora Support is not taking enrolments right now: Full until March', code: 'service_closed', param: 'serviceKey' }],
      });
      expect(await rowsWithId(sent._id)).toBe(0);
      expect(await recordsWithId(sent._id)).toBe(0);
    } finally {
      await setServiceStatus(openService, 'active');
    }
    const accepted = await api.post('/api/enrolments', { json: sent });
    expect(accepted.status).toBe(201);
    expect(accepted.body).toMatchObject({ _id: sent._id, status: 'new' });
    expect(await rowsWithId(sent._id)).toBe(1);
  });

  it('says "Temporarily unavailable" when the service has no status text', async () => {
    const sent = anEnrolment({ serviceKey: 'mobile_rangatahi' });
    const res = await api.post('/api/enrolments', { json: sent });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      errors: [{ msg: 'Mobile Rangatahi is not taking enrolments right now: Temporarily unavailable', code: 'service_closed', param: 'serviceKey' }],
    });
    expect(await rowsWithId(sent._id)).toBe(0);
  });

  it('still gives the receipt for an enrolment received before the service closed', async () => {
    const sent = anEnrolment();
    const first = await api.post('/api/enrolments', { json: sent });
    await setServiceStatus(openService, 'inactive', 'Full until March');
    try {
      const resend = await api.post('/api/enrolments', { json: sent });
      expect(resend.status).toBe(201);
      expect(resend.text).toBe(first.text);
    } finally {
      await setServiceStatus(openService, 'active');
    }
  });

  it('accepts enrolments for a service a manager opened ("live" too)', async () => {
    await setServiceStatus('musical_therapy', 'live');
    try {
      const sent = anEnrolment({ serviceKey: 'musical_therapy' });
      const res = await api.post('/api/enrolments', { json: sent });
      expect(res.status).toBe(201);
      expect((await Enrolment.findByPk(String(sent._id)))?.serviceKey).toBe('musical_therapy');
    } finally {
      await setServiceStatus('musical_therapy', 'inactive', 'All free spaces are taken for now');
    }
  });
});

describe('POST /api/enrolments with bad input', () => {
  it('lists every problem at once, each with its field, and writes nothing', async () => {
    const res = await api.post('/api/enrolments', {
      json: {
        _id: 'not-a-uuid',
        serviceKey: 'not_a_service',
        givenName: '   ',
        dateOfBirth: dayFromToday(3),
        email: 'not-an-email',
        householdSize: 0,
        preferredContact: 'pigeon',
        message: 'x'.repeat(2001),
        consent: false,
        statementVersion: 'the one before',
        status: 'enrolled',
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((error: { param: string }) => error.param).sort()).toEqual(
      [
        '_id',
        'consent',
        'dateOfBirth',
        'email',
        'familyName',
        'givenName',
        'householdSize',
        'message',
        'preferredContact',
        'serviceKey',
        'statementVersion',
      ].sort(),
    );
    for (const error of res.body.errors)
      expect(
        Object.keys(error)
          .filter((key) => key !== 'limit')
          .sort(),
      ).toEqual(['code', 'msg', 'param']);
  });

  const tomorrowAnywhere = dayFromToday(2);
  const cases: [string, Record<string, unknown>, ApiErrorItem[]][] = [
    ['missing given name', without(anEnrolment(), 'givenName'), [{ msg: 'Given name is required', code: 'required', param: 'givenName' }]],
    ['blank family name', anEnrolment({ familyName: '  ' }), [{ msg: 'Family name is required', code: 'required', param: 'familyName' }]],
    [
      'too long a name',
      anEnrolment({ familyName: 'P'.repeat(201) }),
      [{ msg: 'Family name must be at most 200 characters', code: 'too_long', param: 'familyName', limit: 200 }],
    ],
    [
      'neither phone nor email',
      anEnrolment({ phone: '', email: undefined }),
      [
        { msg: 'Give a phone number or an email address', code: 'contact_needed', param: 'phone' },
        { msg: 'To be contacted by phone, give a phone number', code: 'contact_needed', param: 'preferredContact' },
      ],
    ],
    ['a bad email', anEnrolment({ email: 'mere@' }), [{ msg: 'Please give a valid email address', code: 'invalid_email', param: 'email' }]],
    [
      'letters in the phone number',
      anEnrolment({ phone: 'call me' }),
      [{ msg: 'Phone number can only have digits, spaces and + - ( )', code: 'invalid_phone', param: 'phone' }],
    ],
    [
      'too few digits in the phone number',
      anEnrolment({ phone: '555 12' }),
      [{ msg: 'Phone number must have 6 to 20 digits', code: 'invalid_phone', param: 'phone' }],
    ],
    [
      'a date of birth in the future',
      anEnrolment({ dateOfBirth: tomorrowAnywhere }),
      [{ msg: 'Date of birth cannot be in the future', code: 'invalid_date', param: 'dateOfBirth' }],
    ],
    [
      'a date of birth that is not a real date',
      anEnrolment({ dateOfBirth: '2011-02-30' }),
      [{ msg: 'Date of birth is not a real date', code: 'invalid_date', param: 'dateOfBirth' }],
    ],
    [
      'a date of birth in another format',
      anEnrolment({ dateOfBirth: '01/04/1988' }),
      [{ msg: 'Date of birth must be a date like 1990-03-25', code: 'invalid_date', param: 'dateOfBirth' }],
    ],
    [
      'a date of birth before 1900',
      anEnrolment({ dateOfBirth: '1899-12-31' }),
      [{ msg: 'Date of birth cannot be before 1900', code: 'invalid_date', param: 'dateOfBirth' }],
    ],
    [
      'a household of 0',
      anEnrolment({ householdSize: 0 }),
      [{ msg: 'Household size must be at least 1', code: 'too_small', param: 'householdSize', limit: 1 }],
    ],
    [
      'a household of 31',
      anEnrolment({ householdSize: 31 }),
      [{ msg: 'Household size must be at most 30', code: 'too_big', param: 'householdSize', limit: 30 }],
    ],
    [
      'a household of 2.5',
      anEnrolment({ householdSize: 2.5 }),
      [{ msg: 'Household size must be a whole number', code: 'not_integer', param: 'householdSize' }],
    ],
    [
      'a household size as text',
      anEnrolment({ householdSize: 'four' }),
      [{ msg: 'Household size must be a number', code: 'invalid_type', param: 'householdSize' }],
    ],
    [
      'no way of contact chosen',
      without(anEnrolment(), 'preferredContact'),
      [{ msg: 'Choose how you would like us to contact you: phone, email or text', code: 'required', param: 'preferredContact' }],
    ],
    [
      'preferring email without an email',
      anEnrolment({ email: '', preferredContact: 'email' }),
      [{ msg: 'To be contacted by email, give an email address', code: 'contact_needed', param: 'preferredContact' }],
    ],
    [
      'preferring text without a phone',
      anEnrolment({ phone: '', preferredContact: 'text' }),
      [{ msg: 'To be contacted by text, give a mobile phone number', code: 'contact_needed', param: 'preferredContact' }],
    ],
    [
      'too long a message',
      anEnrolment({ message: 'x'.repeat(2001) }),
      [{ msg: 'Message must be at most 2000 characters', code: 'too_long', param: 'message', limit: 2000 }],
    ],
    ['consent not given', anEnrolment({ consent: false }), [{ msg: 'Please tick the box to agree', code: 'not_accepted', param: 'consent' }]],
    ['consent missing', without(anEnrolment(), 'consent'), [{ msg: 'Please tick the box to agree', code: 'not_accepted', param: 'consent' }]],
    ['consent as text', anEnrolment({ consent: 'true' }), [{ msg: 'Please tick the box to agree', code: 'not_accepted', param: 'consent' }]],
    [
      'an old privacy statement',
      anEnrolment({ statementVersion: '2020-01-01' }),
      [
        {
          msg: 'The privacy statement has changed since this form was opened. Please reload the page, read it and agree again',
          code: 'invalid_value',
          param: 'statementVersion',
        },
      ],
    ],
    [
      'an unknown service',
      anEnrolment({ serviceKey: 'not_a_service' }),
      [{ msg: 'Choose one of the trust’s services', code: 'invalid_value', param: 'serviceKey' }],
    ],
    ['an id that is not a UUID', anEnrolment({ _id: '12345' }), [{ msg: 'Must be a valid id', code: 'invalid_id', param: '_id' }]],
    ['no id', without(anEnrolment(), '_id'), [{ msg: 'Must be a valid id', code: 'required', param: '_id' }]],
  ];

  it.each(cases)('refuses %s with 400 and writes nothing', async (_name, body, errors) => {
    const res = await api.post('/api/enrolments', { json: body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errors });
    if (typeof body._id === 'string' && IdSchema.safeParse(body._id).success) {
      expect(await rowsWithId(body._id)).toBe(0);
      expect(await recordsWithId(body._id)).toBe(0);
    }
  });

  it('accepts the edges: a household of 1 and of 30, a birth date of 1900-01-01 and of today, phone with + ( ) -', async () => {
    for (const overrides of [
      { householdSize: 1, dateOfBirth: '1900-01-01' },
      { householdSize: 30, dateOfBirth: dayFromToday(0), phone: '+64 (21) 555-0101' },
      { phone: '', preferredContact: 'email' },
      { email: '', preferredContact: 'text' },
    ]) {
      const res = await api.post('/api/enrolments', { json: anEnrolment(overrides) });
      expect(res.status, JSON.stringify(overrides)).toBe(201);
    }
  });

  it('answers 400 to malformed JSON', async () => {
    const res = await api.post('/api/enrolments', { body: '{"_id": "abc", ', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errors: [{ msg: 'Request body is not valid', code: 'invalid_body' }] });
  });

  it('answers 400 to JSON that is not an object', async () => {
    const res = await api.post('/api/enrolments', { json: [anEnrolment()] });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveLength(1);
    expect(res.body.errors[0]).not.toHaveProperty('param');
  });

  it('answers 415 to a body that is not JSON', async () => {
    const res = await api.post('/api/enrolments', { body: JSON.stringify(anEnrolment()), headers: { 'content-type': 'text/plain' } });
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ errors: [{ msg: 'Send JSON (Content-Type: application/json)', code: 'unsupported_media_type' }] });
  });

  it('answers 413 to a body over 100 KB', async () => {
    const sent = anEnrolment({ message: 'x'.repeat(110 * 1024) });
    const res = await api.post('/api/enrolments', { json: sent });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ errors: [{ msg: 'Request is too large', code: 'too_large' }] });
    expect(await rowsWithId(sent._id)).toBe(0);
  });
});

describe('GET /api/enrolments', () => {
  const listedService = 'raised_gardens';
  const serviceTitle = serviceCatalogue.find((service) => service.key === listedService)?.title;

  /** An enrolment as if received at a given time (written directly: the service is closed to the form). */
  function buildEnrolment(receivedAt: string, overrides: Partial<InferCreationAttributes<Enrolment>> = {}) {
    return Enrolment.create({
      id: crypto.randomUUID(),
      serviceKey: listedService,
      givenName: 'Rawiri',
      familyName: 'Tane',
      dateOfBirth: null,
      phone: '03 555 0199',
      email: null,
      suburb: 'Linwood',
      iwi: null,
      householdSize: 2,
      preferredContact: 'phone',
      message: null,
      consentStatementVersion: collectionStatement.version,
      consentedAt: new Date(receivedAt),
      receivedAt: new Date(receivedAt),
      ...overrides,
    });
  }

  let oldest: Enrolment, middle: Enrolment, newest: Enrolment;
  beforeAll(async () => {
    oldest = await buildEnrolment('2026-01-05T01:00:00.000Z');
    middle = await buildEnrolment('2026-01-06T01:00:00.000Z', { status: 'contacted', givenName: 'Aroha' });
    newest = await buildEnrolment('2026-01-07T01:00:00.000Z', { email: 'hemi@example.org', phone: null, preferredContact: 'email' });
  });

  it('refuses anonymous callers with 401', async () => {
    const res = await api.get('/api/enrolments');
    expect(res.status).toBe(401);
    expect(res.body.errors).toHaveLength(1);
  });

  it('lists every enrolment newest first for kaimahi at access 1, as a page', async () => {
    await api.post('/api/enrolments', { json: anEnrolment() });
    const { token } = await buildUser({ access: 1, services: allServices });
    const res = await api.get('/api/enrolments?pageSize=200', { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: await Enrolment.count(), page: 1, pageSize: 200 });
    const times: string[] = res.body.items.map((item: { receivedAt: string }) => item.receivedAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(res.body.items.length).toBe(Math.min(200, res.body.total));
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('filters by service, showing each enrolment with its service title and reference', async () => {
    const { token } = await buildUser({ access: 1, services: allServices });
    const res = await api.get(`/api/enrolments?service=${listedService}`, { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ items: expect.any(Array), total: 3, page: 1, pageSize: 50 });
    expect(res.body.items.map((item: { _id: string }) => item._id)).toEqual([newest.id, middle.id, oldest.id]);
    expect(res.body.items[0]).toEqual({
      _id: newest.id,
      reference: enrolmentReference(newest.id),
      serviceKey: listedService,
      serviceTitle,
      givenName: 'Rawiri',
      familyName: 'Tane',
      dateOfBirth: null,
      phone: null,
      email: 'hemi@example.org',
      suburb: 'Linwood',
      iwi: null,
      householdSize: 2,
      preferredContact: 'email',
      message: null,
      status: 'new',
      source: 'online',
      consentStatementVersion: collectionStatement.version,
      consentedAt: '2026-01-07T01:00:00.000Z',
      receivedAt: '2026-01-07T01:00:00.000Z',
      clientId: null,
      version: 1,
    });
  });

  it('filters by status, and by service and status together', async () => {
    const { token } = await buildUser({ access: 1, services: allServices });
    const contacted = await api.get(`/api/enrolments?service=${listedService}&status=contacted`, { token });
    expect(contacted.body.total).toBe(1);
    expect(contacted.body.items.map((item: { _id: string }) => item._id)).toEqual([middle.id]);
    const allContacted = await api.get('/api/enrolments?status=contacted', { token });
    expect(allContacted.body.items.every((item: { status: string }) => item.status === 'contacted')).toBe(true);
    expect(allContacted.body.items.map((item: { _id: string }) => item._id)).toContain(middle.id);
    const declined = await api.get(`/api/enrolments?service=${listedService}&status=declined`, { token });
    expect(declined.body).toEqual({ items: [], total: 0, page: 1, pageSize: 50 });
  });

  it('pages through the list', async () => {
    const { token } = await buildUser({ access: 1, services: allServices });
    const first = await api.get(`/api/enrolments?service=${listedService}&pageSize=2`, { token });
    const second = await api.get(`/api/enrolments?service=${listedService}&pageSize=2&page=2`, { token });
    const past = await api.get(`/api/enrolments?service=${listedService}&pageSize=2&page=3`, { token });
    expect(first.body.items.map((item: { _id: string }) => item._id)).toEqual([newest.id, middle.id]);
    expect(second.body).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(second.body.items.map((item: { _id: string }) => item._id)).toEqual([oldest.id]);
    expect(past.body).toEqual({ items: [], total: 3, page: 3, pageSize: 2 });
  });

  it('answers 400 with every bad filter listed', async () => {
    const { token } = await buildUser({ access: 1, services: allServices });
    const res = await api.get('/api/enrolments?status=done&service=nowhere&page=0&pageSize=500', { token });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((error: { param: string }) => error.param).sort()).toEqual(['page', 'pageSize', 'service', 'status']);
    const badStatus = await api.get('/api/enrolments?status=done', { token });
    expect(badStatus.body).toEqual({
      errors: [{ msg: 'Status must be one of: new, contacted, enrolled, completed, declined', code: 'invalid_value', param: 'status' }],
    });
  });
});

describe('input hygiene', () => {
  it('stores a macron typed as a combining mark the same as one typed as one letter (NFC)', async () => {
    const decomposed = anEnrolment({ givenName: 'A\u0304nahera', familyName: 'Ta\u0304ne', iwi: 'Nga\u0304i Tahu' });
    expect((await api.post('/api/enrolments', { json: decomposed })).status).toBe(201);
    const row = await Enrolment.findByPk(String(decomposed._id));
    expect([row?.givenName, row?.familyName, row?.iwi]).toEqual(['Ānahera', 'Tāne', 'Ngāi Tahu']);
  });

  it('refuses NUL, bidi overrides and zero-width characters in names and text, and lists each field', async () => {
    const res = await api.post('/api/enrolments', {
      json: anEnrolment({ givenName: 'Mere\u0000', familyName: 'evil\u202egnp.exe', suburb: 'Ara\u200bnui', message: 'line one\nline two\u2066' }),
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      expect.objectContaining({ msg: 'Given name cannot contain control or invisible characters', param: 'givenName' }),
      expect.objectContaining({ msg: 'Family name cannot contain control or invisible characters', param: 'familyName' }),
      expect.objectContaining({ msg: 'Suburb cannot contain control or invisible characters', param: 'suburb' }),
      expect.objectContaining({ msg: 'Message cannot contain control or invisible characters', param: 'message' }),
    ]);
  });

  it('keeps line breaks in a message', async () => {
    const sent = anEnrolment({ message: 'Kia ora,\nwe are four.' });
    expect((await api.post('/api/enrolments', { json: sent })).status).toBe(201);
    expect((await Enrolment.findByPk(String(sent._id)))?.message).toBe('Kia ora,\nwe are four.');
  });
});

describe('POST /api/enrolments rate limit', () => {
  it('allows a sign-up day of 300 people behind one address, up to 600 in an hour, not counting resends, then answers 429 with Retry-After', async () => {
    // A sign-up day at a marae: a few hundred whānau on its Wi-Fi within the hour.
    expect(limits.enrolmentsPerIp).toBeGreaterThanOrEqual(300);
    expect(limits.enrolmentsPerIp).toBeLessThanOrEqual(1000);
    const address = '127.0.0.2';
    const first = anEnrolment();
    expect((await postFrom(address, first)).status).toBe(201);
    const statuses: number[] = [];
    for (let sent = 1; sent < limits.enrolmentsPerIp; sent += 1) {
      statuses.push((await postFrom(address, anEnrolment())).status);
      // Resends in between never use up the allowance.
      if (sent % 100 === 0) statuses.push((await postFrom(address, first)).status);
    }
    expect(statuses.every((status) => status === 201)).toBe(true);

    const refused = anEnrolment();
    const limited = await postFrom(address, refused);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ errors: [{ msg: 'Too many attempts, please try again later', code: 'too_many_requests' }] });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await rowsWithId(refused._id)).toBe(0);
    expect(await recordsWithId(refused._id)).toBe(0);

    // A resend of one already received still gets its receipt; other addresses are not limited.
    expect((await postFrom(address, first)).status).toBe(201);
    expect((await postFrom('127.0.0.3', anEnrolment())).status).toBe(201);
  });
});

describe('privacy of the logs', () => {
  it('writes none of an enrolment’s personal details to the log files', async () => {
    const marker = crypto.randomBytes(6).toString('hex');
    const details = {
      givenName: `Given${marker}`,
      familyName: `Family${marker}`,
      email: `e${marker}@example.org`,
      suburb: `Suburb${marker}`,
      message: `Message ${marker}`,
    };
    const sent = anEnrolment(details);
    expect((await api.post('/api/enrolments', { json: sent })).status).toBe(201);
    expect((await api.post('/api/enrolments', { json: sent })).status).toBe(201);
    expect((await api.post('/api/enrolments', { json: { ...sent, iwi: `Iwi${marker}` } })).status).toBe(409);
    expect((await api.post('/api/enrolments', { json: { ...sent, _id: crypto.randomUUID(), householdSize: 0 } })).status).toBe(400);
    const { token } = await buildUser({ access: 1 });
    expect((await api.get(`/api/enrolments?service=${openService}`, { token })).status).toBe(200);

    const logDir = path.join(process.env.DATA_DIR ?? '', 'logs');
    const logs = fs
      .readdirSync(logDir)
      .map((file) => fs.readFileSync(path.join(logDir, file), 'utf8'))
      .join('\n');
    expect(logs).toContain('/api/enrolments');
    expect(logs).not.toContain(marker);
  });
});
