import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildClient, buildEnrolment, buildNote } from '../../../test/factories';
import { buildUser, startTestServer, type TestApi } from '../../../test/helpers';
import { AuditEvent } from '../../db/models/audit-event';
import { CaseNote } from '../../db/models/case-note';
import { Client } from '../../db/models/client';
import { Enrolment } from '../../db/models/enrolment';
import { Operation } from '../../db/models/operation';
import { sequelize } from '../../db/sequelize';
import { setClock } from '../../lib/clock';
import { publishedStatementVersions } from '../../../contract/clients';
import { collectionStatement, earlierStatementVersions } from '../../../contract/enrolments';
import { nzToday } from '../../../contract/nz-days';

let api: TestApi;
let manager: Awaited<ReturnType<typeof buildUser>>;
/** A kaimahi of Whānau Ora Support, and one of Raised Gardens. */
let whanauKaimahi: Awaited<ReturnType<typeof buildUser>>;
let gardensKaimahi: Awaited<ReturnType<typeof buildUser>>;
beforeAll(async () => {
  api = await startTestServer();
  manager = await buildUser({ access: 2, name: 'Mere Manager' });
  whanauKaimahi = await buildUser({ access: 1, name: 'Hemi Kaimahi', services: ['whanau_ora_support'] });
  gardensKaimahi = await buildUser({ access: 1, name: 'Ani Kaimahi', services: ['raised_gardens'] });
});
afterAll(() => api.close());
afterEach(() => setClock());

const newId = () => crypto.randomUUID();
const eventsOf = (clientId: string) => AuditEvent.findAll({ where: { clientId }, order: [['seq', 'ASC']] });
const actionsOf = async (clientId: string) => (await eventsOf(clientId)).map((event) => event.action);

/** The funder report's "accepted" for Whānau Ora Support this month so far (New Zealand days). */
async function acceptedThisMonth(): Promise<number> {
  const today = nzToday();
  const report = await api.get(`/api/reports?from=${today.slice(0, 8)}01&to=${today}&services=whanau_ora_support`, { token: manager.token });
  expect(report.status).toBe(200);
  return report.body.tables.enrolments.rows.find((row: { key: string }) => row.key === 'whanau_ora_support').values.accepted as number;
}

/** A client linked to a Whānau Ora Support enrolment. */
async function whanauClient(overrides: Parameters<typeof buildClient>[0] = {}) {
  const client = await buildClient(overrides);
  const enrolment = await buildEnrolment({ serviceKey: 'whanau_ora_support', clientId: client.id });
  return { client, enrolment };
}

