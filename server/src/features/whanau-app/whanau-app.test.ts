import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inviteAlphabet } from '../../../contract/whanau-app';
import { buildClient, buildEnrolment, buildNote } from '../../../test/factories';
import { buildUser, startTestServer, type TestApi } from '../../../test/helpers';
import { AuditEvent } from '../../db/models/audit-event';
import { WhanauMember } from '../../db/models/whanau';
import { PrivacyRequest, WhanauInvite } from '../../db/models/whanau-app';
import { setClock } from '../../lib/clock';

/**
 * The whānau's own app (DESIGN §4e, issue 34): a kaimahi invites an adult member, the member's
 * phone links with the code, and reads only what was shared with their whānau.
 */
let api: TestApi;
let manager: Awaited<ReturnType<typeof buildUser>>;
let hemi: Awaited<ReturnType<typeof buildUser>>; // Whānau Ora Support
let outsider: Awaited<ReturnType<typeof buildUser>>; // no services
const newId = () => crypto.randomUUID();
const create = (kind: string, payload: Record<string, unknown>, id = newId()) => ({ _id: id, kind, entityId: id, payload });
const sync = async (mutations: unknown[], token: string) => {
  const res = await api.post('/api/sync', { token, json: { mutations } });
  expect(res.body.results.map((result: { status: string }) => result.status)).toEqual(mutations.map(() => 'applied'));
};

type World = Awaited<ReturnType<typeof buildWorld>>;
let world: World;

/** The Rewi whānau: Tama (adult), Mere-Ana (12), Rangi (adult, of a service Hemi does not work on); a goal and a step of each kind, shared or not. */
async function buildWorld() {
  const tama = await buildClient({
    givenName: 'Tama',
    familyName: 'Rewi',
    dateOfBirth: '1990-05-01',
    phone: '021 555 0101',
    notes: 'Standing note for staff only',
  });
  await buildEnrolment({ serviceKey: 'whanau_ora_support', clientId: tama.id, givenName: 'Tama', familyName: 'Rewi' });
  const mereAna = await buildClient({ givenName: 'Mere-Ana', familyName: 'Rewi', dateOfBirth: '2014-03-01' });
  await buildEnrolment({ serviceKey: 'whanau_ora_support', clientId: mereAna.id });
  const noBirthday = await buildClient({ givenName: 'Wiremu', familyName: 'Rewi' });
  await buildEnrolment({ serviceKey: 'whanau_ora_support', clientId: noBirthday.id });
  const rangi = await buildClient({ givenName: 'Rangi', familyName: 'Rewi', dateOfBirth: '1985-01-01', phone: '027 555 0999' });
  await buildEnrolment({ serviceKey: 'raised_gardens', clientId: rangi.id });
  await buildNote({ clientId: tama.id, authorId: hemi.user.id, text: 'Case note Tama must never see' });

  const whanau = create('whanau.create', { name: 'Rewi' });
  const sharedGoal = create('goal.create', {
    whanauId: whanau._id,
    area: 'housing',
    text: 'A warm, dry home',
    serviceKey: 'whanau_ora_support',
    targetDate: '2027-03-31',
  });
  const hiddenGoal = create('goal.create', { whanauId: whanau._id, area: 'income', text: 'Unshared goal text', serviceKey: 'whanau_ora_support' });
  const sharedStep = create('task.create', { whanauId: whanau._id, goalId: sharedGoal._id, text: 'Visit: meet the landlord, 10am', dueOn: '2026-12-10' });
  const hiddenStep = create('task.create', { whanauId: whanau._id, text: 'Unshared step text', dueOn: '2026-12-11' });
  const contact = create('contact.create', {
    whanauId: whanau._id,
    on: '2026-11-25',
    kind: 'home visit',
    minutes: 30,
    serviceKey: 'whanau_ora_support',
    summary: 'Contact summary Tama must never see',
  });
  await sync(
    [
      whanau,
      create('member.link', { whanauId: whanau._id, clientId: tama.id, relationship: 'parent' }),
      create('member.link', { whanauId: whanau._id, clientId: mereAna.id, relationship: 'child' }),
      create('member.link', { whanauId: whanau._id, clientId: noBirthday.id, relationship: 'sibling' }),
      sharedGoal,
      hiddenGoal,
      sharedStep,
      hiddenStep,
      contact,
    ],
    hemi.token,
  );
  await sync([create('member.link', { whanauId: whanau._id, clientId: rangi.id, relationship: 'partner' })], manager.token);

  // Another whānau with a shared step: never reachable from the Rewi phone.
  const other = create('whanau.create', { name: 'Parata' });
  const otherStep = create('task.create', { whanauId: other._id, text: 'Parata step', dueOn: '2026-12-12' });
  const hine = await buildClient({ givenName: 'Hine', familyName: 'Parata', dateOfBirth: '1970-01-01' });
  await buildEnrolment({ serviceKey: 'whanau_ora_support', clientId: hine.id });
  await sync([other, create('member.link', { whanauId: other._id, clientId: hine.id, relationship: 'parent' }), otherStep], hemi.token);

  for (const itemId of [sharedGoal._id]) await share(hemi.token, whanau._id, 'goal', itemId, true);
  await share(hemi.token, whanau._id, 'task', sharedStep._id, true);
  await share(hemi.token, other._id, 'task', otherStep._id, true);
  return {
    whanauId: whanau._id,
    otherWhanauId: other._id,
    tama,
    mereAna,
    noBirthday,
    rangi,
    hine,
    sharedGoalId: sharedGoal._id,
    hiddenGoalId: hiddenGoal._id,
    sharedStepId: sharedStep._id,
    hiddenStepId: hiddenStep._id,
    otherStepId: otherStep._id,
  };
}

