import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient, buildEnrolment } from '../../../test/factories';
import { buildUser, startTestServer, type TestApi } from '../../../test/helpers';
import { AuditEvent } from '../../db/models/audit-event';
import { CaseNote } from '../../db/models/case-note';
import { Client } from '../../db/models/client';
import { Operation } from '../../db/models/operation';

let api: TestApi;
let kaimahi: Awaited<ReturnType<typeof buildUser>>;
beforeAll(async () => {
  api = await startTestServer();
  kaimahi = await buildUser({ access: 1, name: 'Hemi Kaimahi', services: ['whanau_ora_support'] });
});
afterAll(() => api.close());

const newId = () => crypto.randomUUID();
const sync = (mutations: unknown[], token = kaimahi.token) => api.post('/api/sync', { token, json: { mutations } });
const statuses = (results: { status: string }[]) => results.map((result) => result.status);
/** Whether anything at all was stored for these operation ids (records made, answers kept). */
const storedOperations = (ids: string[]) => Operation.count({ where: { id: ids } });

describe('POST /api/sync', () => {
  it('applies mutations in order, each seeing the ones before; a resend answers duplicate', async () => {
    const clientId = newId();
    const noteId = newId();
    const enrolment = await buildEnrolment();
    const mutations = [
      { _id: clientId, kind: 'client.create', entityId: clientId, payload: { givenName: 'Ngaio', familyName: 'Tāwhiri' } },
      { _id: newId(), kind: 'client.update', entityId: clientId, baseVersion: 1, payload: { suburb: 'Aranui' } },
      { _id: noteId, kind: 'note.create', entityId: noteId, payload: { clientId, text: 'Met at the marae' } },
      { _id: newId(), kind: 'enrolment.update', entityId: enrolment.id, baseVersion: 1, payload: { clientId, status: 'contacted' } },
    ];
    const res = await sync(mutations);
    expect(res.status).toBe(200);
    expect(res.body.results.map((result: { _id: string; status: string }) => [result._id, result.status])).toEqual(
      mutations.map((mutation) => [mutation._id, 'applied']),
    );
    expect(res.body.results[1].record).toMatchObject({ _id: clientId, suburb: 'Aranui', version: 2 });
    expect(res.body.results[2].record).toMatchObject({ _id: noteId, clientId, text: 'Met at the marae', authorName: 'Hemi Kaimahi' });
    expect(res.body.results[3].record).toMatchObject({ clientId, status: 'contacted', version: 2 });
    expect((await CaseNote.findAll({ where: { clientId } })).map((note) => note.id)).toEqual([noteId]);
    const again = await sync(mutations);
    expect(statuses(again.body.results)).toEqual(['duplicate', 'duplicate', 'duplicate', 'duplicate']);
    expect(again.body.results[1].record).toEqual(res.body.results[1].record);
    expect((await Client.findByPk(clientId))?.version).toBe(2);
    expect((await AuditEvent.findAll({ where: { clientId } })).map((event) => event.action).sort()).toEqual(['create', 'link', 'note', 'status', 'update']);
  });

  it('answers conflict and rejected per mutation without undoing the others', async () => {
    const client = await buildClient({ createdBy: kaimahi.user.id, phone: '021 111 1111' });
    await client.update({ phone: '021 222 2222', version: 2, fieldVersions: { phone: 2 } });
    const hidden = await buildClient();
    const hiddenNote = newId();
    const results = (
      await sync([
        { _id: newId(), kind: 'client.update', entityId: client.id, baseVersion: 1, payload: { phone: '021 333 3333' } },
        { _id: newId(), kind: 'client.update', entityId: client.id, baseVersion: 1, payload: { email: 'bad' } },
        { _id: hiddenNote, kind: 'note.create', entityId: hiddenNote, payload: { clientId: hidden.id, text: 'Not mine' } },
        { _id: newId(), kind: 'client.update', entityId: client.id, baseVersion: 1, payload: { suburb: 'Linwood' } },
      ])
    ).body.results;
    expect(statuses(results)).toEqual(['conflict', 'rejected', 'rejected', 'applied']);
    expect(results[0]).toMatchObject({
      conflicts: [{ field: 'phone', mine: '021 333 3333', theirs: '021 222 2222' }],
      record: { _id: client.id, version: 2 },
      errors: [expect.objectContaining({ msg: 'Someone else changed this record since you opened it' })],
    });
    expect(results[1].errors).toEqual([expect.objectContaining({ msg: 'Please give a valid email address', param: 'payload.email' })]);
    expect(results[2].errors).toEqual([{ msg: 'Client not found', code: 'not_found' }]);
    expect(results[3].record).toMatchObject({ suburb: 'Linwood', phone: '021 222 2222', version: 3 });
    expect(await CaseNote.count({ where: { clientId: hidden.id } })).toBe(0);
  });

  it('refuses a malformed batch with 400, every problem listed, and applies nothing', async () => {
    const tooMany = Array.from({ length: 101 }, () => ({ _id: newId(), kind: 'note.create', entityId: newId(), payload: { text: 'x' } }));
    const big = await sync(tooMany);
    expect(big.status).toBe(400);
    expect(big.body.errors).toEqual([expect.objectContaining({ msg: 'Send at most 100 mutations at once', param: 'mutations' })]);
    const clientId = newId();
    const bad = await sync([
      { _id: clientId, kind: 'client.create', entityId: clientId, payload: { givenName: 'Aroha', familyName: 'Ngata' } },
      { _id: 'x', kind: 'Client Delete!', entityId: 'y', payload: 'z' },
      { _id: newId(), kind: 42, entityId: newId(), payload: {} },
    ]);
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      expect.objectContaining({ param: 'mutations.1._id' }),
      { msg: 'Kind must be a record and an action, like client.update', code: 'invalid_format', param: 'mutations.1.kind' },
      expect.objectContaining({ param: 'mutations.1.entityId' }),
      expect.objectContaining({ param: 'mutations.1.payload' }),
      expect.objectContaining({ msg: 'Kind must be text like client.update', param: 'mutations.2.kind' }),
    ]);
    expect(await Client.count({ where: { id: clientId } })).toBe(0);
    expect((await sync([])).body.errors).toEqual([expect.objectContaining({ msg: 'Send at least one mutation' })]);
  });

  it('rejects a well-formed kind no feature registered, and still applies the rest', async () => {
    const clientId = newId();
    const unknown = { _id: newId(), kind: 'hui.create', entityId: newId(), payload: { name: 'Te Whānau a Hine' } };
    const res = await sync([unknown, { _id: clientId, kind: 'client.create', entityId: clientId, payload: { givenName: 'Aroha', familyName: 'Ngata' } }]);
    expect(res.status).toBe(200);
    expect(res.body.results[0]).toEqual({
      _id: unknown._id,
      status: 'rejected',
      errors: [
        {
          msg: 'This server does not take hui.create mutations (it takes client.create, client.update, note.create, note.share, enrolment.update, whanau.create, whanau.update, member.link, member.unlink, goal.create, goal.update, task.create, task.update, contact.create, note.correct, suggestion.answer, rating.create)',
          code: 'invalid_value',
          param: 'kind',
        },
      ],
    });
    expect(res.body.results[1].status).toBe('applied');
    expect(await storedOperations([unknown._id])).toBe(0);
  });

  it('rejects a create whose entityId is not its _id, storing nothing under either id', async () => {
    const [opId, elsewhere] = [newId(), newId()];
    const res = await sync([{ _id: opId, kind: 'client.create', entityId: elsewhere, payload: { givenName: 'Ngaio', familyName: 'Tāwhiri' } }]);
    expect(res.body.results).toEqual([
      {
        _id: opId,
        status: 'rejected',
        errors: [{ msg: 'A new client is named by its own id: entityId must be the same as _id', code: 'invalid_value', param: 'entityId' }],
      },
    ]);
    expect(await Client.count({ where: { id: [opId, elsewhere] } })).toBe(0);
    expect(await storedOperations([opId, elsewhere])).toBe(0);
  });

  it('a duplicate answers the record as it is now and the version the mutation itself produced', async () => {
    const client = await buildClient({ createdBy: kaimahi.user.id });
    const edit = { _id: newId(), kind: 'client.update', entityId: client.id, baseVersion: 1, payload: { suburb: 'Aranui' } };
    expect((await sync([edit])).body.results[0]).toMatchObject({ status: 'applied', record: { version: 2, suburb: 'Aranui' } });
    // Someone else changes the record since; the device, whose answer was lost, sends the edit again.
    const other = { _id: newId(), kind: 'client.update', entityId: client.id, baseVersion: 2, payload: { iwi: 'Ngāi Tahu' } };
    expect((await sync([other])).body.results[0]).toMatchObject({ status: 'applied', record: { version: 3 } });
    const again = (await sync([edit])).body.results[0];
    expect(again).toMatchObject({ status: 'duplicate', version: 2, record: { version: 3, suburb: 'Aranui', iwi: 'Ngāi Tahu' } });
  });

  it('note.share: only the writer shares their note, once, on the trail; a resend answers duplicate', async () => {
    const client = await buildClient({ createdBy: kaimahi.user.id });
    const noteId = newId();
    await sync([{ _id: noteId, kind: 'note.create', entityId: noteId, payload: { clientId: client.id, text: 'Whānau hui on Friday' } }]);
    const share = { _id: newId(), kind: 'note.share', entityId: noteId, payload: { clientId: client.id } };
    const res = await sync([share]);
    expect(res.body.results).toEqual([
      expect.objectContaining({ _id: share._id, status: 'applied', record: expect.objectContaining({ _id: noteId, shared: true }) }),
    ]);
    expect((await CaseNote.findByPk(noteId))?.shared).toBe(true);
    expect(statuses((await sync([share])).body.results)).toEqual(['duplicate']);
    expect(await AuditEvent.count({ where: { entityId: noteId, action: 'update' } })).toBe(1);

    // Someone else's note, an unknown note, a bad payload: refused, nothing written.
    const other = await buildUser({ access: 1, services: ['whanau_ora_support'] });
    const refused = await sync(
      [
        { _id: newId(), kind: 'note.share', entityId: noteId, payload: { clientId: client.id } },
        { _id: newId(), kind: 'note.share', entityId: newId(), payload: { clientId: client.id } },
        { _id: newId(), kind: 'note.share', entityId: noteId, payload: {} },
      ],
      other.token,
    );
    expect(statuses(refused.body.results)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(refused.body.results[2].errors).toEqual([expect.objectContaining({ param: 'payload.clientId' })]);
    expect(await storedOperations(refused.body.results.map((result: { _id: string }) => result._id))).toBe(0);
  });

  it('takes note.create as {clientId, text} named by the note’s id, and rejects every other shape, writing nothing', async () => {
    const client = await buildClient({ createdBy: kaimahi.user.id });
    const ids = Array.from({ length: 5 }, newId);
    const [misnamed, noClient, unknownClient, oldShape, good] = ids as [string, string, string, string, string];
    const res = await sync([
      { _id: misnamed, kind: 'note.create', entityId: client.id, payload: { clientId: client.id, text: 'Named by the client' } },
      { _id: noClient, kind: 'note.create', entityId: noClient, payload: { text: 'Whose?' } },
      { _id: unknownClient, kind: 'note.create', entityId: unknownClient, payload: { clientId: newId(), text: 'Nobody' } },
      { _id: oldShape, kind: 'note.create', entityId: oldShape, payload: { clientId: 'not an id', text: '' } },
      { _id: good, kind: 'note.create', entityId: good, payload: { clientId: client.id.toUpperCase(), text: 'Rang;\r\nall well' } },
    ]);
    expect(statuses(res.body.results)).toEqual(['rejected', 'rejected', 'rejected', 'rejected', 'applied']);
    expect(res.body.results[0].errors).toEqual([
      { msg: 'A new note is named by its own id: entityId must be the same as _id', code: 'invalid_value', param: 'entityId' },
    ]);
    expect(res.body.results[1].errors).toEqual([
      expect.objectContaining({ msg: 'Give the client the note is about', code: 'required', param: 'payload.clientId' }),
    ]);
    expect(res.body.results[2].errors).toEqual([{ msg: 'Client not found', code: 'not_found' }]);
    expect(res.body.results[3].errors).toEqual([
      expect.objectContaining({ msg: 'Must be a valid id', param: 'payload.clientId' }),
      expect.objectContaining({ msg: 'Note is required', param: 'payload.text' }),
    ]);
    expect(res.body.results[4].record).toMatchObject({ _id: good, clientId: client.id, text: 'Rang;\nall well' });
    expect((await CaseNote.findAll({ where: { clientId: client.id } })).map((note) => note.id)).toEqual([good]);
    expect(await CaseNote.count({ where: { id: ids.slice(0, 4) } })).toBe(0);
    expect(await storedOperations(ids)).toBe(1);
  });

  it('client.create with fromEnrolment links and enrols that enrolment once, with the REST route’s 404 and 409 as rejections', async () => {
    const enrolment = await buildEnrolment({ serviceKey: 'whanau_ora_support', givenName: 'Piripi', familyName: 'Mahuika', message: 'Kia ora, he pātai tāku' });
    const clientId = newId();
    const create = {
      _id: clientId,
      kind: 'client.create',
      entityId: clientId,
      payload: { givenName: 'Piripi', familyName: 'Mahuika', fromEnrolment: enrolment.id },
    };
    const res = await sync([create]);
    expect(res.body.results).toEqual([expect.objectContaining({ _id: clientId, status: 'applied' })]);
    // As `POST /api/clients?fromEnrolment=`: linked, enrolled, the enrolment's consent taken, its message the first note.
    expect(res.body.results[0].record).toMatchObject({
      _id: clientId,
      consent: { statementVersion: enrolment.consentStatementVersion, how: 'online' },
      enrolments: [{ _id: enrolment.id, status: 'enrolled', version: 2 }],
      caseNotes: [{ text: 'Kia ora, he pātai tāku' }],
    });
    await enrolment.reload();
    expect(enrolment.clientId).toBe(clientId);
    // A resend changes nothing.
    const again = await sync([create]);
    expect(statuses(again.body.results)).toEqual(['duplicate']);
    expect(await Client.count({ where: { id: clientId } })).toBe(1);
    expect((await AuditEvent.findAll({ where: { clientId } })).map((event) => event.action).sort()).toEqual(['create', 'link', 'note', 'status']);

    // Another client from the linked enrolment, one from an enrolment of another service, one from no valid id.
    const twice = newId();
    const hidden = await buildEnrolment({ serviceKey: 'raised_gardens' });
    const unseen = newId();
    const malformed = newId();
    const refused = await sync([
      { _id: twice, kind: 'client.create', entityId: twice, payload: { givenName: 'Piripi', familyName: 'Mahuika', fromEnrolment: enrolment.id } },
      { _id: unseen, kind: 'client.create', entityId: unseen, payload: { givenName: 'Nope', familyName: 'Nope', fromEnrolment: hidden.id } },
      { _id: malformed, kind: 'client.create', entityId: malformed, payload: { givenName: 'Nope', familyName: 'Nope', fromEnrolment: 'not-an-id' } },
    ]);
    expect(refused.status).toBe(200);
    expect(statuses(refused.body.results)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(refused.body.results[0].errors).toEqual([
      expect.objectContaining({ msg: 'This enrolment is already linked to a client', param: 'payload.fromEnrolment' }),
    ]);
    expect(refused.body.results[1].errors).toEqual([expect.objectContaining({ msg: 'Enrolment not found' })]);
    expect(refused.body.results[1].errors[0].param).toBeUndefined();
    expect(refused.body.results[2].errors).toEqual([expect.objectContaining({ msg: 'Must be a valid id', param: 'payload.fromEnrolment' })]);
    expect(await Client.count({ where: { id: [twice, unseen, malformed] } })).toBe(0);
    expect(await storedOperations([twice, unseen, malformed])).toBe(0);
    expect(await AuditEvent.count({ where: { entityId: [twice, unseen, malformed] } })).toBe(0);
    await hidden.reload();
    expect(hidden.clientId).toBeNull();
  });

  it('rejects an edit without its base version', async () => {
    const client = await buildClient({ createdBy: kaimahi.user.id });
    const opId = newId();
    const res = await sync([{ _id: opId, kind: 'client.update', entityId: client.id, payload: { suburb: 'Aranui' } }]);
    expect(res.body.results[0]).toEqual({
      _id: opId,
      status: 'rejected',
      errors: [{ msg: 'Base version is required', code: 'required', param: 'baseVersion' }],
    });
    expect((await Client.findByPk(client.id))?.suburb).toBeNull();
    expect(await storedOperations([opId])).toBe(0);
  });

  it('rolls back only the mutation the database refused: the ones around it stay applied', async () => {
    const taken = await buildClient({ createdBy: kaimahi.user.id });
    const before = newId();
    const after = newId();
    const res = await sync([
      { _id: before, kind: 'client.create', entityId: before, payload: { givenName: 'Hine', familyName: 'Moana' } },
      // A client already holds this id (made by another request): the insert fails on the primary key.
      { _id: taken.id, kind: 'client.create', entityId: taken.id, payload: { givenName: 'Someone', familyName: 'Else' } },
      { _id: after, kind: 'client.create', entityId: after, payload: { givenName: 'Rua', familyName: 'Kenana' } },
    ]);
    expect(statuses(res.body.results)).toEqual(['applied', 'rejected', 'applied']);
    expect(res.body.results[1].errors).toEqual([{ msg: 'That id is already in use', code: 'already_in_use', param: 'entityId' }]);
    expect(await Client.count({ where: { id: [before, after] } })).toBe(2);
    expect((await Client.findByPk(taken.id))?.givenName).toBe('Hine');
    expect(await storedOperations([before, taken.id, after])).toBe(2);
  });

  it('answers 401 without a token', async () => {
    expect((await api.post('/api/sync', { json: { mutations: [] } })).status).toBe(401);
  });
});
