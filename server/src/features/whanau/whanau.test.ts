import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient, buildEnrolment, buildNote } from '../../../test/factories';
import { buildUser, startTestServer, type TestApi } from '../../../test/helpers';
import { AuditEvent } from '../../db/models/audit-event';
import { Contact, ContactOutputRow, Goal, NoteCorrection, Task, Whanau, WhanauMember } from '../../db/models/whanau';
import { Operation } from '../../db/models/operation';
import { ServiceOutputRow } from '../../db/models/service-output';
import { sequelize } from '../../db/sequelize';

let api: TestApi;
const kaiParcel = crypto.randomUUID();
let manager: Awaited<ReturnType<typeof buildUser>>;
/** A kaimahi of Whānau Ora Support, and one of Raised Gardens. */
let hemi: Awaited<ReturnType<typeof buildUser>>;
let ani: Awaited<ReturnType<typeof buildUser>>;
beforeAll(async () => {
  api = await startTestServer();
  manager = await buildUser({ access: 2, name: 'Mere Manager' });
  hemi = await buildUser({ access: 1, name: 'Hemi Kaimahi', services: ['whanau_ora_support'] });
  ani = await buildUser({ access: 1, name: 'Ani Kaimahi', services: ['raised_gardens'] });
  // A contact's output names an output its service defines (issue 23).
  await ServiceOutputRow.create({
    id: kaiParcel,
    serviceKey: 'whanau_ora_support',
    name: 'Kai parcel',
    nameMi: 'Pūtea kai',
    unit: 'kg',
    hasValue: true,
    position: 0,
    retiredAt: null,
  });
});
afterAll(() => api.close());

const newId = () => crypto.randomUUID();
const sync = (mutations: unknown[], token = hemi.token) => api.post('/api/sync', { token, json: { mutations } });
const statuses = (results: { status: string }[]) => results.map((result) => result.status);
const create = (kind: string, payload: Record<string, unknown>, id = newId()) => ({ _id: id, kind, entityId: id, payload });
const edit = (kind: string, entityId: string, baseVersion: number, payload: Record<string, unknown>) => ({
  _id: newId(),
  kind,
  entityId,
  baseVersion,
  payload,
});

/** A client enrolled in a service. */
async function clientOf(serviceKey: string, givenName = 'Hine') {
  const client = await buildClient({ givenName, familyName: 'Walker', phone: '021 555 4567' });
  await buildEnrolment({ serviceKey, clientId: client.id });
  return client;
}

/** A whānau made by Hemi with one Whānau Ora member, applied through sync; answers the ids. */
async function whanauWithMember() {
  const member = await clientOf('whanau_ora_support', 'Tama');
  const whanau = create('whanau.create', { name: 'Te Whānau o Walker' });
  const link = create('member.link', { whanauId: whanau._id, clientId: member.id, relationship: 'parent' });
  const res = await sync([whanau, link]);
  expect(statuses(res.body.results)).toEqual(['applied', 'applied']);
  return { whanauId: whanau._id, memberId: link._id, client: member };
}