async function share(token: string, whanauId: string, itemKind: 'goal' | 'task', itemId: string, shared: boolean) {
  const res = await api.request('PUT', `/api/whanau/${whanauId}/shares`, { token, json: { itemKind, itemId, shared } });
  expect(res.status).toBe(200);
  return res;
}

async function invite(clientId = world.tama.id, whanauId = world.whanauId, token = hemi.token) {
  const res = await api.post(`/api/whanau/${whanauId}/invites`, { token, json: { clientId } });
  expect(res.status).toBe(201);
  return res.body as { _id: string; code: string; expiresAt: string };
}

async function link(code: string) {
  const res = await api.post('/api/whanau-app/link', { json: { code } });
  expect(res.status).toBe(201);
  return res.body as { token: string; deviceId: string; deviceKey: string };
}

const wrongCode = { errors: [{ msg: expect.stringContaining('not right'), code: 'invalid_credentials', param: 'code' }] };

/** How far the tests moved the clock: only ever forward. */
let later = 0;
function advanceClock(ms: number) {
  later += ms;
  const offset = later;
  setClock(() => Date.now() + offset);
}
/** Moves the clock past every throttle window, so one test's failures do not hold back the next. */
const forgetThrottles = () => advanceClock(2 * 60 * 60 * 1000);

beforeAll(async () => {
  api = await startTestServer();
  manager = await buildUser({ access: 2, name: 'Mere Manager' });
  hemi = await buildUser({ access: 1, name: 'Hemi Kaimahi', services: ['whanau_ora_support'] });
  outsider = await buildUser({ access: 1, name: 'Rawiri Kaimahi', services: [] });
  world = await buildWorld();
});
afterEach(() => forgetThrottles());
afterAll(async () => {
  setClock();
  await api.close();
});

