import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient, buildEnrolment, buildNote } from '../../../test/factories';
import { buildUser, startTestServer, type TestApi } from '../../../test/helpers';
import { AuditEvent } from '../../db/models/audit-event';

/**
 * The need-to-know matrix of whānau case work (lib/need-to-know.ts, DESIGN §4c): two kaimahi of
 * different services and one shared whānau. Each sees their own goals and contacts, the other's
 * member as "another member", and 404 for the rest; a manager sees all.
 */
let api: TestApi;
let manager: Awaited<ReturnType<typeof buildUser>>;
let hemi: Awaited<ReturnType<typeof buildUser>>; // Whānau Ora Support
let ani: Awaited<ReturnType<typeof buildUser>>; // Raised Gardens
let outsider: Awaited<ReturnType<typeof buildUser>>; // Music therapy… any third service
beforeAll(async () => {
  api = await startTestServer();
  manager = await buildUser({ access: 2, name: 'Mere Manager' });
  hemi = await buildUser({ access: 1, name: 'Hemi Kaimahi', services: ['whanau_ora_support'] });
  ani = await buildUser({ access: 1, name: 'Ani Kaimahi', services: ['raised_gardens'] });
  outsider = await buildUser({ access: 1, name: 'Rawiri Kaimahi', services: [] });
});
afterAll(() => api.close());

const newId = () => crypto.randomUUID();
const sync = async (mutations: unknown[], token: string) => {
  const res = await api.post('/api/sync', { token, json: { mutations } });
  expect(res.status).toBe(200);
  return res.body.results as { status: string; record: any; errors?: any[] }[];
};
const create = (kind: string, payload: Record<string, unknown>, id = newId()) => ({ _id: id, kind, entityId: id, payload });

/** One whānau: Tama is Whānau Ora's, Mere-Ana is Raised Gardens'. Each kaimahi adds a goal, a contact, a follow-up. */
async function sharedWhanau() {
  const tama = await buildClient({ givenName: 'Tama', familyName: 'Rewi' });
  await buildEnrolment({ serviceKey: 'whanau_ora_support', clientId: tama.id });
  const mereAna = await buildClient({ givenName: 'Mere-Ana', familyName: 'Rewi' });
  await buildEnrolment({ serviceKey: 'raised_gardens', clientId: mereAna.id });
  const whanau = create('whanau.create', { name: 'Rewi' });
  const tamaLink = create('member.link', { whanauId: whanau._id, clientId: tama.id, relationship: 'parent' });
  const hemiGoal = create('goal.create', { whanauId: whanau._id, area: 'housing', text: 'Warm home', serviceKey: 'whanau_ora_support' });
  const hemiContact = create('contact.create', {
    whanauId: whanau._id,
    on: '2026-11-25',
    kind: 'home visit',
    minutes: 30,
    serviceKey: 'whanau_ora_support',
    summary: 'Hemi visited',
  });
  const hemiTask = create('task.create', { whanauId: whanau._id, goalId: hemiGoal._id, text: 'Ring the landlord', dueOn: '2026-12-10' });
  expect((await sync([whanau, tamaLink, hemiGoal, hemiContact, hemiTask], hemi.token)).map((r) => r.status)).toEqual(Array(5).fill('applied'));
  // Ani cannot see the whānau until her client is in it: a manager links Mere-Ana.
  const mereAnaLink = create('member.link', { whanauId: whanau._id, clientId: mereAna.id, relationship: 'child' });
  expect((await sync([mereAnaLink], manager.token))[0]?.status).toBe('applied');
  const aniGoal = create('goal.create', { whanauId: whanau._id, clientId: mereAna.id, area: 'kai', text: 'Vegetable garden', serviceKey: 'raised_gardens' });
  const aniContact = create('contact.create', {
    whanauId: whanau._id,
    clientId: mereAna.id,
    on: '2026-11-26',
    kind: 'marae',
    minutes: 60,
    serviceKey: 'raised_gardens',
    summary: 'Ani planted seedlings',
  });
  const aniTask = create('task.create', { whanauId: whanau._id, text: 'Bring compost', dueOn: '2026-12-12' });
  expect((await sync([aniGoal, aniContact, aniTask], ani.token)).map((r) => r.status)).toEqual(Array(3).fill('applied'));
  return { whanauId: whanau._id, tama, mereAna, hemiGoal, hemiContact, hemiTask, aniGoal, aniContact, aniTask, tamaLink, mereAnaLink };
}

