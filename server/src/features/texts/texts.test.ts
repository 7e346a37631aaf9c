import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { aboutPageSeed } from '../../../contract/about-page';
import { collectionStatement, earlierStatementVersions } from '../../../contract/enrolments';
import { buildUser, startTestServer, type TestApi } from '../../../test/helpers';
import { Enrolment } from '../../db/models/enrolment';
import { PrivacyStatementRow } from '../../db/models/privacy-statement';
import { PublicText } from '../../db/models/public-text';
import { setClock } from '../../lib/clock';

/* The About page and the privacy statement as content, in English and te reo Māori (issue 22, decisions 093–094). */

let api: TestApi;
let manager: string;
let kaimahi: string;
beforeAll(async () => {
  api = await startTestServer();
  manager = (await buildUser({ access: 2 })).token;
  kaimahi = (await buildUser({ access: 1 })).token;
});
afterAll(() => api.close());
afterEach(() => setClock());

/** `null`: no token at all. */
const put = (path: string, json: unknown, token: string | null = manager) => api.request('PUT', path, { json, ...(token !== null && { token }) });

const anEnrolment = (statementVersion: string) => ({
  _id: crypto.randomUUID(),
  serviceKey: 'whanau_ora_support',
  givenName: 'Mere',
  familyName: 'Parata',
  phone: '021 555 0101',
  preferredContact: 'phone',
  consent: true,
  statementVersion,
});

describe('GET /api/content/about', () => {
  it('gives anyone the first version, the app’s own words, with no Māori yet', async () => {
    const res = await api.get('/api/content/about');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ en: aboutPageSeed, mi: {}, updatedAt: expect.any(String) });
  });
});

describe('PUT /api/content/about', () => {
  const edited = {
    en: { ...aboutPageSeed, lead: 'Whānau first, in Ōtautahi Christchurch' },
    mi: { lead: 'Ko te whānau te tuatahi', paragraphs: ['Kia ora mai koutou.'], values: [{ text: 'Te manaaki i te tangata.' }, {}] },
  };

  it('answers 401 without a token and 403 at level 1, and writes nothing', async () => {
    expect((await put('/api/content/about', edited, null)).status).toBe(401);
    const refused = await put('/api/content/about', edited, kaimahi);
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0]).toMatchObject({ msg: expect.any(String) });
    expect((await api.get('/api/content/about')).body.en.lead).toBe(aboutPageSeed.lead);
  });

  it('saves both languages for a manager; visitors then read them', async () => {
    const res = await put('/api/content/about', edited);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ en: { lead: 'Whānau first, in Ōtautahi Christchurch' }, mi: edited.mi });
    const seen = await api.get('/api/content/about');
    expect(seen.body).toEqual(res.body);
  });

  it('lists every problem of a bad edit in the error shape, and writes nothing', async () => {
    const before = (await PublicText.findByPk('about'))?.toJSON();
    const res = await put('/api/content/about', {
      en: { lead: '  ', paragraphs: [], values: [{ name: 'Manaakitanga', text: 'x'.repeat(201) }] },
      mi: { values: [{}, {}, {}, {}, {}, {}] },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((error: { param?: string }) => error.param).sort()).toEqual(
      ['en.lead', 'en.paragraphs', 'en.values.0.text', 'mi.values'].sort(),
    );
    for (const error of res.body.errors)
      expect(error).toEqual({ msg: expect.any(String), param: expect.any(String), code: expect.any(String), ...(error.limit && { limit: error.limit }) });
    expect((await PublicText.findByPk('about'))?.toJSON()).toEqual(before);
    expect((await put('/api/content/about', { en: aboutPageSeed })).body.errors).toEqual([expect.objectContaining({ param: 'mi' })]);
  });
});

describe('the privacy statement', () => {
  it('gives anyone the current wording, first the contract’s, and every version an enrolment may name', async () => {
    const res = await api.get('/api/content/privacy');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      version: collectionStatement.version,
      en: collectionStatement.text,
      mi: null,
      publishedAt: expect.any(String),
      versions: [collectionStatement.version, ...earlierStatementVersions],
    });
  });

  it('answers 401 without a token and 403 at level 1, and publishes nothing', async () => {
    const before = await PrivacyStatementRow.count();
    expect((await put('/api/content/privacy', { en: ['New words'] }, null)).status).toBe(401);
    expect((await put('/api/content/privacy', { en: ['New words'] }, kaimahi)).status).toBe(403);
    expect(await PrivacyStatementRow.count()).toBe(before);
  });

  it('refuses a bad statement with every problem listed, and publishes nothing', async () => {
    const before = await PrivacyStatementRow.count();
    const res = await put('/api/content/privacy', { en: [], mi: ['ok', 'x'.repeat(5001)] });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((error: { param?: string }) => error.param).sort()).toEqual(['en', 'mi.1']);
    expect((await put('/api/content/privacy', { en: 'one long paragraph' })).status).toBe(400);
    expect(await PrivacyStatementRow.count()).toBe(before);
  });

  it('publishes a changed wording under a new version; an enrolment agreed under the one before is still accepted with its own version', async () => {
    setClock(() => Date.parse('2027-02-10T01:00:00Z')); // 2 pm on 10 February in Christchurch
    const previous = (await api.get('/api/content/privacy')).body.version;
    const queuedOnAPhone = anEnrolment(previous);

    const changed = await put('/api/content/privacy', { en: [...collectionStatement.text, 'We also keep a note of when you agreed.'], mi: [] });
    expect(changed.status).toBe(201);
    expect(changed.body).toMatchObject({ version: '2027-02-10', mi: null, en: expect.arrayContaining(['We also keep a note of when you agreed.']) });
    expect(changed.body.versions.slice(0, 2)).toEqual(['2027-02-10', previous]);
    expect((await api.get('/api/content/privacy')).body.version).toBe('2027-02-10');

    // A translation is a change of wording too: a Māori reader agrees to the Māori words.
    const translated = await put('/api/content/privacy', { en: changed.body.en, mi: ['Ko te tari e kohikohi ana i ēnei kōrero.'] });
    expect(translated.status).toBe(201);
    expect(translated.body).toMatchObject({ version: '2027-02-10.2', mi: ['Ko te tari e kohikohi ana i ēnei kōrero.'] });

    // The same words again publish nothing.
    const again = await put('/api/content/privacy', { en: changed.body.en, mi: ['Ko te tari e kohikohi ana i ēnei kōrero.'] });
    expect(again.status).toBe(200);
    expect(again.body.version).toBe('2027-02-10.2');

    const sentLater = await api.post('/api/enrolments', { json: queuedOnAPhone });
    expect(sentLater.status).toBe(201);
    expect((await Enrolment.findByPk(queuedOnAPhone._id))?.consentStatementVersion).toBe(previous);
    const current = anEnrolment('2027-02-10.2');
    expect((await api.post('/api/enrolments', { json: current })).status).toBe(201);
    expect((await Enrolment.findByPk(current._id))?.consentStatementVersion).toBe('2027-02-10.2');
  });

  it('refuses an enrolment naming a version never published, and stores nothing', async () => {
    const made = anEnrolment('2031-01-01');
    const res = await api.post('/api/enrolments', { json: made });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      errors: [
        {
          msg: 'The privacy statement has changed since this form was opened. Please reload the page, read it and agree again',
          code: 'invalid_value',
          param: 'statementVersion',
        },
      ],
    });
    expect(await Enrolment.findByPk(made._id)).toBeNull();
  });
});