describe('POST /api/clients', () => {
  it('creates a client (201) with its fields, version 1, who made it, and a create event', async () => {
    const body = {
      _id: newId(),
      givenName: ' Tūhoe ',
      familyName: 'Whānau',
      preferredName: 'Tu',
      dateOfBirth: '1990-03-25',
      phone: '021 555 0101',
      email: 'tu@example.org',
      address: '12 Kahu Road',
      suburb: 'Aranui',
      iwi: 'Ngāi Tahu',
      hapu: 'Ngāi Tūāhuriri',
      household: 4,
      notes: 'Prefers texts after 3pm',
      consent: { statementVersion: '2026-11-01', at: '2026-11-22T17:31:07.219+13:00', how: 'in person' },
      version: 9,
      createdBy: manager.user.id,
    };
    const res = await api.post('/api/clients', { token: whanauKaimahi.token, json: body });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      _id: body._id,
      givenName: 'Tūhoe',
      familyName: 'Whānau',
      preferredName: 'Tu',
      dateOfBirth: '1990-03-25',
      phone: '021 555 0101',
      email: 'tu@example.org',
      address: '12 Kahu Road',
      suburb: 'Aranui',
      iwi: 'Ngāi Tahu',
      hapu: 'Ngāi Tūāhuriri',
      household: 4,
      notes: 'Prefers texts after 3pm',
      consent: { statementVersion: '2026-11-01', at: '2026-11-22T04:31:07.219Z', how: 'in person' },
      version: 1,
      createdAt: expect.any(String),
      writtenAt: expect.any(String),
      createdBy: whanauKaimahi.user.id,
      updatedAt: expect.any(String),
      updatedBy: whanauKaimahi.user.id,
      createdByName: 'Hemi Kaimahi',
      updatedByName: 'Hemi Kaimahi',
      enrolments: [],
      caseNotes: [],
      whanau: [],
      contacts: [],
      corrections: [],
    });
    expect(res.headers.get('cache-control')).toBe('no-store');
    const events = await eventsOf(body._id);
    expect(events.map((event) => [event.action, event.actorId, event.actorName, event.entity])).toEqual([
      ['create', whanauKaimahi.user.id, 'Hemi Kaimahi', 'client'],
    ]);
    expect(events[0]?.fields).toContain('givenName');
  });

  it('answers a create with every field, null where none was given, just as a read shows it', async () => {
    const body = { _id: newId(), givenName: 'Hine', familyName: 'Moana' };
    const created = await api.post('/api/clients', { token: whanauKaimahi.token, json: body });
    expect(created.status).toBe(201);
    for (const field of ['preferredName', 'dateOfBirth', 'phone', 'email', 'address', 'suburb', 'iwi', 'hapu', 'household', 'notes', 'consent']) {
      expect(created.body).toHaveProperty(field, null);
    }
    const read = await api.get(`/api/clients/${body._id}`, { token: whanauKaimahi.token });
    expect(created.body).toEqual(read.body);
  });

  it('lets the kaimahi who created a client see it, and a kaimahi of no linked service not', async () => {
    const body = { _id: newId(), givenName: 'Aroha', familyName: 'Ngata' };
    expect((await api.post('/api/clients', { token: gardensKaimahi.token, json: body })).status).toBe(201);
    expect((await api.get(`/api/clients/${body._id}`, { token: gardensKaimahi.token })).status).toBe(200);
    expect((await api.get(`/api/clients/${body._id}`, { token: whanauKaimahi.token })).status).toBe(404);
  });

  it('answers a resend with the same status and body, and one record; the same id with another body gets 409', async () => {
    const body = { _id: newId(), givenName: 'Rua', familyName: 'Kenana', phone: '03 555 0000' };
    const first = await api.post('/api/clients', { token: whanauKaimahi.token, json: body });
    const again = await api.post('/api/clients', { token: whanauKaimahi.token, json: { ...body } });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.text).toBe(first.text);
    expect(await Client.count({ where: { id: body._id } })).toBe(1);
    expect(await actionsOf(body._id)).toEqual(['create']);
    const changed = await api.post('/api/clients', { token: whanauKaimahi.token, json: { ...body, givenName: 'Te Rua' } });
    expect(changed.status).toBe(409);
    expect(changed.body.errors).toEqual([expect.objectContaining({ msg: 'This request id was already used for a different request' })]);
    expect((await Client.findByPk(body._id))?.givenName).toBe('Rua');
    // Another person sending the same operation id is a different request too.
    const otherActor = await api.post('/api/clients', { token: manager.token, json: body });
    expect(otherActor.status).toBe(409);
  });

  it('refuses bad input with 400, every problem listed with its field, and writes nothing', async () => {
    const id = newId();
    const res = await api.post('/api/clients', {
      token: whanauKaimahi.token,
      json: {
        _id: id,
        givenName: '  ',
        dateOfBirth: '1990-02-30',
        phone: 'call me',
        email: 'nope',
        household: 0,
        hapu: 'h'.repeat(201),
        consent: { statementVersion: '2026-11-01', at: 'yesterday', how: 'carrier pigeon' },
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ msg: 'Given name is required', param: 'givenName' }),
        expect.objectContaining({ msg: 'Family name is required', param: 'familyName' }),
        expect.objectContaining({ msg: 'Date of birth is not a real date', param: 'dateOfBirth' }),
        expect.objectContaining({ msg: 'Phone number can only have digits, spaces and + - ( )', param: 'phone' }),
        expect.objectContaining({ msg: 'Please give a valid email address', param: 'email' }),
        expect.objectContaining({ msg: 'Household must be at least 1', param: 'household' }),
        expect.objectContaining({ msg: 'Hapū must be at most 200 characters', param: 'hapu' }),
        expect.objectContaining({ param: 'consent.at' }),
        expect.objectContaining({ param: 'consent.how' }),
      ]),
    );
    expect(res.body.errors).toHaveLength(9);
    expect(await Client.count({ where: { id } })).toBe(0);
    expect(await Operation.count({ where: { id } })).toBe(0);
    const noId = await api.post('/api/clients', { token: whanauKaimahi.token, json: { givenName: 'A', familyName: 'B' } });
    expect(noId.status).toBe(400);
    expect(noId.body.errors).toEqual([expect.objectContaining({ msg: 'Must be a valid id', param: '_id' })]);
  });

  it('creates a client from an enrolment: links it, takes its consent, enrols it, and records create, link and status', async () => {
    const before = await acceptedThisMonth();
    const enrolment = await buildEnrolment({ serviceKey: 'whanau_ora_support', givenName: 'Piripi', familyName: 'Mahuika' });
    const body = { _id: newId(), givenName: 'Piripi', familyName: 'Mahuika', phone: enrolment.phone };
    const res = await api.post(`/api/clients?fromEnrolment=${enrolment.id}`, { token: whanauKaimahi.token, json: body });
    expect(res.status).toBe(201);
    // Making the client enrols the person (issue 31: the funder report counts them accepted).
    expect(res.body.enrolments).toEqual([expect.objectContaining({ _id: enrolment.id, serviceKey: 'whanau_ora_support', status: 'enrolled', version: 2 })]);
    expect(res.body.consent).toEqual({ statementVersion: enrolment.consentStatementVersion, at: enrolment.consentedAt.toISOString(), how: 'online' });
    await enrolment.reload();
    expect(enrolment.clientId).toBe(body._id);
    expect(await actionsOf(body._id)).toEqual(['create', 'link', 'status']);
    expect((await eventsOf(body._id)).find((event) => event.action === 'status')?.details).toEqual({ from: 'new', to: 'enrolled' });
    expect(await acceptedThisMonth()).toBe(before + 1);
    // The enrolment is linked now: another client from it is refused.
    const twice = await api.post(`/api/clients?fromEnrolment=${enrolment.id}`, { token: whanauKaimahi.token, json: { ...body, _id: newId() } });
    expect(twice.status).toBe(409);
    expect(twice.body.errors).toEqual([expect.objectContaining({ msg: 'This enrolment is already linked to a client', param: 'fromEnrolment' })]);
  });

  it('answers 404 for an enrolment of another service, creating nothing', async () => {
    const enrolment = await buildEnrolment({ serviceKey: 'raised_gardens' });
    const body = { _id: newId(), givenName: 'Nope', familyName: 'Nope' };
    const res = await api.post(`/api/clients?fromEnrolment=${enrolment.id}`, { token: whanauKaimahi.token, json: body });
    expect(res.status).toBe(404);
    expect(res.body.errors).toEqual([expect.objectContaining({ msg: 'Enrolment not found' })]);
    expect(await Client.count({ where: { id: body._id } })).toBe(0);
    expect(await AuditEvent.count({ where: { entityId: body._id } })).toBe(0);
  });
});