describe('whānau kinds through POST /api/sync', () => {
  it('creates a whānau, links members, sets a goal, a follow-up, a contact and a correction; each once', async () => {
    const tama = await clientOf('whanau_ora_support', 'Tama');
    const whanau = create('whanau.create', { name: ' Te Whānau o Walker ', notes: 'Prefer visits after 3pm' });
    const link = create('member.link', { whanauId: whanau._id, clientId: tama.id, relationship: 'other', relationshipText: 'whāngai' });
    const goal = create('goal.create', {
      whanauId: whanau._id,
      clientId: tama.id,
      area: 'housing',
      text: 'A warm, dry home',
      targetDate: '2027-06-30',
      serviceKey: 'whanau_ora_support',
    });
    const task = create('task.create', { whanauId: whanau._id, goalId: goal._id, text: 'Call Kāinga Ora', dueOn: '2026-12-09' });
    const contact = create('contact.create', {
      whanauId: whanau._id,
      clientId: tama.id,
      on: '2026-11-26',
      kind: 'home visit',
      minutes: 45,
      serviceKey: 'whanau_ora_support',
      presentClientIds: [tama.id],
      goalIds: [goal._id],
      outputs: [{ kind: kaiParcel, quantity: 2, unit: 'kg', value: 40 }],
      summary: 'Visited the whānau at home',
    });
    const correction = create('note.correct', { correctsNoteId: contact._id, text: 'Visited Tama at home', reason: 'Wrong name' });
    const mutations = [whanau, link, goal, task, contact, correction];
    const res = await sync(mutations);
    expect(res.status).toBe(200);
    expect(statuses(res.body.results)).toEqual(['applied', 'applied', 'applied', 'applied', 'applied', 'applied']);
    const [w, m, g, t, c, n] = res.body.results.map((result: { record: unknown }) => result.record);
    expect(w).toEqual({
      _id: whanau._id,
      name: 'Te Whānau o Walker',
      leadClientId: null,
      notes: 'Prefer visits after 3pm',
      version: 1,
      createdAt: expect.any(String),
      writtenAt: expect.any(String),
      createdBy: hemi.user.id,
      updatedAt: expect.any(String),
    });
    expect(m).toEqual({
      _id: link._id,
      whanauId: whanau._id,
      clientId: tama.id,
      relationship: 'other',
      relationshipText: 'whāngai',
      client: { _id: tama.id, givenName: 'Tama', familyName: 'Walker', preferredName: null },
    });
    expect(g).toMatchObject({
      _id: goal._id,
      whanauId: whanau._id,
      clientId: tama.id,
      area: 'housing',
      status: 'not started',
      targetDate: '2027-06-30',
      version: 1,
    });
    expect(t).toMatchObject({
      _id: task._id,
      goalId: goal._id,
      assignedTo: hemi.user.id,
      assignedToName: 'Hemi Kaimahi',
      doneAt: null,
      subjectName: 'Te Whānau o Walker',
    });
    expect(c).toMatchObject({
      _id: contact._id,
      minutes: 45,
      outputs: [{ kind: kaiParcel, quantity: 2, unit: 'kg', value: 40 }],
      authorName: 'Hemi Kaimahi',
    });
    expect(n).toMatchObject({
      _id: correction._id,
      correctsNoteId: contact._id,
      text: 'Visited Tama at home',
      reason: 'Wrong name',
      authorName: 'Hemi Kaimahi',
    });

    const again = await sync(mutations);
    expect(statuses(again.body.results)).toEqual(['duplicate', 'duplicate', 'duplicate', 'duplicate', 'duplicate', 'duplicate']);
    expect(await Whanau.count({ where: { id: whanau._id } })).toBe(1);
    expect(await WhanauMember.count({ where: { whanauId: whanau._id } })).toBe(1);
    expect(await Goal.count({ where: { whanauId: whanau._id } })).toBe(1);
    expect(await Task.count({ where: { whanauId: whanau._id } })).toBe(1);
    expect(await Contact.count({ where: { whanauId: whanau._id } })).toBe(1);
    expect(await ContactOutputRow.findAll({ where: { contactId: contact._id } })).toEqual([
      expect.objectContaining({ serviceKey: 'whanau_ora_support', on: '2026-11-26', kind: kaiParcel, quantity: 2 }),
    ]);
    expect(await NoteCorrection.count({ where: { correctsNoteId: contact._id } })).toBe(1);

    const page = await api.get(`/api/whanau/${whanau._id}`, { token: hemi.token });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.body).toMatchObject({ _id: whanau._id, members: [m], goals: [g], tasks: [t], contacts: [c], corrections: [n] });

    const followUps = await api.get('/api/follow-ups', { token: hemi.token });
    expect(followUps.body).toEqual([t]);
  });

  it('refuses another body under the same id, bad payloads as payload.<field>, and writes nothing', async () => {
    const whanau = create('whanau.create', { name: 'Ngata' });
    expect(statuses((await sync([whanau])).body.results)).toEqual(['applied']);
    const changed = await sync([{ ...whanau, payload: { name: 'Ngata-Smith' } }]);
    expect(changed.body.results[0]).toMatchObject({
      status: 'rejected',
      errors: [expect.objectContaining({ msg: 'This request id was already used for a different request' })],
    });
    const bad = await sync([create('goal.create', { whanauId: 'nope', area: 'space', text: ' ', serviceKey: 'none' })]);
    expect(bad.body.results[0].status).toBe('rejected');
    expect(bad.body.results[0].errors.map((error: { param: string }) => error.param).sort()).toEqual([
      'payload.area',
      'payload.serviceKey',
      'payload.text',
      'payload.whanauId',
    ]);
    expect(await Operation.count({ where: { id: bad.body.results[0]._id } })).toBe(0);
  });
});

