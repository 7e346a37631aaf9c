import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient } from '../../../test/factories';
import { buildUser, startTestServer, type TestApi } from '../../../test/helpers';
import writeXlsxFile from 'write-excel-file/node';
import { nzToday } from '../../../contract/nz-days';
import { QueryTypes } from 'sequelize';
import { Client } from '../../db/models/client';
import { sequelize } from '../../db/sequelize';
import { Enrolment } from '../../db/models/enrolment';
import { Whanau, WhanauMember } from '../../db/models/whanau';
import { buildClientsFixture } from './import-fixture';
import { previewKeptMs, pruneImportPreviews, readNzDate } from './import.service';

/**
 * Import of a trust's clients spreadsheet (DESIGN §4f, decision 119): a 2,000-row file with the
 * faults real exports have is previewed row by row, confirmed in one go, undone, and imported again.
 */
let api: TestApi;
let manager: Awaited<ReturnType<typeof buildUser>>;
let kaimahi: Awaited<ReturnType<typeof buildUser>>;
beforeAll(async () => {
  api = await startTestServer();
  manager = await buildUser({ access: 2, name: 'Mere Manager' });
  kaimahi = await buildUser({ access: 1, name: 'Hemi Kaimahi', services: ['whanau_ora_support'] });
});
afterAll(() => api.close());

const upload = (body: Buffer | string, name = 'clients.csv', token = manager.token, kind = 'clients') =>
  api.post(`/api/imports?kind=${kind}&name=${encodeURIComponent(name)}`, {
    token,
    body: typeof body === 'string' ? Buffer.from(body, 'utf8') : body,
    headers: { 'content-type': 'text/csv' },
  });
const liveClients = () => Client.count({ where: { mergedInto: null } });

describe('readNzDate', () => {
  it('reads the three New Zealand forms, day first', () => {
    expect(['25/12/1980', '25-12-80', '1980-12-25', '5.1.1980', '01/02/03'].map((text) => readNzDate(text, new Date('2026-11-28')))).toEqual([
      '1980-12-25',
      '1980-12-25',
      '1980-12-25',
      '1980-01-05',
      '2003-02-01',
    ]);
    expect(readNzDate('12/25')).toBeNull();
    // 1 am on 1 January 2027 in New Zealand, still 2026 in UTC: a child born that night is this century's.
    expect(readNzDate('01/01/27', new Date('2026-12-31T12:00:00.000Z'))).toBe('2027-01-01');
  });
});