describe('GET /api/clients/{id}', () => {
  it('shows the client, its enrolments, case notes newest first with author, and writes a view event', async () => {
    const { client, enrolment } = await whanauClient({ givenName: 'Kiri' });
    const gardens = await buildEnrolment({ serviceKey: 'raised_gardens', clientId: client.id, receivedAt: new Date(Date.now() + 60_000) });
    await buildNote({ clientId: client.id, authorId: manager.user.id, text: 'First', createdAt: new Date('2026-01-01T00:00:00Z') });
    await buildNote({ clientId: client.id, authorId: whanauKaimahi.user.id, text: 'Second', createdAt: new Date('2026-01-02T00:00:00Z') });
    const res = await api.get(`/api/clients/${client.id}`, { token: whanauKaimahi.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: client.id, givenName: 'Kiri', version: 1 });
    // A kaimahi sees only the enrolments of their own services.
    expect(res.body.enrolments.map((item: { _id: string }) => item._id)).toEqual([enrolment.id]);
    expect(res.body.caseNotes.map((note: { text: string; authorName: string }) => [note.text, note.authorName])).toEqual([
      ['Second', 'Hemi Kaimahi'],
      ['First', 'Mere Manager'],
    ]);
    expect(await actionsOf(client.id)).toEqual(['view']);
    const asManager = await api.get(`/api/clients/${client.id}`, { token: manager.token });
    // Newest first.
    expect(asManager.body.enrolments.map((item: { _id: string }) => item._id)).toEqual([gardens.id, enrolment.id]);
  });

  it('answers 404 to a kaimahi of another service, to an unknown id, and 400 to a bad id; no view is recorded', async () => {
    const { client } = await whanauClient();
    for (const path of [`/api/clients/${client.id}`, `/api/clients/${newId()}`]) {
      const res = await api.get(path, { token: gardensKaimahi.token });
      expect(res.status).toBe(404);
      expect(res.body.errors).toEqual([expect.objectContaining({ msg: 'Client not found' })]);
    }
    expect(await actionsOf(client.id)).toEqual([]);
    const bad = await api.get('/api/clients/not-an-id', { token: manager.token });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([expect.objectContaining({ msg: 'Must be a valid id', param: 'id' })]);
  });

  it('answers 401 without a token', async () => {
    const res = await api.get(`/api/clients/${newId()}`);
    expect(res.status).toBe(401);
  });
});