describe('edits on baseVersion', () => {
  it('merges a goal edit that clashes with nothing, and answers conflict with mine and theirs when the status changed meanwhile', async () => {
    const { whanauId } = await whanauWithMember();
    const goal = create('goal.create', { whanauId, area: 'kai', text: 'Raised beds in the back yard', serviceKey: 'whanau_ora_support' });
    await sync([goal]);
    const first = await sync([edit('goal.update', goal._id, 1, { status: 'in progress' })], manager.token);
    expect(first.body.results[0]).toMatchObject({ status: 'applied', record: { status: 'in progress', version: 2 } });
    const mine = await sync([edit('goal.update', goal._id, 1, { status: 'stopped', targetDate: '2027-01-31' })]);
    expect(mine.body.results[0]).toMatchObject({
      status: 'conflict',
      conflicts: [{ field: 'status', mine: 'stopped', theirs: 'in progress' }],
      record: { _id: goal._id, status: 'in progress', version: 2, targetDate: null },
    });
    const merged = await sync([edit('goal.update', goal._id, 1, { targetDate: '2027-01-31' })]);
    expect(merged.body.results[0]).toMatchObject({ status: 'applied', record: { status: 'in progress', targetDate: '2027-01-31', version: 3 } });
  });
});

describe('each kind', () => {
  it('rejects another body under a used id and a bad payload as payload.<field>, for all ten kinds', async () => {
    const { whanauId, memberId, client } = await whanauWithMember();
    const goal = create('goal.create', { whanauId, area: 'health', text: 'Health check', serviceKey: 'whanau_ora_support' });
    const task = create('task.create', { whanauId, text: 'Book it', dueOn: '2026-12-20' });
    const contact = create('contact.create', {
      clientId: client.id,
      on: '2026-11-25',
      kind: 'phone',
      minutes: 5,
      serviceKey: 'whanau_ora_support',
      summary: 'Rang',
    });
    expect(statuses((await sync([goal, task, contact])).body.results)).toEqual(['applied', 'applied', 'applied']);
    const good = [
      create('whanau.create', { name: 'Tipene' }),
      edit('whanau.update', whanauId, 1, { notes: 'Kōrero Māori at home' }),
      create('member.link', { whanauId, clientId: (await clientOf('whanau_ora_support')).id, relationship: 'sibling' }),
      { _id: newId(), kind: 'member.unlink', entityId: memberId, payload: { whanauId } },
      create('goal.create', { whanauId, area: 'culture', text: 'Kapa haka', serviceKey: 'whanau_ora_support' }),
      edit('goal.update', goal._id, 1, { text: 'Health check at the marae clinic' }),
      create('task.create', { whanauId, text: 'Text reminder', dueOn: '2026-12-21' }),
      edit('task.update', task._id, 1, { dueOn: '2026-12-22' }),
      create('contact.create', { whanauId, on: '2026-11-26', kind: 'online', minutes: 20, serviceKey: 'whanau_ora_support', summary: 'Zoom hui' }),
      create('note.correct', { correctsNoteId: contact._id, text: 'Rang twice', reason: 'Missed one' }),
    ];
    expect(statuses((await sync(good)).body.results)).toEqual(Array(10).fill('applied'));
    const reused = await sync(good.map((mutation) => ({ ...mutation, payload: { ...mutation.payload, unexpected: 'x', text: 'changed' } })));
    expect(reused.body.results.map((result: { status: string; errors: { msg: string }[] }) => [result.status, result.errors?.[0]?.msg])).toEqual(
      Array(10).fill(['rejected', 'This request id was already used for a different request']),
    );
    const bad = await sync([
      create('whanau.create', { name: '' }),
      edit('whanau.update', whanauId, 2, {}),
      create('member.link', { whanauId, clientId: client.id, relationship: 'cousin' }),
      { _id: newId(), kind: 'member.unlink', entityId: memberId, payload: {} },
      create('goal.create', { whanauId, area: 'health', text: 'x', status: 'done', serviceKey: 'whanau_ora_support' }),
      edit('goal.update', goal._id, 2, { targetDate: '2026-02-30' }),
      create('task.create', { text: 'x', dueOn: '2026-12-01' }),
      edit('task.update', task._id, 2, { doneAt: 'yesterday' }),
      create('contact.create', { clientId: client.id, on: '2026-11-25', kind: 'phone', minutes: -1, serviceKey: 'whanau_ora_support', summary: 'x' }),
      create('note.correct', { correctsNoteId: contact._id, text: 'x' }),
    ]);
    expect(bad.body.results.map((result: { status: string; errors: { param?: string }[] }) => [result.status, result.errors?.[0]?.param])).toEqual([
      ['rejected', 'payload.name'],
      ['rejected', 'payload'],
      ['rejected', 'payload.relationship'],
      ['rejected', 'payload.whanauId'],
      ['rejected', 'payload.status'],
      ['rejected', 'payload.targetDate'],
      ['rejected', 'payload.whanauId'],
      ['rejected', 'payload.doneAt'],
      ['rejected', 'payload.minutes'],
      ['rejected', 'payload.reason'],
    ]);
  });

  it('answers conflict on whanau.update and task.update when the same field changed since, and keeps the history of each edit', async () => {
    const { whanauId } = await whanauWithMember();
    const task = create('task.create', { whanauId, text: 'Call the school', dueOn: '2026-12-20' });
    await sync([task]);
    expect(
      statuses(
        (
          await sync(
            [edit('whanau.update', whanauId, 1, { name: 'Te Whānau Walker-Rewi' }), edit('task.update', task._id, 1, { dueOn: '2026-12-18' })],
            manager.token,
          )
        ).body.results,
      ),
    ).toEqual(['applied', 'applied']);
    const clash = await sync([
      edit('whanau.update', whanauId, 1, { name: 'Walker' }),
      edit('task.update', task._id, 1, { dueOn: '2026-12-25', text: 'Call the kura' }),
    ]);
    expect(clash.body.results[0]).toMatchObject({ status: 'conflict', conflicts: [{ field: 'name', mine: 'Walker', theirs: 'Te Whānau Walker-Rewi' }] });
    expect(clash.body.results[1]).toMatchObject({
      status: 'conflict',
      conflicts: [{ field: 'dueOn', mine: '2026-12-25', theirs: '2026-12-18' }],
      record: { text: 'Call the school' },
    });
    const { FieldChange } = await import('../../db/models/field-change');
    expect((await FieldChange.findAll({ where: { entityId: whanauId } })).map((row) => [row.field, row.fromValue, row.toValue, row.actorName])).toEqual([
      ['name', 'Te Whānau o Walker', 'Te Whānau Walker-Rewi', 'Mere Manager'],
    ]);
  });

  it('links a client once, unlinks (the record stays), and links them again', async () => {
    const { whanauId, memberId, client } = await whanauWithMember();
    const again = await sync([create('member.link', { whanauId, clientId: client.id, relationship: 'child' })]);
    expect(again.body.results[0]).toMatchObject({
      status: 'rejected',
      errors: [expect.objectContaining({ msg: 'This person is already a member of this whānau', param: 'payload.clientId' })],
    });
    const unlink = { _id: newId(), kind: 'member.unlink', entityId: memberId, payload: { whanauId } };
    expect((await sync([unlink], manager.token)).body.results[0]).toMatchObject({ status: 'applied', record: { _id: memberId, clientId: client.id } });
    expect((await sync([unlink], manager.token)).body.results[0].status).toBe('duplicate');
    expect((await api.get(`/api/clients/${client.id}`, { token: manager.token })).body.whanau).toEqual([]);
    const relink = await sync([create('member.link', { whanauId, clientId: client.id, relationship: 'child' })], manager.token);
    expect(relink.body.results[0].status).toBe('applied');
    const events = await AuditEvent.findAll({ where: { entity: 'member', entityId: memberId }, order: [['seq', 'ASC']] });
    expect(events.map((event) => [event.action, event.fields])).toEqual([
      ['link', null],
      ['update', ['unlinkedAt']],
    ]);
  });
});