describe('need-to-know on a whānau two services share', () => {
  it('shows each kaimahi their own goals, contacts and follow-ups, the other member as "another member"; a manager all', async () => {
    const w = await sharedWhanau();
    const seen = async (token: string) => (await api.get(`/api/whanau/${w.whanauId}`, { token })).body;

    const byHemi = await seen(hemi.token);
    expect(byHemi.members).toEqual([
      expect.objectContaining({ _id: w.tamaLink._id, clientId: w.tama.id, relationship: 'parent', client: expect.objectContaining({ givenName: 'Tama' }) }),
      { _id: w.mereAnaLink._id, whanauId: w.whanauId, clientId: null, relationship: null, relationshipText: null, client: null },
    ]);
    expect(byHemi.goals.map((goal: { _id: string }) => goal._id)).toEqual([w.hemiGoal._id]);
    expect(byHemi.contacts.map((contact: { _id: string }) => contact._id)).toEqual([w.hemiContact._id]);
    expect(byHemi.tasks.map((task: { _id: string }) => task._id)).toEqual([w.hemiTask._id]);
    expect(JSON.stringify(byHemi)).not.toMatch(/Mere-Ana|Vegetable|seedlings|compost/);

    const byAni = await seen(ani.token);
    expect(byAni.members.map((member: { client: unknown }) => member.client === null)).toEqual([true, false]);
    expect(byAni.goals.map((goal: { _id: string }) => goal._id)).toEqual([w.aniGoal._id]);
    expect(byAni.contacts.map((contact: { _id: string }) => contact._id)).toEqual([w.aniContact._id]);
    expect(byAni.tasks.map((task: { _id: string }) => task._id)).toEqual([w.aniTask._id]);
    expect(JSON.stringify(byAni)).not.toMatch(/Tama|Warm home|Hemi visited|landlord/);

    const byManager = await seen(manager.token);
    expect(byManager.members.every((member: { client: unknown }) => member.client !== null)).toBe(true);
    expect(byManager.goals).toHaveLength(2);
    expect(byManager.contacts).toHaveLength(2);
    expect(byManager.tasks).toHaveLength(2);

    expect((await api.get(`/api/whanau/${w.whanauId}`, { token: outsider.token })).status).toBe(404);
    expect((await api.get(`/api/whanau/${newId()}`, { token: manager.token })).body).toEqual({ errors: [{ msg: 'Whānau not found', code: 'not_found' }] });
  });

  it('answers 404 (rejected) to writes on what a kaimahi may not see, and lists only visible whānau', async () => {
    const w = await sharedWhanau();
    const results = await sync(
      [
        { _id: newId(), kind: 'goal.update', entityId: w.hemiGoal._id, baseVersion: 1, payload: { status: 'achieved' } },
        { _id: newId(), kind: 'task.update', entityId: w.hemiTask._id, baseVersion: 1, payload: { doneAt: '2026-12-03T01:00:00.000Z' } },
        { _id: newId(), kind: 'member.unlink', entityId: w.tamaLink._id, payload: { whanauId: w.whanauId } },
        create('note.correct', { correctsNoteId: w.hemiContact._id, text: 'x', reason: 'y' }),
        create('goal.create', { whanauId: w.whanauId, area: 'other', text: 'Under their service', serviceKey: 'whanau_ora_support' }),
      ],
      ani.token,
    );
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected', 'rejected', 'rejected']);
    expect(results.map((result) => result.errors?.[0]?.msg)).toEqual([
      'Goal not found',
      'Follow-up not found',
      'Member not found',
      'Note not found',
      'You do not work on that service',
    ]);
    expect(results[4]?.errors?.[0]?.param).toBe('payload.serviceKey');
    const outsiderResults = await sync(
      [create('goal.create', { whanauId: w.whanauId, area: 'other', text: 'x', serviceKey: 'raised_gardens' })],
      outsider.token,
    );
    expect(outsiderResults[0]?.errors).toEqual([{ msg: 'Whānau not found', code: 'not_found' }]);

    const listed = async (token: string) => (await api.get('/api/whanau?q=rewi&pageSize=200', { token })).body.items.map((item: { _id: string }) => item._id);
    expect(await listed(hemi.token)).toContain(w.whanauId);
    expect(await listed(outsider.token)).not.toContain(w.whanauId);
    const mine = (await api.get('/api/whanau?q=rewi&pageSize=200', { token: hemi.token })).body.items.find((item: { _id: string }) => item._id === w.whanauId);
    expect(mine.memberCount).toBe(1);
  });

  it('shows a follow-up assigned to someone on their list, and only a kaimahi who may see the whānau can be assigned', async () => {
    const w = await sharedWhanau();
    const forAni = create('task.create', { whanauId: w.whanauId, text: 'Drop off kai', dueOn: '2026-12-05', assignedTo: ani.user.id });
    const forOutsider = create('task.create', { whanauId: w.whanauId, text: 'x', dueOn: '2026-12-05', assignedTo: outsider.user.id });
    const results = await sync([forAni, forOutsider], hemi.token);
    expect(results.map((result) => result.status)).toEqual(['applied', 'rejected']);
    expect(results[1]?.errors).toEqual([expect.objectContaining({ param: 'payload.assignedTo', msg: 'That kaimahi cannot see who this follow-up is about' })]);
    const list = (await api.get('/api/follow-ups', { token: ani.token })).body as { _id: string; subjectName: string }[];
    expect(list.find((task) => task._id === forAni._id)).toMatchObject({ subjectName: 'Rewi', assignedToName: 'Ani Kaimahi' });
    const ticked = await sync(
      [{ _id: newId(), kind: 'task.update', entityId: forAni._id, baseVersion: 1, payload: { doneAt: new Date().toISOString() } }],
      ani.token,
    );
    expect(ticked[0]?.status).toBe('applied');
    expect(((await api.get('/api/follow-ups', { token: ani.token })).body as { _id: string }[]).map((task) => task._id)).not.toContain(forAni._id);
    expect(((await api.get('/api/follow-ups?state=done', { token: ani.token })).body as { _id: string }[]).map((task) => task._id)).toContain(forAni._id);
    expect((await api.get('/api/follow-ups?state=later', { token: ani.token })).body.errors).toEqual([expect.objectContaining({ param: 'state' })]);
  });

  it('puts the whānau, contacts and corrections on the client page, each as the caller may see them', async () => {
    const w = await sharedWhanau();
    const note = await buildNote({ clientId: w.mereAna.id, authorId: ani.user.id, serviceKey: 'raised_gardens', text: 'First kōrero' });
    const fix = create('note.correct', { correctsNoteId: note.id, text: 'First kōrero at the marae', reason: 'Left out where' });
    expect((await sync([fix], ani.token))[0]?.status).toBe('applied');
    const page = (await api.get(`/api/clients/${w.mereAna.id}`, { token: ani.token })).body;
    expect(page.whanau).toEqual([{ _id: w.whanauId, name: 'Rewi', memberId: w.mereAnaLink._id, relationship: 'child', relationshipText: null }]);
    expect(page.contacts.map((contact: { _id: string }) => contact._id)).toEqual([w.aniContact._id]);
    expect(page.corrections).toEqual([expect.objectContaining({ _id: fix._id, correctsNoteId: note.id, reason: 'Left out where', authorName: 'Ani Kaimahi' })]);
    const events = await AuditEvent.findAll({ where: { entity: 'correction', entityId: fix._id } });
    expect(events.map((event) => [event.action, event.actorName, event.clientId, event.details])).toEqual([
      ['note', 'Ani Kaimahi', w.mereAna.id, { corrects: note.id, of: 'note' }],
    ]);
    const caseload = (await api.get('/api/clients/caseload', { token: ani.token })).body;
    const copy = caseload.clients.find((client: { _id: string }) => client._id === w.mereAna.id);
    expect(copy).toMatchObject({ whanau: page.whanau, contacts: page.contacts, corrections: page.corrections });
    const whanauCopy = (await api.get('/api/whanau/caseload', { token: ani.token })).body;
    expect(whanauCopy.ids).toContain(w.whanauId);
    expect(whanauCopy.whanau.find((row: { _id: string }) => row._id === w.whanauId).goals.map((goal: { _id: string }) => goal._id)).toEqual([w.aniGoal._id]);
    expect(whanauCopy.followUps.map((task: { _id: string }) => task._id)).toContain(w.aniTask._id);
    const since = (await api.get(`/api/whanau/caseload?since=${encodeURIComponent(whanauCopy.cursor)}`, { token: outsider.token })).body;
    expect(since.ids).not.toContain(w.whanauId);
  });
});