describe('PATCH /api/clients/{id}', () => {
  const edit = (token: string, id: string, baseVersion: number, changes: Record<string, unknown>, opId = newId()) =>
    api.patch(`/api/clients/${id}`, { token, json: { _id: opId, baseVersion, changes } });

  it('applies changed fields, increments the version, records an update with the fields', async () => {
    const { client } = await whanauClient();
    const res = await edit(whanauKaimahi.token, client.id, 1, { phone: '027 123 4567', suburb: 'Linwood', notes: '' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: client.id, phone: '027 123 4567', suburb: 'Linwood', notes: null, version: 2, updatedBy: whanauKaimahi.user.id });
    const events = await eventsOf(client.id);
    expect(events.map((event) => event.action)).toEqual(['update']);
    expect(events[0]?.fields).toEqual(['phone', 'suburb']);
  });

  it('merges edits of different fields made from the same version: both applied, version up each time', async () => {
    const { client } = await whanauClient();
    const mine = await edit(whanauKaimahi.token, client.id, 1, { phone: '021 000 1111' });
    const theirs = await edit(manager.token, client.id, 1, { email: 'hine@example.org' });
    expect(mine.status).toBe(200);
    expect(theirs.status).toBe(200);
    expect(theirs.body).toMatchObject({ phone: '021 000 1111', email: 'hine@example.org', version: 3 });
  });

  it('answers 409 with the conflicts and the record when a sent field changed since, writing nothing at all', async () => {
    const { client } = await whanauClient({ phone: '021 111 1111' });
    expect((await edit(manager.token, client.id, 1, { phone: '021 222 2222' })).status).toBe(200);
    const before = (await Client.findByPk(client.id))?.get({ plain: true });
    const eventsBefore = await AuditEvent.count({ where: { clientId: client.id } });
    const opId = newId();
    const res = await edit(whanauKaimahi.token, client.id, 1, { phone: '021 333 3333', suburb: 'Woolston' }, opId);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      errors: [expect.objectContaining({ msg: 'Someone else changed this record since you opened it' })],
      conflicts: [{ field: 'phone', mine: '021 333 3333', theirs: '021 222 2222' }],
      record: expect.objectContaining({ _id: client.id, phone: '021 222 2222', suburb: null, version: 2 }),
    });
    expect((await Client.findByPk(client.id))?.get({ plain: true })).toEqual(before);
    expect(await AuditEvent.count({ where: { clientId: client.id } })).toBe(eventsBefore);
    expect(await Operation.count({ where: { id: opId } })).toBe(0);
    // The person decides and sends the resolution from the version they now have.
    const resolved = await edit(whanauKaimahi.token, client.id, 2, { phone: '021 333 3333', suburb: 'Woolston' });
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({ phone: '021 333 3333', suburb: 'Woolston', version: 3 });
  });

  it('does not count as a conflict a field that already holds the value sent', async () => {
    const { client } = await whanauClient();
    expect((await edit(manager.token, client.id, 1, { iwi: 'Ngāti Porou' })).status).toBe(200);
    const res = await edit(whanauKaimahi.token, client.id, 1, { iwi: 'Ngāti Porou', hapu: 'Te Whānau a Ruataupare' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ iwi: 'Ngāti Porou', hapu: 'Te Whānau a Ruataupare', version: 3 });
  });

  it('answers a resend of an edit with the stored answer and changes nothing more', async () => {
    const { client } = await whanauClient();
    const opId = newId();
    const first = await edit(whanauKaimahi.token, client.id, 1, { suburb: 'Aranui' }, opId);
    const again = await edit(whanauKaimahi.token, client.id, 1, { suburb: 'Aranui' }, opId);
    expect(again.status).toBe(200);
    expect(again.text).toBe(first.text);
    expect((await Client.findByPk(client.id))?.version).toBe(2);
    const different = await edit(whanauKaimahi.token, client.id, 1, { suburb: 'Bromley' }, opId);
    expect(different.status).toBe(409);
    expect(different.body.errors).toEqual([expect.objectContaining({ msg: 'This request id was already used for a different request' })]);
  });

  it('refuses bad edits with 400, every problem listed, and ignores fields nobody may set', async () => {
    const { client } = await whanauClient();
    const res = await api.patch(`/api/clients/${client.id}`, {
      token: whanauKaimahi.token,
      json: { _id: 'x', baseVersion: 0, changes: { givenName: '', email: 'bad', household: 2.5 } },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      expect.objectContaining({ msg: 'Must be a valid id', param: '_id' }),
      expect.objectContaining({ msg: 'Base version starts at 1', param: 'baseVersion' }),
      expect.objectContaining({ msg: 'Given name is required', param: 'changes.givenName' }),
      expect.objectContaining({ msg: 'Please give a valid email address', param: 'changes.email' }),
      expect.objectContaining({ msg: 'Household must be a whole number', param: 'changes.household' }),
    ]);
    const nothing = await edit(whanauKaimahi.token, client.id, 1, { version: 7, createdBy: manager.user.id });
    expect(nothing.status).toBe(400);
    expect(nothing.body.errors).toEqual([expect.objectContaining({ msg: 'Change at least one field', param: 'changes' })]);
    const ahead = await edit(whanauKaimahi.token, client.id, 5, { suburb: 'Aranui' });
    expect(ahead.status).toBe(400);
    expect(ahead.body.errors).toEqual([expect.objectContaining({ param: 'baseVersion' })]);
    expect((await Client.findByPk(client.id))?.version).toBe(1);
    expect(await AuditEvent.count({ where: { clientId: client.id } })).toBe(0);
  });

  it('answers 404 to a kaimahi of another service and for a guessed id, writing nothing', async () => {
    const { client } = await whanauClient();
    for (const id of [client.id, newId()]) {
      const res = await edit(gardensKaimahi.token, id, 1, { suburb: 'Nowhere' });
      expect(res.status).toBe(404);
    }
    expect((await Client.findByPk(client.id))?.suburb).toBeNull();
  });
});