describe('import of clients', () => {
  it('previews a 2,000-row file exactly, confirms it in one go, undoes it, and finds every row there the second time', async () => {
    const fixture = buildClientsFixture(2000);
    const before = await liveClients();
    // One person of the file is already in the app (with the macron composed; the file has it decomposed).
    const lines = fixture.csv.split('\r\n');
    const at = lines.findIndex((line) => line !== line.normalize('NFC'));
    const [givenName, familyName, born] = lines[at]!.split(',') as [string, string, string];
    await buildClient({ givenName: givenName.normalize('NFC'), familyName, dateOfBirth: readNzDate(born) });
    const preview = await upload(fixture.csv);
    expect(preview.status).toBe(201);
    expect(preview.body.mapping).toEqual({
      Ingoa: 'givenName',
      Surname: 'familyName',
      'Date of birth': 'dateOfBirth',
      Waea: 'phone',
      Īmēra: 'email',
      Suburb: 'suburb',
      Iwi: 'iwi',
    });
    expect(preview.body.problems).toEqual(fixture.problems);
    expect(preview.body.counts).toEqual({
      rows: 2000,
      blank: fixture.blank,
      withProblems: fixture.problems.length,
      alreadyThere: 1,
      repeated: fixture.repeated.length,
      toCreate: fixture.people - 1,
      toAdd: 0,
      whanauToCreate: 0,
      created: 0,
    });
    expect(preview.body.alreadyThere[0]).toMatchObject({ row: at + 1, sameAsRow: null, reasons: ['dateOfBirthAndName'] });
    expect(preview.body.alreadyThere.filter((entry: any) => entry.sameAsRow !== null).map((entry: any) => entry.row)).toEqual(fixture.repeated);
    expect(await liveClients()).toBe(before + 1); // nothing written by a preview

    const confirmed = await api.post(`/api/imports/${preview.body._id}/confirm`, { token: manager.token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ status: 'confirmed', counts: { created: fixture.people - 1 } });
    expect(await liveClients()).toBe(before + fixture.people);
    // Macrons stored composed, dates as read.
    const hemi = await Client.findOne({ where: { givenName: 'Hēmi', familyName: 'Walker 0' } });
    expect(hemi).toMatchObject({ dateOfBirth: '1951-02-02', iwi: null, suburb: 'Linwood', phone: '03 3000000' });
    const audit = await api.get('/api/audit?action=import', { token: manager.token });
    expect(audit.body.items[0]).toMatchObject({
      action: 'import',
      entity: 'import',
      entityId: preview.body._id,
      actorName: 'Mere Manager',
      details: { created: String(fixture.people - 1), rows: '2000' },
    });

    const again = await upload(fixture.csv);
    expect(again.body.mapping.Ingoa).toBe('givenName');
    expect(again.body.counts).toMatchObject({
      alreadyThere: fixture.people + fixture.repeated.length,
      repeated: 0,
      toCreate: 0,
      withProblems: fixture.problems.length,
    });

    const undone = await api.post(`/api/imports/${preview.body._id}/undo`, { token: manager.token });
    expect(undone.status).toBe(200);
    expect(undone.body.status).toBe('undone');
    expect(await liveClients()).toBe(before + 1);
    expect((await api.post(`/api/imports/${preview.body._id}/undo`, { token: manager.token })).status).toBe(409);
    const undoEvent = await api.get('/api/audit?action=import.undo', { token: manager.token });
    expect(undoEvent.body.items[0]).toMatchObject({ entityId: preview.body._id, details: { removed: String(fixture.people - 1) } });
  }, 60_000);

  it('cannot undo an import once one of its records has changed', async () => {
    const preview = await upload('Given name,Family name,Date of birth\nKahu,Ropata,1/2/1990\nAmiria,Ropata,2/3/1991\n');
    expect(preview.body.counts).toMatchObject({ rows: 2, toCreate: 2 });
    await api.post(`/api/imports/${preview.body._id}/confirm`, { token: manager.token });
    const kahu = await Client.findOne({ where: { givenName: 'Kahu', familyName: 'Ropata' } });
    const edit = await api.patch(`/api/clients/${kahu!.id}`, {
      token: manager.token,
      json: { _id: crypto.randomUUID(), baseVersion: 1, changes: { suburb: 'Aranui' } },
    });
    expect(edit.status).toBe(200);
    const undo = await api.post(`/api/imports/${preview.body._id}/undo`, { token: manager.token });
    expect(undo.status).toBe(409);
    expect(undo.body.errors[0].msg).toBe('A record of this import has changed since, so the import can no longer be undone as a whole');
    expect(await Client.count({ where: { familyName: 'Ropata' } })).toBe(2);
  });

  it('reads a Windows-1252 file and remembers a changed mapping for the next file', async () => {
    // "O’Brien" and "Renée" as Excel on Windows saves them: ’ is 0x92, é is 0xE9.
    const bytes = Buffer.concat([
      Buffer.from('First name,Last name,Born,Notes\nRen'),
      Buffer.from([0xe9]),
      Buffer.from('e,O'),
      Buffer.from([0x92]),
      Buffer.from('Brien,3/4/1975,x\n'),
    ]);
    const preview = await upload(bytes, 'windows.csv');
    expect(preview.status).toBe(201);
    expect(preview.body.mapping).toEqual({ 'First name': 'givenName', 'Last name': 'familyName', Born: 'dateOfBirth', Notes: null });
    const remapped = await api.request('PUT', `/api/imports/${preview.body._id}/mapping`, {
      token: manager.token,
      json: { mapping: { 'First name': 'givenName', 'Last name': 'familyName', Born: 'dateOfBirth', Notes: 'suburb' } },
    });
    expect(remapped.status).toBe(200);
    expect(remapped.body.mapping.Notes).toBe('suburb');
    const confirmed = await api.post(`/api/imports/${preview.body._id}/confirm`, { token: manager.token });
    expect(confirmed.body.problems).toEqual([]);
    expect(await Client.findOne({ where: { familyName: 'O’Brien' } })).toMatchObject({ givenName: 'Renée', dateOfBirth: '1975-04-03', suburb: 'x' });
    const next = await upload('First name,Last name,Born,Notes\n', 'next.csv');
    expect(next.body.mapping.Notes).toBe('suburb');
  });

  it('is for managers only, and refuses bad uploads with the error shape', async () => {
    expect((await upload('Given name\nA\n', 'a.csv', kaimahi.token)).status).toBe(403);
    const bad = await api.post('/api/imports?kind=whales', { token: manager.token, body: 'x', headers: { 'content-type': 'text/csv' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((error: any) => error.param).sort()).toEqual(['kind', 'name']);
    const utf16 = await upload(Buffer.from('\ufeffGiven name\nA\n', 'utf16le'), 'utf16.csv');
    expect(utf16.status).toBe(415);
    expect(utf16.body.errors[0]).toMatchObject({ code: 'unsupported_media_type' });
    const big = await upload(Buffer.alloc(10 * 1024 * 1024 + 1, 'a'), 'big.csv');
    expect(big.status).toBe(413);
    expect(big.body.errors[0].msg).toBe('A file may be at most 10 MB');
    const open = await upload('Given name\n"unclosed\n', 'quote.csv');
    expect(open.status).toBe(400);
    const doubled = await upload('Given name,Family name\nA,B\n');
    const remap = await api.request('PUT', `/api/imports/${doubled.body._id}/mapping`, {
      token: manager.token,
      json: { mapping: { 'Given name': 'givenName', 'Family name': 'givenName' } },
    });
    expect(remap.status).toBe(409);
    const wrongField = await api.request('PUT', `/api/imports/${doubled.body._id}/mapping`, {
      token: manager.token,
      json: { mapping: { 'Given name': 'shoeSize' } },
    });
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.errors[0]).toMatchObject({ param: 'mapping.Given name' });
    expect((await api.post(`/api/imports/${crypto.randomUUID()}/confirm`, { token: manager.token })).status).toBe(404);
  });
});

describe('import of whānau and their members', () => {
  it('reads an .xlsx with a merged header cell, groups members by whānau (macrons aside), adds an existing person, and undoes it all', async () => {
    const ana = await buildClient({ givenName: 'Ana', familyName: 'Tūhoe-Existing', dateOfBirth: '1970-01-01' });
    const header = ['Whānau', 'Relationship', { value: 'Name', columnSpan: 2 }, null, 'Born', 'Phone'];
    const bytes = await writeXlsxFile([
      header,
      ['Te Whānau a Pita', 'mother', 'Mere', 'Pita', '1/2/1980', '021 111 2222'],
      ['Te Whānau a Pita', 'son', 'Hemi', 'Pita', '03-04-10', null],
      [null, null, null, null, null, null],
      ['Te Whanau a Pita', 'kuia', 'Aroha', 'Pita', '1945-06-07', null],
      ['Ngāti Ruru', 'Father', 'Wiremu', 'Ruru', '31/02/1970', null],
      ['Ngāti Ruru', 'partner', 'Kiri', 'Ruru', '5/5/1975', '027 333 4444'],
      [null, 'child', 'Tama', 'Ruru', '1/1/2005', null],
      ['Te Whānau a Pita', 'aunty', 'Ana', 'Tūhoe-Existing', '1/1/1970', null],
    ] as never).toBuffer();
    const uploaded = await upload(bytes, 'whanau.xlsx', manager.token, 'whanau');
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.columns).toEqual(['Whānau', 'Relationship', 'Name', 'Column 4', 'Born', 'Phone']);
    expect(uploaded.body.mapping).toMatchObject({ Whānau: 'whanauName', Relationship: 'relationship', Born: 'dateOfBirth', Phone: 'phone', Name: null });
    const preview = await api.request('PUT', `/api/imports/${uploaded.body._id}/mapping`, {
      token: manager.token,
      json: { mapping: { ...uploaded.body.mapping, Name: 'givenName', 'Column 4': 'familyName' } },
    });
    expect(preview.status).toBe(200);
    expect(preview.body.problems).toEqual([
      { row: 6, field: 'dateOfBirth', msg: 'Date of birth is not a real date' },
      { row: 8, field: 'whanauName', msg: 'Whānau name is missing' },
    ]);
    expect(preview.body.counts).toEqual({
      rows: 7,
      blank: 1,
      withProblems: 2,
      alreadyThere: 0,
      repeated: 0,
      toCreate: 4,
      toAdd: 5,
      whanauToCreate: 2,
      created: 0,
    });

    const confirmed = await api.post(`/api/imports/${preview.body._id}/confirm`, { token: manager.token });
    expect(confirmed.status).toBe(200);
    const pita = await Whanau.findAll({ where: { name: 'Te Whānau a Pita' } });
    expect(pita).toHaveLength(1);
    const members = await WhanauMember.findAll({ where: { whanauId: pita[0]!.id } });
    const byClient = new Map(await Promise.all(members.map(async (member) => [(await Client.findByPk(member.clientId))!.givenName, member] as const)));
    expect([...byClient.keys()].sort()).toEqual(['Ana', 'Aroha', 'Hemi', 'Mere']);
    expect(byClient.get('Aroha')).toMatchObject({ relationship: 'grandparent' });
    expect(byClient.get('Ana')).toMatchObject({ clientId: ana.id, relationship: 'other', relationshipText: 'aunty' });
    expect(await Client.findOne({ where: { givenName: 'Hemi', familyName: 'Pita' } })).toMatchObject({ dateOfBirth: '2010-04-03' });
    const audit = await api.get('/api/audit?action=import', { token: manager.token });
    expect(audit.body.items[0]).toMatchObject({ entityId: preview.body._id, details: { kind: 'whanau', created: '4', whanauCreated: '2', membersAdded: '5' } });

    const again = await api.request('PUT', `/api/imports/${(await upload(bytes, 'whanau.xlsx', manager.token, 'whanau')).body._id}/mapping`, {
      token: manager.token,
      json: { mapping: { ...uploaded.body.mapping, Name: 'givenName', 'Column 4': 'familyName' } },
    });
    expect(again.body.counts).toMatchObject({ alreadyThere: 5, toCreate: 0, toAdd: 0, whanauToCreate: 0, withProblems: 2 });

    const undone = await api.post(`/api/imports/${preview.body._id}/undo`, { token: manager.token });
    expect(undone.status).toBe(200);
    expect(await Whanau.count({ where: { name: ['Te Whānau a Pita', 'Ngāti Ruru'] } })).toBe(0);
    expect(await WhanauMember.count({ where: { clientId: ana.id } })).toBe(0);
    expect(await Client.findByPk(ana.id)).not.toBeNull();
    expect(await Client.count({ where: { familyName: ['Pita', 'Ruru'] } })).toBe(0);
  });
});