describe('GET /api/whanau/caseload', () => {
  /** A whānau of two Whānau Ora members with a goal, a follow-up, a contact, a case note and a correction of it. */
  async function fullWhanau(token: string, authorId: string, name: string) {
    const [one, two] = [await clientOf('whanau_ora_support', 'Aroha'), await clientOf('whanau_ora_support', 'Wiremu')];
    const whanau = create('whanau.create', { name });
    const goal = create('goal.create', { whanauId: whanau._id, area: 'kai', text: 'A garden', serviceKey: 'whanau_ora_support' });
    const contact = create('contact.create', {
      whanauId: whanau._id,
      on: '2026-11-02',
      kind: 'phone',
      minutes: 10,
      serviceKey: 'whanau_ora_support',
      summary: 'Rang about seedlings',
    });
    const note = await buildNote({ clientId: one.id, authorId, text: 'Talked about the garden' });
    const res = await sync(
      [
        whanau,
        create('member.link', { whanauId: whanau._id, clientId: one.id, relationship: 'parent' }),
        create('member.link', { whanauId: whanau._id, clientId: two.id, relationship: 'child' }),
        goal,
        create('task.create', { whanauId: whanau._id, goalId: goal._id, text: 'Buy seedlings', dueOn: '2026-12-10' }),
        contact,
        create('note.correct', { correctsNoteId: note.id, text: 'Talked about the garden beds', reason: 'More exact' }),
      ],
      token,
    );
    expect(res.body.results.map((result: { status: string; errors?: unknown }) => [result.status, result.errors])).toEqual(
      Array(7).fill(['applied', undefined]),
    );
    return whanau._id;
  }

  it('reads every whānau of the copy in the same number of queries however many there are, each as its own page shows it', async () => {
    const rangi = await buildUser({ access: 1, name: 'Rangi Kaimahi', services: ['whanau_ora_support'] });
    const made = [await fullWhanau(rangi.token, rangi.user.id, 'Te Whānau a Tipene')];
    let queries = 0;
    const count = () => {
      queries += 1;
    };
    const countedCaseload = async () => {
      queries = 0;
      sequelize.addHook('beforeQuery', 'count-caseload', count);
      try {
        const res = await api.get('/api/whanau/caseload', { token: rangi.token });
        expect(res.status).toBe(200);
        return { body: res.body as { whanau: { _id: string }[] }, queries };
      } finally {
        sequelize.removeHook('beforeQuery', 'count-caseload');
      }
    };
    const few = await countedCaseload();
    for (const name of ['Te Whānau a Hōne', 'Te Whānau a Kiri', 'Te Whānau a Manu', 'Te Whānau a Pita'])
      made.push(await fullWhanau(rangi.token, rangi.user.id, name));
    const more = await countedCaseload();
    expect(more.body.whanau.length).toBe(few.body.whanau.length + 4);
    expect(more.queries).toBe(few.queries);

    for (const id of made) {
      const kept = more.body.whanau.find((one) => one._id === id);
      const page = (await api.get(`/api/whanau/${id}`, { token: rangi.token })).body;
      expect(kept).toEqual(page);
      expect(page).toMatchObject({ members: [{}, {}], goals: [{}], tasks: [{}], contacts: [{}], caseNotes: [{}], corrections: [{}] });
    }
  });
});