describe('need-to-know on writes (issue 32, decision 111)', () => {
  it('refuses every write that names a member the writer cannot see, on its field; a manager may', async () => {
    const w = await sharedWhanau();
    // Ani (Raised Gardens) sees the whānau through Mere-Ana, but not Tama (Whānau Ora's).
    const writes = [
      create('goal.create', { whanauId: w.whanauId, clientId: w.tama.id, area: 'kai', text: 'Tama’s garden', serviceKey: 'raised_gardens' }),
      { _id: newId(), kind: 'goal.update', entityId: w.aniGoal._id, baseVersion: 1, payload: { clientId: w.tama.id } },
      create('contact.create', {
        whanauId: w.whanauId,
        on: '2026-11-26',
        kind: 'marae',
        minutes: 30,
        serviceKey: 'raised_gardens',
        presentClientIds: [w.mereAna.id, w.tama.id],
        summary: 'Both there',
      }),
      create('task.create', { whanauId: w.whanauId, clientId: w.tama.id, text: 'Ring Tama', dueOn: '2026-12-10' }),
      { _id: newId(), kind: 'whanau.update', entityId: w.whanauId, baseVersion: 1, payload: { leadClientId: w.tama.id } },
    ];
    const results = await sync(writes, ani.token);
    expect(results.map((result) => result.status)).toEqual(Array(5).fill('rejected'));
    expect(results.map((result) => result.errors)).toEqual([
      [{ msg: 'No client you can see has that id', param: 'payload.clientId', code: 'bad_request' }],
      [{ msg: 'No client you can see has that id', param: 'payload.clientId', code: 'bad_request' }],
      [{ msg: 'No client you can see has that id', param: 'payload.presentClientIds', code: 'bad_request' }],
      [{ msg: 'Client not found', code: 'not_found' }],
      [{ msg: 'No client you can see has that id', param: 'payload.leadClientId', code: 'bad_request' }],
    ]);
    const byManager = await sync(
      [
        create('goal.create', { whanauId: w.whanauId, clientId: w.tama.id, area: 'kai', text: 'Garden', serviceKey: 'raised_gardens' }),
        create('contact.create', {
          whanauId: w.whanauId,
          on: '2026-11-26',
          kind: 'marae',
          minutes: 30,
          serviceKey: 'raised_gardens',
          presentClientIds: [w.mereAna.id, w.tama.id],
          summary: 'Both there',
        }),
      ],
      manager.token,
    );
    expect(byManager.map((result) => result.status)).toEqual(['applied', 'applied']);
  });

  it('assigns a follow-up only to someone who sees both its whānau and its client', async () => {
    const w = await sharedWhanau();
    // Ani sees the Rewi whānau and works on a service of its members, but not Tama.
    const aboutTama = create('task.create', {
      whanauId: w.whanauId,
      clientId: w.tama.id,
      text: 'Tama’s appointment',
      dueOn: '2026-12-10',
      assignedTo: ani.user.id,
    });
    const aboutMereAna = create('task.create', {
      whanauId: w.whanauId,
      clientId: w.mereAna.id,
      text: 'Seedlings',
      dueOn: '2026-12-10',
      assignedTo: ani.user.id,
    });
    const results = await sync([aboutTama, aboutMereAna], manager.token);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'applied']);
    expect(results[0]?.errors).toEqual([{ msg: 'That kaimahi cannot see who this follow-up is about', param: 'payload.assignedTo', code: 'bad_request' }]);
    const reassign = await sync(
      [{ _id: newId(), kind: 'task.update', entityId: w.hemiTask._id, baseVersion: 1, payload: { assignedTo: outsider.user.id } }],
      hemi.token,
    );
    expect(reassign[0]?.errors).toEqual([expect.objectContaining({ param: 'payload.assignedTo' })]);
    expect(((await api.get('/api/follow-ups', { token: ani.token })).body as { text: string }[]).map((task) => task.text)).not.toContain('Tama’s appointment');
  });
});