describe('import of enrolments of past years', () => {
  it('names the service, date and status problems, enrols new and existing people, and finds them there the second time', async () => {
    const existing = await buildClient({ givenName: 'Huia', familyName: 'Enrolled-Before', dateOfBirth: '1988-08-08' });
    const csv = [
      'Service,Date,Status,First name,Last name,DOB,Email',
      'Whānau Ora Support,15/03/2024,completed,Rāwiri,Kāwhia-Import,1/1/1990,rawiri.import@example.org',
      'whanau ora support,2024-09-01,Enrolled,Rāwiri,Kāwhia-Import,1/1/1990,rawiri.import@example.org',
      'Swimming lessons,1/1/2024,completed,Mere,Import,1/1/1991,',
      'Raised Gardens,32/13/2024,completed,Mere,Import,1/1/1991,',
      'Raised Gardens,1/6/2024,finished,Mere,Import,1/1/1991,',
      'Raised Gardens,1/6/2024,,Huia,Enrolled-Before,8/8/1988,',
    ].join('\n');
    const preview = await upload(csv, 'enrolments.csv', manager.token, 'enrolments');
    expect(preview.status).toBe(201);
    expect(preview.body.mapping).toEqual({
      Service: 'service',
      Date: 'enrolledOn',
      Status: 'status',
      'First name': 'givenName',
      'Last name': 'familyName',
      DOB: 'dateOfBirth',
      Email: 'email',
    });
    expect(preview.body.problems).toEqual([
      { row: 4, field: 'service', msg: 'Service "Swimming lessons" does not exist' },
      { row: 5, field: 'enrolledOn', msg: 'Enrolment date "32/13/2024" cannot be read: write it like 25/12/2024 or 2024-12-25' },
      { row: 6, field: 'status', msg: 'Status "finished" is not one of: new, contacted, enrolled, completed, declined' },
    ]);
    expect(preview.body.counts).toEqual({
      rows: 6,
      blank: 0,
      withProblems: 3,
      alreadyThere: 0,
      repeated: 0,
      toCreate: 1,
      toAdd: 3,
      whanauToCreate: 0,
      created: 0,
    });

    expect((await api.post(`/api/imports/${preview.body._id}/confirm`, { token: manager.token })).status).toBe(200);
    const rawiri = await Client.findOne({ where: { familyName: 'Kāwhia-Import' } });
    const enrolled = await Enrolment.findAll({ where: { clientId: [rawiri!.id, existing.id] }, order: [['receivedAt', 'ASC']] });
    expect(enrolled.map((one) => [one.serviceKey, nzToday(one.receivedAt.getTime()), one.status, one.clientId === existing.id])).toEqual([
      ['whanau_ora_support', '2024-03-15', 'completed', false],
      ['raised_gardens', '2024-06-01', 'completed', true],
      ['whanau_ora_support', '2024-09-01', 'enrolled', false],
    ]);

    const again = await upload(csv, 'enrolments.csv', manager.token, 'enrolments');
    expect(again.body.counts).toMatchObject({ alreadyThere: 3, repeated: 0, toCreate: 0, toAdd: 0, withProblems: 3 });
    const undone = await api.post(`/api/imports/${preview.body._id}/undo`, { token: manager.token });
    expect(undone.status).toBe(200);
    expect(await Enrolment.count({ where: { clientId: existing.id } })).toBe(0);
    expect(await Client.findByPk(rawiri!.id)).toBeNull();
  });

  it('refuses a mapping to a field another kind of file fills', async () => {
    const preview = await upload('Service,Date\nRaised Gardens,1/1/2024\n', 'e.csv', manager.token, 'enrolments');
    const wrong = await api.request('PUT', `/api/imports/${preview.body._id}/mapping`, {
      token: manager.token,
      json: { mapping: { Service: 'whanauName', Date: 'enrolledOn' } },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([expect.objectContaining({ param: 'mapping.Service', msg: 'A file of enrolments cannot fill whanauName' })]);
  });
});

describe('what an import keeps', () => {
  it('forgets a preview not confirmed within a day, and a confirmed import’s rows (its counts stay)', async () => {
    const old = await upload('Given name,Family name\nKeep,Notlong\n', 'old.csv');
    const fresh = await upload('Given name,Family name\nKeep,Fresh\n', 'fresh.csv');
    await sequelize.query('UPDATE imports SET "createdAt" = :at WHERE id = :id', {
      replacements: { at: new Date(Date.now() - previewKeptMs - 60_000), id: old.body._id },
    });
    expect(await pruneImportPreviews()).toBeGreaterThanOrEqual(1);
    expect((await api.get(`/api/imports/${old.body._id}`, { token: manager.token })).status).toBe(404);
    expect((await api.get(`/api/imports/${fresh.body._id}`, { token: manager.token })).status).toBe(200);

    const confirmed = await api.post(`/api/imports/${fresh.body._id}/confirm`, { token: manager.token });
    expect(confirmed.body.counts).toMatchObject({ rows: 1, created: 1 });
    const [stored] = await sequelize.query<{ rows: unknown }>('SELECT rows FROM imports WHERE id = :id', {
      type: QueryTypes.SELECT,
      replacements: { id: fresh.body._id },
    });
    expect(typeof stored!.rows === 'string' ? JSON.parse(stored!.rows) : stored!.rows).toEqual([]);
    expect((await api.get(`/api/imports/${fresh.body._id}`, { token: manager.token })).body.counts).toMatchObject({ rows: 1, created: 1 });
    // A confirmed import is kept (it can be undone) however old.
    await sequelize.query('UPDATE imports SET "createdAt" = :at WHERE id = :id', { replacements: { at: new Date(0), id: fresh.body._id } });
    await pruneImportPreviews();
    expect((await api.get(`/api/imports/${fresh.body._id}`, { token: manager.token })).status).toBe(200);
  });
});