describe('POST /api/clients/{id}/notes', () => {
  it('adds a note (201) once per id, with its author, and records a note event', async () => {
    const { client } = await whanauClient();
    const body = { _id: newId(), text: '  Visited the whānau; kai parcel dropped off.  ' };
    const res = await api.post(`/api/clients/${client.id}/notes`, { token: whanauKaimahi.token, json: body });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      _id: body._id,
      clientId: client.id,
      text: 'Visited the whānau; kai parcel dropped off.',
      authorId: whanauKaimahi.user.id,
      authorName: 'Hemi Kaimahi',
      serviceKey: 'whanau_ora_support',
      shared: false,
      createdAt: expect.any(String),
      writtenAt: expect.any(String),
    });
    const again = await api.post(`/api/clients/${client.id}/notes`, { token: whanauKaimahi.token, json: body });
    expect(again.status).toBe(201);
    expect(again.text).toBe(res.text);
    expect(await CaseNote.count({ where: { clientId: client.id } })).toBe(1);
    expect(await actionsOf(client.id)).toEqual(['note']);
    const other = await api.post(`/api/clients/${client.id}/notes`, { token: whanauKaimahi.token, json: { ...body, text: 'Changed' } });
    expect(other.status).toBe(409);
  });

  it('answers 404 to a kaimahi of another service, 400 to an empty note', async () => {
    const { client } = await whanauClient();
    const hidden = await api.post(`/api/clients/${client.id}/notes`, { token: gardensKaimahi.token, json: { _id: newId(), text: 'Hi' } });
    expect(hidden.status).toBe(404);
    const empty = await api.post(`/api/clients/${client.id}/notes`, { token: whanauKaimahi.token, json: { _id: newId(), text: ' ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual([expect.objectContaining({ msg: 'Note is required', param: 'text' })]);
    expect(await CaseNote.count({ where: { clientId: client.id } })).toBe(0);
  });
});

describe('GET /api/clients', () => {
  let marker: string;
  let tuhoe: string;
  beforeAll(async () => {
    marker = `Zq${crypto.randomBytes(4).toString('hex')}`;
    tuhoe = (await whanauClient({ givenName: 'Tūhoe', familyName: `Whānau ${marker}`, phone: '021 777 8888', email: `Tuhoe.${marker}@Example.org` })).client.id;
    await whanauClient({ givenName: 'Mere', familyName: `Parata ${marker}` });
    const gardens = await buildClient({ givenName: 'Ātaahua', familyName: `Whanau ${marker}` });
    await buildEnrolment({ serviceKey: 'raised_gardens', clientId: gardens.id, status: 'enrolled' });
  });
  const search = (token: string, query: string) => api.get(`/api/clients?${query}`, { token });
  const names = (res: { body: { items: { givenName: string }[] } }) => res.body.items.map((item) => item.givenName);

  it('finds names ignoring case and macrons, both ways', async () => {
    expect(names(await search(manager.token, `q=whanau ${marker}`)).sort()).toEqual(['Tūhoe', 'Ātaahua'].sort());
    expect(names(await search(manager.token, `q=tuhoe ${marker}`))).toEqual(['Tūhoe']);
    expect(names(await search(manager.token, `q=${encodeURIComponent('TŪHOE')} ${marker}`))).toEqual(['Tūhoe']);
    expect(names(await search(manager.token, `q=${encodeURIComponent('Whānau')} ${marker.slice(0, 6)}`))).toEqual(expect.arrayContaining(['Tūhoe', 'Ātaahua']));
    expect(names(await search(manager.token, `q=ataa ${marker}`))).toEqual(['Ātaahua']);
  });

  it('finds by phone digits (as typed, or international) and by email in any case', async () => {
    expect(names(await search(manager.token, `q=${encodeURIComponent('021 777 8888')}`))).toEqual(['Tūhoe']);
    expect(names(await search(manager.token, `q=${encodeURIComponent('+64 21 777')}`))).toContain('Tūhoe');
    expect(names(await search(manager.token, `q=${encodeURIComponent(`tuhoe.${marker.toLowerCase()}@example`)}`))).toEqual(['Tūhoe']);
  });

  it('shows a kaimahi only the clients of their services, and filters by service and status', async () => {
    expect(names(await search(whanauKaimahi.token, `q=${marker}`)).sort()).toEqual(['Mere', 'Tūhoe']);
    expect(names(await search(gardensKaimahi.token, `q=${marker}`))).toEqual(['Ātaahua']);
    expect(names(await search(manager.token, `q=${marker}&service=raised_gardens&status=enrolled`))).toEqual(['Ātaahua']);
    expect(names(await search(manager.token, `q=${marker}&status=new`)).sort()).toEqual(['Mere', 'Tūhoe']);
    // A kaimahi filtering by a service not theirs sees nothing of it.
    expect((await search(whanauKaimahi.token, `q=${marker}&service=raised_gardens`)).body.total).toBe(0);
  });

  it('pages, sorted by family then given name, with the total', async () => {
    const first = await search(manager.token, `q=${marker}&pageSize=2`);
    expect(first.body).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(first.body.items).toHaveLength(2);
    const last = await search(manager.token, `q=${marker}&pageSize=2&page=2`);
    expect(last.body.items).toHaveLength(1);
    expect(last.body.items[0]._id).toBe(tuhoe);
    const past = await search(manager.token, `q=${marker}&pageSize=2&page=9`);
    expect(past.body).toEqual({ items: [], total: 3, page: 9, pageSize: 2 });
    const all = await search(manager.token, `q=${marker}&pageSize=200`);
    expect(all.body.items.map((item: { familyName: string }) => item.familyName)).toEqual([`Parata ${marker}`, `Whanau ${marker}`, `Whānau ${marker}`]);
  });

  it('answers 400 with every bad parameter listed', async () => {
    const res = await search(manager.token, 'page=0&pageSize=201&service=nowhere&status=done');
    expect(res.status).toBe(400);
    expect(res.body.errors.map((error: { param: string }) => error.param).sort()).toEqual(['page', 'pageSize', 'service', 'status']);
  });

  it('answers 401 without a token', async () => {
    expect((await api.get('/api/clients')).status).toBe(401);
  });
});

describe('GET /api/clients/{id}/duplicates', () => {
  it('suggests records with the same birth date and a similar name, the same phone, or the same email', async () => {
    const dob = '1977-07-07';
    const { client } = await whanauClient({ givenName: 'Wiremu', familyName: 'Pōtae', dateOfBirth: dob, phone: '021 999 0001', email: 'w@example.org' });
    const sameName = await buildClient({ givenName: 'Wiremu', familyName: 'Potae', dateOfBirth: dob });
    const samePhone = await buildClient({ givenName: 'Bill', familyName: 'Other', phone: '0219990001' });
    const sameEmail = await buildClient({ givenName: 'Will', familyName: 'Else', email: 'W@Example.org' });
    await buildClient({ givenName: 'Wiremu', familyName: 'Potae', dateOfBirth: '1978-07-07' });
    const res = await api.get(`/api/clients/${client.id}/duplicates`, { token: manager.token });
    expect(res.status).toBe(200);
    const found = Object.fromEntries(res.body.map((item: { client: { _id: string }; reasons: string[] }) => [item.client._id, item.reasons]));
    expect(found).toEqual({ [sameName.id]: ['dateOfBirthAndName'], [samePhone.id]: ['phone'], [sameEmail.id]: ['email'] });
    // A kaimahi sees only duplicates they may see (none of these are linked to their services).
    const asKaimahi = await api.get(`/api/clients/${client.id}/duplicates`, { token: whanauKaimahi.token });
    expect(asKaimahi.body).toEqual([]);
    expect((await api.get(`/api/clients/${client.id}/duplicates`, { token: gardensKaimahi.token })).status).toBe(404);
  });
});

describe('GET /api/clients/{id}/audit', () => {
  it('lists the record’s events newest first, paged, to managers only', async () => {
    const { client } = await whanauClient();
    await api.get(`/api/clients/${client.id}`, { token: whanauKaimahi.token });
    await api.patch(`/api/clients/${client.id}`, { token: whanauKaimahi.token, json: { _id: newId(), baseVersion: 1, changes: { suburb: 'Aranui' } } });
    await api.post(`/api/clients/${client.id}/notes`, { token: whanauKaimahi.token, json: { _id: newId(), text: 'Kia ora' } });
    const res = await api.get(`/api/clients/${client.id}/audit`, { token: manager.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 3, page: 1, pageSize: 50 });
    expect(res.body.items.map((event: { action: string }) => event.action)).toEqual(['note', 'update', 'view']);
    expect(res.body.items[1]).toEqual({
      _id: expect.any(String),
      at: expect.any(String),
      actorId: whanauKaimahi.user.id,
      actorName: 'Hemi Kaimahi',
      action: 'update',
      entity: 'client',
      entityId: client.id,
      fields: ['suburb'],
    });
    const paged = await api.get(`/api/clients/${client.id}/audit?pageSize=1&page=3`, { token: manager.token });
    expect(paged.body.items.map((event: { action: string }) => event.action)).toEqual(['view']);
    const forbidden = await api.get(`/api/clients/${client.id}/audit`, { token: whanauKaimahi.token });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.errors).toEqual([expect.objectContaining({ msg: 'You do not have access to this' })]);
    expect((await api.get(`/api/clients/${newId()}/audit`, { token: manager.token })).status).toBe(404);
  });

  it('has no route that writes, edits or deletes audit events', async () => {
    const { client } = await whanauClient();
    for (const method of ['POST', 'PATCH', 'PUT', 'DELETE']) {
      const res = await api.request(method, `/api/clients/${client.id}/audit`, { token: manager.token, json: { action: 'view' } });
      expect(res.status, method).toBe(405);
    }
    expect(await AuditEvent.count({ where: { clientId: client.id } })).toBe(0);
  });

  it('is append-only in the database itself', async () => {
    const { client } = await whanauClient();
    await api.get(`/api/clients/${client.id}`, { token: manager.token });
    const [event] = await eventsOf(client.id);
    await expect(sequelize.query(`UPDATE audit_events SET "actorName" = 'someone' WHERE id = '${event?.id}'`)).rejects.toThrow();
    await expect(sequelize.query(`DELETE FROM audit_events WHERE id = '${event?.id}'`)).rejects.toThrow();
    expect(await actionsOf(client.id)).toEqual(['view']);
  });
});