describe('a whānau’s notes stay within their service (issue 32, decision 111)', () => {
  it('hides another service’s notes and goals from the second service, refuses her edit of them, and counts the goals', async () => {
    const w = await sharedWhanau();
    const secondGoal = create('goal.create', { whanauId: w.whanauId, area: 'health', text: 'Doctor visits', serviceKey: 'whanau_ora_support' });
    const notes = { _id: newId(), kind: 'whanau.update', entityId: w.whanauId, baseVersion: 1, payload: { notes: 'Koro’s dialysis is on Tuesdays' } };
    expect((await sync([secondGoal, notes], hemi.token)).map((result) => result.status)).toEqual(['applied', 'applied']);

    const byAni = (await api.get(`/api/whanau/${w.whanauId}`, { token: ani.token })).body;
    expect(byAni).toMatchObject({ notes: null, notesHidden: true, hiddenGoalCount: 2 });
    expect(byAni.goals.map((goal: { _id: string }) => goal._id)).toEqual([w.aniGoal._id]);
    const copy = (await api.get('/api/whanau/caseload', { token: ani.token })).body.whanau.find((row: { _id: string }) => row._id === w.whanauId);
    expect(copy).toMatchObject({ notes: null, notesHidden: true, hiddenGoalCount: 2 });
    expect(JSON.stringify(copy)).not.toMatch(/dialysis/);

    const byHemi = (await api.get(`/api/whanau/${w.whanauId}`, { token: hemi.token })).body;
    expect(byHemi).toMatchObject({ notes: 'Koro’s dialysis is on Tuesdays', hiddenGoalCount: 1 });
    expect(byHemi.notesHidden).toBeUndefined();
    expect((await api.get(`/api/whanau/${w.whanauId}`, { token: manager.token })).body).toMatchObject({
      notes: 'Koro’s dialysis is on Tuesdays',
      hiddenGoalCount: 0,
    });

    const edits = await sync(
      [
        { _id: newId(), kind: 'whanau.update', entityId: w.whanauId, baseVersion: 2, payload: { notes: 'Overwritten' } },
        { _id: newId(), kind: 'whanau.update', entityId: w.whanauId, baseVersion: 2, payload: { notes: null } },
        { _id: newId(), kind: 'whanau.update', entityId: w.whanauId, baseVersion: 2, payload: { name: 'Rewi-Parata' } },
      ],
      ani.token,
    );
    expect(edits.map((result) => result.status)).toEqual(['rejected', 'rejected', 'applied']);
    expect(edits[0]?.errors).toEqual([{ msg: 'These notes belong to another service', param: 'payload.notes', code: 'bad_request' }]);
    expect(edits[2]?.record).toMatchObject({ name: 'Rewi-Parata', notes: null, notesHidden: true });
    expect((await api.get(`/api/whanau/${w.whanauId}`, { token: hemi.token })).body).toMatchObject({
      name: 'Rewi-Parata',
      notes: 'Koro’s dialysis is on Tuesdays',
    });
  });

  it('gives notes written by the second service to her service only, and empty notes to whoever writes them', async () => {
    const w = await sharedWhanau();
    const write = { _id: newId(), kind: 'whanau.update', entityId: w.whanauId, baseVersion: 1, payload: { notes: 'Garden beds at the back' } };
    expect((await sync([write], ani.token))[0]?.status).toBe('applied');
    expect((await api.get(`/api/whanau/${w.whanauId}`, { token: hemi.token })).body).toMatchObject({ notes: null, notesHidden: true });
    expect((await api.get(`/api/whanau/${w.whanauId}`, { token: ani.token })).body).toMatchObject({ notes: 'Garden beds at the back' });
    const clear = { _id: newId(), kind: 'whanau.update', entityId: w.whanauId, baseVersion: 2, payload: { notes: null } };
    expect((await sync([clear], ani.token))[0]?.status).toBe('applied');
    const fresh = { _id: newId(), kind: 'whanau.update', entityId: w.whanauId, baseVersion: 3, payload: { notes: 'Whānau hui in March' } };
    expect((await sync([fresh], hemi.token))[0]?.status).toBe('applied');
    expect((await api.get(`/api/whanau/${w.whanauId}`, { token: ani.token })).body).toMatchObject({ notes: null, notesHidden: true });
  });
});