describe('GET /api/whanau/{id} and /api/follow-ups', () => {
  it('answers 404 to a kaimahi who may not see the whānau, and writes a view event for one who may', async () => {
    const { whanauId } = await whanauWithMember();
    expect((await api.get(`/api/whanau/${whanauId}`, { token: ani.token })).status).toBe(404);
    expect((await api.get(`/api/whanau/${whanauId}`, { token: manager.token })).status).toBe(200);
    const views = await AuditEvent.findAll({ where: { entity: 'whanau', entityId: whanauId, action: 'view' } });
    expect(views.map((event) => event.actorName)).toEqual(['Mere Manager']);
    void buildNote;
  });

  it('refuses bad queries with 400 in the contract’s shape, and anyone not signed in with 401', async () => {
    const bad = async (path: string) => (await api.get(path, { token: hemi.token })).body.errors.map((error: { param: string }) => error.param);
    expect(await bad('/api/whanau/not-an-id')).toEqual(['id']);
    expect(await bad('/api/whanau?pageSize=0&page=0')).toEqual(['page', 'pageSize']);
    expect(await bad(`/api/whanau?q=${'a'.repeat(201)}`)).toEqual(['q']);
    expect(await bad('/api/whanau/caseload?since=yesterday')).toEqual(['since']);
    expect(await bad('/api/follow-ups?state=soon')).toEqual(['state']);
    for (const path of ['/api/whanau', '/api/whanau/caseload', `/api/whanau/${newId()}`, '/api/follow-ups']) expect((await api.get(path)).status).toBe(401);
  });
});