describe('GET /api/clients/{id}/export', () => {
  it('exports the record, its enrolments, notes and audit trail as JSON, itself audited', async () => {
    const { client, enrolment } = await whanauClient({ givenName: 'Ngaio' });
    await buildNote({ clientId: client.id, authorId: whanauKaimahi.user.id, text: 'Rang back' });
    const res = await api.get(`/api/clients/${client.id}/export?format=json`, { token: manager.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="client-${client.id}.json"`);
    expect(res.body.client).toMatchObject({ _id: client.id, givenName: 'Ngaio' });
    expect(res.body.enrolments).toEqual([expect.objectContaining({ _id: enrolment.id, givenName: 'Rawiri', phone: '03 555 0199' })]);
    expect(res.body.caseNotes).toEqual([expect.objectContaining({ text: 'Rang back', authorName: 'Hemi Kaimahi' })]);
    expect(res.body.audit.map((event: { action: string }) => event.action)).toEqual(['export']);
    expect(await actionsOf(client.id)).toEqual(['export']);
  });

  it('exports as CSV, one row per field, with formulas defused', async () => {
    const { client } = await whanauClient({ givenName: '=HYPERLINK("x")' });
    const res = await api.get(`/api/clients/${client.id}/export?format=csv`, { token: manager.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = res.text.trim().split('\r\n');
    expect(lines[0]).toBe('"section","recordId","field","value"');
    expect(lines).toContain(`"client","${client.id}","givenName","'=HYPERLINK(""x"")"`);
    expect(lines.some((line) => line.startsWith('"audit"') && line.includes('"export"'))).toBe(true);
  });

  it('answers 403 to kaimahi, 404 for an unknown id, 400 for a bad format', async () => {
    const { client } = await whanauClient();
    expect((await api.get(`/api/clients/${client.id}/export`, { token: whanauKaimahi.token })).status).toBe(403);
    expect((await api.get(`/api/clients/${newId()}/export`, { token: manager.token })).status).toBe(404);
    const bad = await api.get(`/api/clients/${client.id}/export?format=xml`, { token: manager.token });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([expect.objectContaining({ msg: 'Format must be json or csv', param: 'format' })]);
    expect(await AuditEvent.count({ where: { clientId: client.id } })).toBe(0);
  });
});

describe('audit in the same transaction', () => {
  it('leaves no audit event when the change fails after it is recorded', async () => {
    const { client } = await whanauClient();
    const before = await AuditEvent.count();
    // A note whose id is already taken by another note fails on its primary key inside the transaction.
    const taken = await buildNote({ clientId: client.id, authorId: manager.user.id });
    const res = await api.post(`/api/clients/${client.id}/notes`, { token: manager.token, json: { _id: taken.id, text: 'Clash' } });
    expect(res.status).toBe(409);
    expect(await AuditEvent.count()).toBe(before);
  });

  it('rolls back the audit event with the change (checked directly in one transaction)', async () => {
    const { client } = await whanauClient();
    const { recordAudit } = await import('../../lib/audit');
    await expect(
      sequelize.transaction(async (transaction) => {
        await recordAudit(
          { id: manager.user.id, name: 'Mere Manager', access: 2, services: [] },
          { action: 'update', entity: 'client', entityId: client.id, clientId: client.id },
          transaction,
        );
        await client.update({ suburb: 'Somewhere' }, { transaction });
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    expect(await AuditEvent.count({ where: { clientId: client.id } })).toBe(0);
    expect((await Client.findByPk(client.id))?.suburb).toBeNull();
  });
});

describe('enrolment links stay in step', () => {
  it('keeps enrolments untouched by client edits', async () => {
    const { client, enrolment } = await whanauClient();
    await api.patch(`/api/clients/${client.id}`, { token: manager.token, json: { _id: newId(), baseVersion: 1, changes: { givenName: 'Changed' } } });
    expect((await Enrolment.findByPk(enrolment.id))?.givenName).toBe('Rawiri');
  });
});

/** `PATCH /api/clients/{id}` with a new operation id. */
const editClient = (token: string, id: string, baseVersion: number, changes: Record<string, unknown>) =>
  api.patch(`/api/clients/${id}`, { token, json: { _id: newId(), baseVersion, changes } });

describe('multi-line text', () => {
  it('keeps line breaks in case notes, standing notes and addresses, with CRLF and CR stored as \\n', async () => {
    const body = { _id: newId(), givenName: 'Hine', familyName: 'Moana', address: '12 Kahu Road\r\nAranui\rŌtautahi', notes: 'Prefers a call\nafter 3 pm' };
    const created = await api.post('/api/clients', { token: whanauKaimahi.token, json: body });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ address: '12 Kahu Road\nAranui\nŌtautahi', notes: 'Prefers a call\nafter 3 pm' });
    const edited = await editClient(whanauKaimahi.token, body._id, 1, { notes: 'Rang twice;\r\nno answer' });
    expect(edited.status).toBe(200);
    expect(edited.body.notes).toBe('Rang twice;\nno answer');
    const note = await api.post(`/api/clients/${body._id}/notes`, {
      token: whanauKaimahi.token,
      json: { _id: newId(), text: 'Visited.\r\n\r\n\tKai parcel dropped off 👨‍👩‍👧.' },
    });
    expect(note.status).toBe(201);
    expect(note.body.text).toBe('Visited.\n\n\tKai parcel dropped off 👨‍👩‍👧.');
    const read = await api.get(`/api/clients/${body._id}`, { token: whanauKaimahi.token });
    expect(read.body).toMatchObject({ address: '12 Kahu Road\nAranui\nŌtautahi', notes: 'Rang twice;\nno answer' });
    expect(read.body.caseNotes.map((caseNote: { text: string }) => caseNote.text)).toEqual(['Visited.\n\n\tKai parcel dropped off 👨‍👩‍👧.']);
  });

  it('refuses a line break in one-line fields and any other control or invisible character in multi-line ones, writing nothing', async () => {
    const id = newId();
    const res = await api.post('/api/clients', {
      token: whanauKaimahi.token,
      json: { _id: id, givenName: 'Hine\nMoana', familyName: 'Walker', suburb: 'Ara\rnui', address: 'Kahu\u0000Road', notes: 'pay \u202eme' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { msg: 'Given name cannot contain control or invisible characters', code: 'invalid_value', param: 'givenName' },
      { msg: 'Address cannot contain control or invisible characters', code: 'invalid_value', param: 'address' },
      { msg: 'Suburb cannot contain control or invisible characters', code: 'invalid_value', param: 'suburb' },
      { msg: 'Notes cannot contain control or invisible characters', code: 'invalid_value', param: 'notes' },
    ]);
    expect(await Client.count({ where: { id } })).toBe(0);

    const { client } = await whanauClient();
    const note = await api.post(`/api/clients/${client.id}/notes`, { token: whanauKaimahi.token, json: { _id: newId(), text: 'hidden\u200bword' } });
    expect(note.status).toBe(400);
    expect(note.body.errors).toEqual([{ msg: 'Note cannot contain control or invisible characters', code: 'invalid_value', param: 'text' }]);
    const edit1 = await editClient(whanauKaimahi.token, client.id, 1, { address: 'bell\u0007', hapu: 'Ngāi\nTūāhuriri' });
    expect(edit1.status).toBe(400);
    expect(edit1.body.errors).toEqual([
      { msg: 'Address cannot contain control or invisible characters', code: 'invalid_value', param: 'changes.address' },
      { msg: 'Hapū cannot contain control or invisible characters', code: 'invalid_value', param: 'changes.hapu' },
    ]);
    expect(await CaseNote.count({ where: { clientId: client.id } })).toBe(0);
    expect(await Client.findByPk(client.id)).toMatchObject({ version: 1, address: null, hapu: null });
    expect(await AuditEvent.count({ where: { clientId: client.id } })).toBe(0);
  });
});

describe('consent statement versions', () => {
  it('offers the built-in versions newest first, the current one first, for a device with no copy of the published ones', () => {
    expect(publishedStatementVersions).toEqual([collectionStatement.version, ...earlierStatementVersions]);
  });

  it('takes a consent given in person or by phone under any built-in version', async () => {
    for (const statementVersion of publishedStatementVersions) {
      const res = await api.post('/api/clients', {
        token: whanauKaimahi.token,
        json: { _id: newId(), givenName: 'Rua', familyName: 'Kenana', consent: { statementVersion, at: '2026-11-26T22:00:00.000Z', how: 'phone' } },
      });
      expect(res.status).toBe(201);
      expect(res.body.consent).toEqual({ statementVersion, at: '2026-11-26T22:00:00.000Z', how: 'phone' });
    }
  });

  it('takes a version managers published after this release, on create, on edit and from a queue sent after a newer one', async () => {
    setClock(() => Date.parse('2027-03-02T01:00:00Z')); // 2 pm on 2 March in Christchurch
    const published = await api.request('PUT', '/api/content/privacy', {
      token: manager.token,
      json: { en: [...collectionStatement.text, 'We also note how you agreed.'], mi: [] },
    });
    expect(published.status).toBe(201);
    expect(published.body.version).toBe('2027-03-02');
    const consent = { statementVersion: '2027-03-02', at: '2027-03-02T01:30:00.000Z', how: 'in person' };

    const created = await api.post('/api/clients', { token: whanauKaimahi.token, json: { _id: newId(), givenName: 'Rua', familyName: 'Kenana', consent } });
    expect(created.status).toBe(201);
    expect(created.body.consent).toEqual(consent);
    const { client } = await whanauClient();
    const edited = await editClient(whanauKaimahi.token, client.id, 1, { consent });
    expect(edited.status).toBe(200);
    expect(edited.body.consent).toEqual(consent);

    // Queued on a device under 2027-03-02, sent after the wording changed again: taken as it was given.
    const queued = newId();
    const changedAgain = await api.request('PUT', '/api/content/privacy', { token: manager.token, json: { en: ['Other words.'], mi: [] } });
    expect(changedAgain.body.version).toBe('2027-03-02.2');
    const sync = await api.post('/api/sync', {
      token: whanauKaimahi.token,
      json: { mutations: [{ _id: queued, kind: 'client.create', entityId: queued, payload: { givenName: 'Huia', familyName: 'Kenana', consent } }] },
    });
    expect(sync.status).toBe(200);
    expect(sync.body.results).toEqual([expect.objectContaining({ _id: queued, status: 'applied' })]);
    expect(await Client.findByPk(queued)).toMatchObject({ consentStatementVersion: '2027-03-02', consentHow: 'in person' });
  });

  it('refuses a version that was never published, on create, on edit and from a queue, writing nothing', async () => {
    const id = newId();
    const consent = { statementVersion: '2020-01-01', at: '2026-11-26T22:00:00.000Z', how: 'in person' };
    const versions = (await api.get('/api/content/privacy')).body.versions as string[];
    expect(versions).not.toContain('2020-01-01');
    const listed = `Statement version must be one of the published privacy statements: ${versions.join(', ')}`;
    const created = await api.post('/api/clients', { token: whanauKaimahi.token, json: { _id: id, givenName: 'Rua', familyName: 'Kenana', consent } });
    expect(created.status).toBe(400);
    expect(created.body.errors).toEqual([{ msg: listed, code: 'invalid_value', param: 'consent.statementVersion' }]);
    expect(await Client.count({ where: { id } })).toBe(0);
    const { client } = await whanauClient();
    const edited = await editClient(whanauKaimahi.token, client.id, 1, { consent });
    expect(edited.status).toBe(400);
    expect(edited.body.errors).toEqual([{ msg: listed, code: 'invalid_value', param: 'changes.consent.statementVersion' }]);
    // Not a version's form at all: the contract's schema says so, in the browser too.
    const blank = await editClient(whanauKaimahi.token, client.id, 1, { consent: { ...consent, statementVersion: '' } });
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toEqual([
      { msg: 'Statement version must be one of the published privacy statements', code: 'invalid_value', param: 'changes.consent.statementVersion' },
    ]);
    const queued = newId();
    const sync = await api.post('/api/sync', {
      token: whanauKaimahi.token,
      json: {
        mutations: [
          { _id: queued, kind: 'client.create', entityId: queued, payload: { givenName: 'Huia', familyName: 'Kenana', consent } },
          { _id: newId(), kind: 'client.update', entityId: client.id, baseVersion: 1, payload: { consent } },
        ],
      },
    });
    expect(sync.body.results.map((result: { status: string; errors?: unknown }) => [result.status, result.errors])).toEqual([
      ['rejected', [{ msg: listed, code: 'invalid_value', param: 'payload.consent.statementVersion' }]],
      ['rejected', [{ msg: listed, code: 'invalid_value', param: 'payload.consent.statementVersion' }]],
    ]);
    expect(await Client.count({ where: { id: queued } })).toBe(0);
    expect(await Client.findByPk(client.id)).toMatchObject({ version: 1, consentStatementVersion: null });
  });
});