describe('inviting a member', () => {
  it('gives a 12-character code (40 secret bits) once, stored only as a hash, valid 72 hours, on the audit trail', async () => {
    const before = Date.now() + later;
    const created = await invite();
    expect(created.code).toMatch(new RegExp(`^[${inviteAlphabet}]{12}$`));
    const hours = (new Date(created.expiresAt).getTime() - before) / 3_600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThan(72.1);
    const stored = await WhanauInvite.findByPk(created._id);
    expect(JSON.stringify(stored?.toJSON())).not.toContain(created.code.slice(4));
    expect(await AuditEvent.count({ where: { entity: 'whanau_invite', entityId: created._id, action: 'create', actorId: hemi.user.id } })).toBe(1);
  });

  it('refuses a child, a member without a date of birth, someone not in the whānau, and a member the kaimahi does not see', async () => {
    const cases: [string, string][] = [
      [world.mereAna.id, '16 or over'],
      [world.noBirthday.id, 'date of birth'],
      [world.hine.id, 'member of this whānau'],
      [world.rangi.id, 'member of this whānau'],
    ];
    for (const [clientId, words] of cases) {
      const res = await api.post(`/api/whanau/${world.whanauId}/invites`, { token: hemi.token, json: { clientId } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ errors: [{ msg: expect.stringContaining(words), code: 'bad_request', param: 'clientId' }] });
    }
  });

  it('answers 404 to a kaimahi who does not see the whānau, and 400 for a bad body', async () => {
    const hidden = await api.post(`/api/whanau/${world.whanauId}/invites`, { token: outsider.token, json: { clientId: world.tama.id } });
    expect(hidden.status).toBe(404);
    expect(hidden.body.errors).toEqual([{ msg: 'Whānau not found', code: 'not_found' }]);
    const bad = await api.post(`/api/whanau/${world.whanauId}/invites`, { token: hemi.token, json: { clientId: 'tama' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ msg: 'Choose the member to invite', param: 'clientId', code: 'invalid_id' }]);
  });

  it('emails nothing when mail is not set up, even to a member with an email address (decision 137)', async () => {
    const kiri = await buildClient({ givenName: 'Kiri', familyName: 'Rewi', dateOfBirth: '1992-09-09', email: 'kiri.rewi@example.org' });
    await buildEnrolment({ serviceKey: 'whanau_ora_support', clientId: kiri.id });
    await sync([create('member.link', { whanauId: world.whanauId, clientId: kiri.id, relationship: 'sibling' })], hemi.token);
    const res = await api.post(`/api/whanau/${world.whanauId}/invites`, { token: hemi.token, json: { clientId: kiri.id } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ clientId: kiri.id, emailedTo: null });
    const event = await AuditEvent.findOne({ where: { entity: 'whanau_invite', entityId: res.body._id, action: 'create' } });
    expect(event?.details).toEqual({ emailed: 'no' });
  });

  it('a new invite of the same member ends the earlier one', async () => {
    const first = await invite();
    const second = await invite();
    const res = await api.post('/api/whanau-app/link', { json: { code: first.code } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(wrongCode);
    await link(second.code);
  });
});

describe('linking a phone', () => {
  it('links with the code as typed (lower case, dashes), once only', async () => {
    const { code } = await invite();
    const typed = `${code.slice(0, 4)}-${code.slice(4, 8)} ${code.slice(8)}`.toLowerCase();
    const linked = await link(typed);
    expect(linked.deviceKey).toMatch(/^[\w-]{43}$/);
    const keyAgain = await api.get('/api/whanau-app/device-key', { token: linked.token });
    expect(keyAgain.body).toEqual({ deviceKey: linked.deviceKey });
    const again = await api.post('/api/whanau-app/link', { json: { code } });
    expect(again.status).toBe(400);
    expect(again.body).toEqual(wrongCode);
  });

  it('refuses an expired code', async () => {
    const { code } = await invite();
    advanceClock(72 * 60 * 60 * 1000 + 60_000);
    const res = await api.post('/api/whanau-app/link', { json: { code } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(wrongCode);
  });

  it('five wrong guesses at one invite spend it, even for the right code after', async () => {
    const { code } = await invite();
    for (let i = 0; i < 5; i += 1) {
      const wrongLast = inviteAlphabet[(inviteAlphabet.indexOf(code.charAt(11)) + i + 1) % inviteAlphabet.length];
      const res = await api.post('/api/whanau-app/link', { json: { code: code.slice(0, 11) + wrongLast } });
      expect(res.status).toBe(400);
    }
    forgetThrottles();
    const res = await api.post('/api/whanau-app/link', { json: { code } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(wrongCode);
  });

  it('an address that keeps guessing waits (429 with Retry-After)', async () => {
    let res = await api.post('/api/whanau-app/link', { json: { code: 'ZZZZ-ZZZZ-ZZZZ' } });
    for (let i = 0; i < 20 && res.status === 400; i += 1) res = await api.post('/api/whanau-app/link', { json: { code: 'ZZZZ-ZZZZ-ZZZZ' } });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(res.body.errors).toEqual([expect.objectContaining({ code: 'too_many_requests' })]);
  });

  it('refuses a code of the wrong shape with every problem', async () => {
    const res = await api.post('/api/whanau-app/link', { json: { code: 'abc' } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([expect.objectContaining({ param: 'code', msg: 'Code must be 12 letters and numbers' })]);
    const missing = await api.post('/api/whanau-app/link', { json: {} });
    expect(missing.body.errors).toEqual([expect.objectContaining({ param: 'code', code: 'required' })]);
  });
});

describe('what the member sees', () => {
  let token: string;
  beforeAll(async () => {
    token = (await link((await invite()).code)).token;
  });

  it('their whānau, own details and enrolments, and only the shared goal and step; audited', async () => {
    const res = await api.get('/api/whanau-app', { token });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body.whanau).toEqual({ _id: world.whanauId, name: 'Rewi' });
    expect(res.body.member).toMatchObject({ _id: world.tama.id, givenName: 'Tama', phone: '021 555 0101' });
    expect(res.body.enrolments).toEqual([expect.objectContaining({ serviceKey: 'whanau_ora_support', status: 'new' })]);
    expect(res.body.goals).toEqual([
      { _id: world.sharedGoalId, area: 'housing', text: 'A warm, dry home', status: 'not started', targetDate: '2027-03-31', sharedAt: expect.any(String) },
    ]);
    expect(res.body.steps).toEqual([
      {
        _id: world.sharedStepId,
        goalId: world.sharedGoalId,
        text: 'Visit: meet the landlord, 10am',
        dueOn: '2026-12-10',
        done: false,
        sharedAt: expect.any(String),
      },
    ]);
    for (const secret of ['Unshared', 'never see', 'Standing note', 'Rangi', '027 555 0999', 'Mere-Ana', 'Parata']) expect(res.text).not.toContain(secret);
    expect(await AuditEvent.count({ where: { entity: 'whanau_app', action: 'view', actorId: world.tama.id, clientId: world.tama.id } })).toBeGreaterThan(0);
  });

  it('adds a shared step to a calendar; 404 for an unshared step or another whānau’s', async () => {
    const ics = await api.get(`/api/whanau-app/steps/${world.sharedStepId}/calendar.ics`, { token });
    expect(ics.status).toBe(200);
    expect(ics.headers.get('content-type')).toContain('text/calendar');
    expect(ics.text).toContain('DTSTART;VALUE=DATE:20261210');
    expect(ics.text).toContain('SUMMARY:Visit: meet the landlord\\, 10am');
    for (const id of [world.hiddenStepId, world.otherStepId, world.sharedGoalId]) {
      const res = await api.get(`/api/whanau-app/steps/${id}/calendar.ics`, { token });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ errors: [{ msg: 'Follow-up not found', code: 'not_found' }] });
    }
  });

  it('an unshared goal leaves at the next read, and its step no longer names it', async () => {
    await share(hemi.token, world.whanauId, 'goal', world.sharedGoalId, false);
    const res = await api.get('/api/whanau-app', { token });
    expect(res.body.goals).toEqual([]);
    expect(res.body.steps).toEqual([expect.objectContaining({ _id: world.sharedStepId, goalId: null })]);
    await share(hemi.token, world.whanauId, 'goal', world.sharedGoalId, true);
  });

  it('kaimahi see who shared what and when; one who cannot see an item gets 404', async () => {
    const res = await api.get(`/api/whanau/${world.whanauId}/shares`, { token: hemi.token });
    expect(res.body).toEqual(
      expect.arrayContaining([expect.objectContaining({ itemKind: 'task', itemId: world.sharedStepId, sharedWithWhanau: true, sharedByName: 'Hemi Kaimahi' })]),
    );
    const hidden = await api.request('PUT', `/api/whanau/${world.whanauId}/shares`, {
      token: outsider.token,
      json: { itemKind: 'goal', itemId: world.hiddenGoalId, shared: true },
    });
    expect(hidden.status).toBe(404);
    const bad = await api.request('PUT', `/api/whanau/${world.whanauId}/shares`, { token: hemi.token, json: { itemKind: 'note', itemId: 'x' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((item: { param: string }) => item.param).sort()).toEqual(['itemId', 'itemKind', 'shared']);
  });

  it('checks the phone’s token before reading a body: no token and broken JSON is 401, not 400', async () => {
    const res = await api.post('/api/whanau-app/sync', { body: '{"mutations": [', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ errors: [{ msg: 'No token, authorisation denied', code: 'not_signed_in' }] });
    const broken = await api.post('/api/whanau-app/sync', { token, body: '{"mutations": [', headers: { 'content-type': 'application/json' } });
    expect(broken.status).toBe(400);
  });

  it('the member token reaches no staff route, and a staff token no member route', async () => {
    for (const path of [
      '/api/auth',
      '/api/clients',
      `/api/clients/${world.tama.id}`,
      `/api/whanau/${world.whanauId}`,
      `/api/whanau/${world.whanauId}/devices`,
    ]) {
      const res = await api.get(path, { token });
      expect(res.status).toBe(401);
    }
    expect((await api.post('/api/sync', { token, json: { mutations: [] } })).status).toBe(401);
    expect((await api.get('/api/whanau-app', { token: hemi.token })).status).toBe(401);
  });
});

describe('linked phones', () => {
  it('kaimahi see each phone (member, when, last seen) and unlink it; the phone is refused at its next contact', async () => {
    const { token, deviceId } = await link((await invite()).code);
    const list = await api.get(`/api/whanau/${world.whanauId}/devices`, { token: hemi.token });
    expect(list.status).toBe(200);
    expect(list.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          _id: deviceId,
          clientId: world.tama.id,
          memberName: 'Tama Rewi',
          linkedAt: expect.any(String),
          lastSeenAt: expect.any(String),
          revokedAt: null,
        }),
      ]),
    );
    const unlinked = await api.post(`/api/whanau/${world.whanauId}/devices/${deviceId}/unlink`, { token: hemi.token });
    expect(unlinked.status).toBe(200);
    expect(unlinked.body.revokedAt).toEqual(expect.any(String));
    const refused = await api.get('/api/whanau-app', { token });
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ errors: [{ msg: 'This phone is no longer linked', code: 'invalid_token' }] });
    expect(await AuditEvent.count({ where: { entity: 'whanau_device', entityId: deviceId, action: 'status', actorId: hemi.user.id } })).toBe(1);
    const elsewhere = await api.post(`/api/whanau/${world.otherWhanauId}/devices/${deviceId}/unlink`, { token: hemi.token });
    expect(elsewhere.status).toBe(404);
  });

  it('five wrong PINs on the phone unlink it (the phone reports them)', async () => {
    const { token, deviceId } = await link((await invite()).code);
    expect((await api.post('/api/whanau-app/pin-failed', { token })).status).toBe(204);
    expect((await api.get('/api/whanau-app', { token })).status).toBe(401);
    expect(await AuditEvent.count({ where: { entity: 'whanau_device', entityId: deviceId, actorId: world.tama.id } })).toBe(2);
  });

  it('a member taken out of the whānau loses the phone’s access', async () => {
    const { token } = await link((await invite()).code);
    const membership = await WhanauMember.findOne({ where: { whanauId: world.whanauId, clientId: world.tama.id } });
    await membership!.update({ unlinkedAt: new Date() });
    expect((await api.get('/api/whanau-app', { token })).status).toBe(401);
    await membership!.update({ unlinkedAt: null });
    expect((await api.get('/api/whanau-app', { token })).status).toBe(200);
  });
});

describe('the whānau’s voice, sent from the phone’s outbox', () => {
  let token: string;
  const ratings = {
    selfManaging: 3,
    healthyLifestyles: 2,
    participatingInSociety: 4,
    teAoMaori: 5,
    economicallySecure: 1,
    cohesiveResilientNurturing: 4,
    stewardsOfEnvironment: 3,
  };
  const memberSync = async (mutations: unknown[]) => {
    const res = await api.post('/api/whanau-app/sync', { token, json: { mutations } });
    expect(res.status).toBe(200);
    return res.body.results as { _id: string; status: string; record?: any; errors?: any[] }[];
  };
  beforeAll(async () => {
    token = (await link((await invite()).code)).token;
  });

  it('a comment, a suggestion, a step done and a rating each land once; a resend is a duplicate', async () => {
    const batch = [
      create('whanau.comment', { goalId: world.sharedGoalId, topic: 'done', text: 'We rang the landlord' }),
      create('goal.suggest', { text: 'Learn te reo together', area: 'culture' }),
      { _id: newId(), kind: 'task.done_by_whanau', entityId: world.sharedStepId, payload: {}, writtenAt: new Date(Date.now() + later - 60_000).toISOString() },
      create('rating.create', { on: '2026-11-28', ratings, comment: 'Getting there' }),
    ];
    expect((await memberSync(batch)).map((result) => result.status)).toEqual(['applied', 'applied', 'applied', 'applied']);
    expect((await memberSync(batch)).map((result) => result.status)).toEqual(['duplicate', 'duplicate', 'duplicate', 'duplicate']);
    const view = await api.get('/api/whanau-app', { token });
    expect(view.body.steps).toEqual([expect.objectContaining({ _id: world.sharedStepId, done: true })]);
    const voice = await api.get(`/api/whanau/${world.whanauId}/voice`, { token: hemi.token });
    expect(voice.status).toBe(200);
    expect(voice.body.comments).toEqual([
      expect.objectContaining({ goalId: world.sharedGoalId, memberName: 'Tama', topic: 'done', text: 'We rang the landlord' }),
    ]);
    expect(voice.body.suggestions).toEqual([expect.objectContaining({ text: 'Learn te reo together', area: 'culture', status: 'new', memberName: 'Tama' })]);
    expect(voice.body.ratings).toEqual([
      expect.objectContaining({ clientId: world.tama.id, byName: 'Tama', on: '2026-11-28', ratings, comment: 'Getting there' }),
    ]);
    for (const [entity, action] of [
      ['whanau_comment', 'create'],
      ['goal_suggestion', 'create'],
      ['outcome_rating', 'create'],
      ['task', 'update'],
    ] as const) {
      expect(await AuditEvent.count({ where: { entity, action, actorId: world.tama.id } })).toBe(1);
    }
  });

  it('refuses, one by one, what is not shared, a rating out of range, and a kind the phone does not send', async () => {
    const results = await memberSync([
      create('whanau.comment', { goalId: world.hiddenGoalId, topic: 'in_the_way', text: 'x' }),
      { _id: newId(), kind: 'task.done_by_whanau', entityId: world.otherStepId, payload: {} },
      create('rating.create', { on: '2026-11-28', ratings: { ...ratings, teAoMaori: 6 } }),
      create('note.create', { text: 'x' }),
      create('goal.suggest', { text: 'Still lands' }),
    ]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected', 'rejected', 'applied']);
    expect(results[0]!.errors).toEqual([{ msg: 'Goal not found', code: 'not_found' }]);
    expect(results[1]!.errors).toEqual([{ msg: 'Follow-up not found', code: 'not_found' }]);
    expect(results[2]!.errors).toEqual([expect.objectContaining({ param: 'payload.ratings.teAoMaori', msg: 'Choose 1 to 5' })]);
    expect(results[3]!.errors).toEqual([expect.objectContaining({ param: 'kind', code: 'invalid_value' })]);
  });

  it('a kaimahi accepts a suggestion into the plan, declines another with a reply, and records a rating at a visit', async () => {
    const suggest = create('goal.suggest', { text: 'Plant a garden' });
    const decline = create('goal.suggest', { text: 'A trip overseas' });
    await memberSync([suggest, decline]);
    const goal = create('goal.create', { whanauId: world.whanauId, area: 'kai', text: 'Plant a garden', serviceKey: 'whanau_ora_support' });
    const accepted = { _id: newId(), kind: 'suggestion.answer', entityId: suggest._id, payload: { answer: 'accept', goalId: goal._id } };
    const declined = {
      _id: newId(),
      kind: 'suggestion.answer',
      entityId: decline._id,
      payload: { answer: 'decline', reply: 'Not one the trust can help with' },
    };
    const visit = create('rating.create', { whanauId: world.whanauId, on: '2026-11-29', ratings: { ...ratings, economicallySecure: 2 } });
    await sync([goal, accepted, declined, visit], hemi.token);
    const again = await api.post('/api/sync', { token: hemi.token, json: { mutations: [{ ...accepted, _id: newId() }] } });
    expect(again.body.results[0]).toEqual(expect.objectContaining({ status: 'rejected', errors: [expect.objectContaining({ code: 'conflict' })] }));
    const voice = await api.get(`/api/whanau/${world.whanauId}/voice`, { token: hemi.token });
    expect(voice.body.suggestions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ _id: suggest._id, status: 'accepted', goalId: goal._id }),
        expect.objectContaining({ _id: decline._id, status: 'declined', reply: 'Not one the trust can help with' }),
      ]),
    );
    expect(voice.body.ratings[0]).toEqual(expect.objectContaining({ on: '2026-11-29', recordedBy: hemi.user.id, byName: 'Hemi Kaimahi', clientId: null }));
    expect((await api.get(`/api/whanau/${world.whanauId}/voice`, { token: outsider.token })).status).toBe(404);
    // The phone shows the member what they said and where it stands, and the rating made with the whānau.
    const mine = (await api.get('/api/whanau-app', { token })).body.voice;
    expect(mine.suggestions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ _id: suggest._id, status: 'accepted', memberName: 'Tama' }),
        expect.objectContaining({ _id: decline._id, status: 'declined', reply: 'Not one the trust can help with' }),
      ]),
    );
    expect(mine.ratings[0]).toEqual(expect.objectContaining({ on: '2026-11-29', byName: 'Hemi Kaimahi', clientId: null }));
    expect(mine.comments).toEqual([expect.objectContaining({ goalId: world.sharedGoalId, text: 'We rang the landlord' })]);
  });
});

describe('their own details and privacy rights', () => {
  let token: string;
  const memberSync = async (mutations: unknown[]) => {
    const res = await api.post('/api/whanau-app/sync', { token, json: { mutations } });
    expect(res.status).toBe(200);
    return res.body.results as { _id: string; status: string; record?: any; errors?: any[] }[];
  };
  /** A privacy request sent at an instant (the server's clock set there): its due date. */
  const requestAt = async (instant: string, kind: 'access' | 'correction' = 'access') => {
    setClock(() => new Date(instant).getTime());
    const [result] = await memberSync([create('privacy.request', { kind, text: 'A copy of everything you hold about me' })]);
    forgetThrottles();
    expect(result!.status).toBe('applied');
    expect(result!.record).toMatchObject({ clientName: 'Tama Rewi' });
    return result!.record as { _id: string; dueOn: string };
  };
  beforeAll(async () => {
    token = (await link((await invite()).code)).token;
  });

  it('a request is due 20 working days on, past Christmas to 15 January and Waitangi Day (Mondayised)', async () => {
    // Friday 18 December 2026, 2 pm in New Zealand: 4 days before Christmas, then from 18 January; 8 February 2027 is Waitangi Day's Monday.
    expect((await requestAt('2026-12-18T01:00:00Z')).dueOn).toBe('2027-02-09');
    // Monday 25 January 2027: Waitangi Day's Monday is skipped, so not 22 but 23 February.
    expect((await requestAt('2027-01-24T20:00:00Z', 'correction')).dueOn).toBe('2027-02-23');
    // 11 pm on Sunday 24 January in UTC is already Monday in New Zealand: the day counted is New Zealand's.
  });

  it('managers list open requests overdue first and record the answer; the member sees where it stands; kaimahi get 403', async () => {
    const later1 = await requestAt(new Date(Date.now() + later).toISOString());
    expect(later1.dueOn < '2027-02-09').toBe(true);
    // On 20 February 2027 the first two are overdue, the one due 23 February is not.
    setClock(() => new Date('2027-02-20T00:00:00Z').getTime());
    const list = await api.get('/api/privacy-requests', { token: manager.token });
    expect(list.status).toBe(200);
    expect(list.body.items.map((item: { dueOn: string; overdue: boolean }) => [item.dueOn, item.overdue])).toEqual([
      [later1.dueOn, true],
      ['2027-02-09', true],
      ['2027-02-23', false],
    ]);
    // Each names its person, so a manager knows whose it is before opening the record.
    expect(list.body.items.map((item: { clientName: string | null }) => item.clientName)).toEqual(['Tama Rewi', 'Tama Rewi', 'Tama Rewi']);
    forgetThrottles();
    expect((await api.get('/api/privacy-requests', { token: hemi.token })).status).toBe(403);
    const refused = await api.post(`/api/privacy-requests/${later1._id}/answer`, { token: manager.token, json: { outcome: 'refused' } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([expect.objectContaining({ param: 'answer', msg: 'Give the reason for the refusal' })]);
    const answered = await api.post(`/api/privacy-requests/${later1._id}/answer`, {
      token: manager.token,
      json: { outcome: 'copy_given', answer: 'Emailed the export' },
    });
    expect(answered.status).toBe(200);
    expect(answered.body).toMatchObject({ status: 'answered', outcome: 'copy_given', overdue: false });
    expect((await api.post(`/api/privacy-requests/${later1._id}/answer`, { token: manager.token, json: { outcome: 'copy_given' } })).status).toBe(409);
    const view = await api.get('/api/whanau-app', { token });
    expect(view.body.privacyRequests).toEqual(
      expect.arrayContaining([expect.objectContaining({ _id: later1._id, status: 'answered', answer: 'Emailed the export' })]),
    );
    expect(await AuditEvent.count({ where: { entity: 'privacy_request', entityId: later1._id } })).toBe(2);
  });

  it('the managers’ dashboard counts open and overdue requests; a kaimahi’s does not', async () => {
    await PrivacyRequest.create({
      id: newId(),
      clientId: world.tama.id,
      kind: 'access',
      text: 'Old one',
      receivedAt: new Date('2026-10-01T00:00:00Z'),
      dueOn: '2026-10-29',
      status: 'new',
    });
    const open = await PrivacyRequest.count({ where: { status: 'new' } });
    const dashboard = await api.get('/api/dashboard', { token: manager.token });
    expect(dashboard.body.privacyRequests).toEqual({ open, overdue: 1 });
    expect(open).toBe(3);
    expect((await api.get('/api/dashboard', { token: hemi.token })).body).not.toHaveProperty('privacyRequests');
  });

  it('a proposed change to phone and address: the kaimahi accepts the phone and declines the address', async () => {
    const [proposed] = await memberSync([create('details.propose', { phone: '022 555 0123', address: '1 New Street' })]);
    expect(proposed!.status).toBe('applied');
    const bad = await memberSync([create('details.propose', { email: 'not an email' }), create('details.propose', {})]);
    expect(bad.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(bad[0]!.errors).toEqual([expect.objectContaining({ param: 'payload.email' })]);
    const changes = await api.get(`/api/whanau/${world.whanauId}/detail-changes`, { token: hemi.token });
    expect(changes.body).toEqual([
      expect.objectContaining({ _id: proposed!._id, proposed: { phone: '022 555 0123', address: '1 New Street' }, status: 'new' }),
    ]);
    const path = `/api/whanau/${world.whanauId}/detail-changes/${proposed!._id}/answer`;
    const first = await api.post(path, { token: hemi.token, json: { fields: { phone: true } } });
    expect(first.body).toMatchObject({ decisions: { phone: 'accepted' }, status: 'new' });
    const second = await api.post(path, { token: hemi.token, json: { fields: { address: false } } });
    expect(second.body).toMatchObject({ decisions: { phone: 'accepted', address: 'declined' }, status: 'answered' });
    const again = await api.post(path, { token: hemi.token, json: { fields: { phone: true } } });
    expect(again.status).toBe(400);
    expect(again.body.errors).toEqual([expect.objectContaining({ param: 'fields.phone' })]);
    const view = await api.get('/api/whanau-app', { token });
    expect(view.body.member).toMatchObject({ phone: '022 555 0123', address: null });
    expect((await api.get(`/api/whanau/${world.whanauId}/detail-changes`, { token: outsider.token })).status).toBe(404);
  });
});
