import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceCatalogue } from '../../../contract/catalogue';
import { impactCounters, reportTables, type ReportRow } from '../../../contract/reports';
import { buildContact, buildEnrolment, buildGoal, buildWhanau } from '../../../test/factories';
import { suppressionNotes } from './reports.csv';
import { buildUser, startTestServer, type TestApi } from '../../../test/helpers';
import { ServiceOutputRow } from '../../db/models/service-output';
import { Contact, ContactOutputRow, type Goal } from '../../db/models/whanau';
import { sequelize } from '../../db/sequelize';
import { setClock } from '../../lib/clock';

/**
 * A fixture over two years with known answers: contacts, outputs, goals and enrolments of Whānau
 * Kai Support (kai) and Musical Therapy (music) in the first quarter of 2026, the same quarter of
 * 2025, and just outside both (New Zealand days: NZDT is UTC+13 in January to March).
 */
let api: TestApi;
let manager: Awaited<ReturnType<typeof buildUser>>;
let kaiKaimahi: Awaited<ReturnType<typeof buildUser>>;
const kai = 'whanau_kai_support';
const music = 'musical_therapy';
const ids = () => crypto.randomUUID();
const [kaiParcel, kaiKg, musicHours] = [ids(), ids(), ids()];
const [whanauA, whanauB, whanauC, whanauD] = [ids(), ids(), ids(), ids()];
const p = Array.from({ length: 10 }, ids);
const quarter = 'from=2026-01-01&to=2026-03-31';

type ContactSeed = {
  serviceKey: string;
  on: string;
  kind: string;
  minutes: number;
  whanauId?: string;
  clientId?: string;
  present?: string[];
  outputs?: { kind: string; quantity: number; value?: number }[];
};

async function contact(seed: ContactSeed, authorId: string) {
  const row = await buildContact({
    id: ids(),
    clientId: seed.clientId ?? null,
    whanauId: seed.whanauId ?? null,
    on: seed.on,
    kind: seed.kind as Contact['kind'],
    minutes: seed.minutes,
    serviceKey: seed.serviceKey,
    presentClientIds: seed.present ?? [],
    authorId,
  });
  await ContactOutputRow.bulkCreate(
    (seed.outputs ?? []).map((output, position) => ({
      contactId: row.id,
      serviceKey: row.serviceKey,
      on: row.on,
      position,
      unit: null,
      value: null,
      ...output,
    })),
  );
}

/** A goal set at `createdAt`; when `achievedAt` is given, its status is changed to achieved then (the database stamps it). */
async function goal(serviceKey: string, area: string, createdAt: string, authorId: string, achievedAt?: string, thenStatus?: string) {
  const id = ids();
  await buildGoal({ id, whanauId: whanauA, area: area as Goal['area'], serviceKey, createdBy: authorId });
  await sequelize.query('UPDATE goals SET "createdAt" = :at, "updatedAt" = :at WHERE id = :id', { replacements: { at: new Date(createdAt), id } });
  if (achievedAt)
    await sequelize.query(`UPDATE goals SET status = 'achieved', "updatedAt" = :at WHERE id = :id`, { replacements: { at: new Date(achievedAt), id } });
  if (thenStatus) await sequelize.query('UPDATE goals SET status = :status WHERE id = :id', { replacements: { status: thenStatus, id } });
}

beforeAll(async () => {
  api = await startTestServer();
  manager = await buildUser({ access: 2, name: 'Mere Manager' });
  kaiKaimahi = await buildUser({ access: 1, name: 'Hemi Kaimahi', services: [kai] });
  const author = manager.user.id;
  const output = (id: string, serviceKey: string, name: string, unit: string, hasValue: boolean, position: number) =>
    ServiceOutputRow.create({ id, serviceKey, name, nameMi: name, unit, hasValue, position, retiredAt: null });
  await output(kaiParcel, kai, 'Kai parcel', 'parcels', true, 0);
  await output(kaiKg, kai, 'Kai', 'kg', false, 1);
  await output(musicHours, music, 'Music therapy', 'hours', false, 0);
  for (const id of [whanauA, whanauB, whanauC, whanauD]) await buildWhanau({ id, name: 'Te Whānau', nameKey: '', createdBy: author });

  // The quarter: 2026-01-01 to 2026-03-31.
  const seeds: ContactSeed[] = [
    {
      serviceKey: kai,
      on: '2026-01-01',
      kind: 'home visit',
      minutes: 60,
      whanauId: whanauA,
      present: [p[1]!, p[2]!],
      outputs: [
        { kind: kaiParcel, quantity: 2, value: 100 },
        { kind: kaiKg, quantity: 10 },
      ],
    },
    {
      serviceKey: kai,
      on: '2026-01-20',
      kind: 'home visit',
      minutes: 30,
      whanauId: whanauA,
      present: [p[1]!],
      outputs: [{ kind: kaiParcel, quantity: 1, value: 50 }],
    },
    { serviceKey: kai, on: '2026-02-03', kind: 'home visit', minutes: 45, whanauId: whanauB, present: [p[3]!] },
    { serviceKey: kai, on: '2026-02-14', kind: 'home visit', minutes: 45, clientId: p[4]!, outputs: [{ kind: kaiKg, quantity: 5 }] },
    { serviceKey: kai, on: '2026-03-02', kind: 'home visit', minutes: 60, whanauId: whanauC, clientId: p[5]!, present: [p[5]!, p[6]!] },
    { serviceKey: kai, on: '2026-03-03', kind: 'phone', minutes: 15, clientId: p[1]! },
    { serviceKey: kai, on: '2026-03-04', kind: 'phone', minutes: 15, clientId: p[7]! },
    { serviceKey: kai, on: '2026-03-31', kind: 'office', minutes: 30, clientId: p[8]! },
    { serviceKey: music, on: '2026-02-10', kind: 'office', minutes: 60, clientId: p[9]!, outputs: [{ kind: musicHours, quantity: 1 }] },
    // Another service, not in the report asked for.
    { serviceKey: 'whanau_ora_support', on: '2026-02-10', kind: 'marae', minutes: 120, whanauId: whanauD, present: [p[0]!] },
    // Just outside the quarter.
    { serviceKey: kai, on: '2025-12-31', kind: 'home visit', minutes: 60, whanauId: whanauD },
    { serviceKey: kai, on: '2026-04-01', kind: 'home visit', minutes: 60, whanauId: whanauD, outputs: [{ kind: kaiParcel, quantity: 10, value: 500 }] },
    // The same quarter a year earlier.
    {
      serviceKey: kai,
      on: '2025-02-01',
      kind: 'home visit',
      minutes: 60,
      whanauId: whanauA,
      present: [p[1]!],
      outputs: [{ kind: kaiParcel, quantity: 4, value: 200 }],
    },
  ];
  for (const seed of seeds) await contact(seed, author);

  // Enrolments: received in the quarter by New Zealand day (NZDT, UTC+13).
  const enrol = (serviceKey: string, receivedAt: string, status: 'new' | 'enrolled' | 'completed' | 'declined') =>
    buildEnrolment({ serviceKey, receivedAt: new Date(receivedAt), status });
  await enrol(kai, '2025-12-31T11:30:00Z', 'enrolled'); // 1 January 00:30 in Aotearoa: in
  await enrol(kai, '2026-02-10T00:00:00Z', 'new');
  await enrol(kai, '2026-03-31T10:59:00Z', 'completed'); // 31 March 23:59: in
  await enrol(kai, '2026-03-31T11:00:00Z', 'enrolled'); // 1 April: out
  await enrol(kai, '2025-12-31T10:59:00Z', 'enrolled'); // 31 December: out
  for (const status of ['declined', 'enrolled', 'enrolled', 'enrolled', 'enrolled'] as const) await enrol(music, '2026-02-01T00:00:00Z', status);
  await enrol(kai, '2025-02-01T00:00:00Z', 'declined');

  // Goals: set and achieved by New Zealand day.
  await goal(kai, 'kai', '2026-01-05T00:00:00Z', author, '2026-02-15T00:00:00Z');
  await goal(kai, 'kai', '2026-01-06T00:00:00Z', author, '2026-02-16T00:00:00Z', 'in progress'); // achieved, then not: not counted
  await goal(kai, 'kai', '2026-03-31T10:00:00Z', author);
  await goal(kai, 'housing', '2026-02-01T00:00:00Z', author);
  await goal(kai, 'health', '2025-06-01T00:00:00Z', author, '2026-03-01T00:00:00Z');
  await goal(kai, 'kai', '2025-03-10T00:00:00Z', author);
  await goal('whanau_ora_support', 'kai', '2026-02-01T00:00:00Z', author);
});
afterAll(() => api.close());

const rowOf = (table: { rows: ReportRow[] }, key: string) => table.rows.find((row) => row.key === key);

/** An export's rows by their label, before its notes: each row's cells after the label. */
function csvRows(text: string): Map<string, string[]> {
  const lines = text.split('\r\n');
  const rows = lines.slice(1, lines.indexOf(''));
  return new Map(
    rows.map((line) => {
      const cells = [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((match) => (match[1] ?? '').replaceAll('""', '"'));
      return [cells[0] ?? '', cells.slice(1)];
    }),
  );
}

describe('GET /api/reports: a quarter with known answers', () => {
  it('answers every figure of the quarter exactly, with the same quarter a year earlier', async () => {
    const res = await api.get(`/api/reports?${quarter}&services=${kai},${music}`, { token: manager.token });
    expect(res.status).toBe(200);
    const report = res.body;
    expect(report).toMatchObject({ from: '2026-01-01', to: '2026-03-31', lastYear: { from: '2025-01-01', to: '2025-03-31' }, services: [music, kai] });

    expect(report.tables.enrolments.rows).toEqual([
      { key: music, values: { received: 5, accepted: 4 }, lastYear: { received: 0, accepted: 0 } },
      { key: kai, values: { received: 3, accepted: 2 }, lastYear: { received: 1, accepted: 0 } },
      { key: 'total', values: { received: 8, accepted: 6 }, lastYear: { received: 1, accepted: 0 } },
    ]);
    expect(report.tables.served.rows).toEqual([
      { key: 'whanau', values: { served: 3 }, lastYear: { served: 1 } },
      { key: 'people', values: { served: 9 }, lastYear: { served: 1 } },
    ]);
    const contacts = report.tables.contacts;
    expect(rowOf(contacts, 'home visit')).toEqual({ key: 'home visit', values: { contacts: 5, hours: 4 }, lastYear: { contacts: 1, hours: 1 } });
    expect(rowOf(contacts, 'phone')).toEqual({ key: 'phone', values: { contacts: 2, hours: 0.5 }, lastYear: { contacts: 0, hours: 0 } });
    expect(rowOf(contacts, 'office')).toEqual({ key: 'office', values: { contacts: 2, hours: 1.5 }, lastYear: { contacts: 0, hours: 0 } });
    expect(rowOf(contacts, 'marae')?.values).toEqual({ contacts: 0, hours: 0 });
    expect(rowOf(contacts, 'total')).toEqual({ key: 'total', values: { contacts: 9, hours: 6 }, lastYear: { contacts: 1, hours: 1 } });

    const goals = report.tables.goals;
    expect(rowOf(goals, 'kai')).toEqual({ key: 'kai', values: { set: 3, achieved: 1 }, lastYear: { set: 1, achieved: 0 } });
    expect(rowOf(goals, 'housing')?.values).toEqual({ set: 1, achieved: 0 });
    expect(rowOf(goals, 'health')?.values).toEqual({ set: 0, achieved: 1 });
    expect(rowOf(goals, 'total')).toEqual({ key: 'total', values: { set: 4, achieved: 2 }, lastYear: { set: 1, achieved: 0 } });

    expect(report.tables.outputs.rows).toEqual([
      { key: musicHours, values: { contacts: 1, quantity: 1, value: 0 }, lastYear: { contacts: 0, quantity: 0, value: 0 } },
      { key: kaiParcel, values: { contacts: 2, quantity: 3, value: 150 }, lastYear: { contacts: 1, quantity: 4, value: 200 } },
      { key: kaiKg, values: { contacts: 2, quantity: 15, value: 0 }, lastYear: { contacts: 0, quantity: 0, value: 0 } },
    ]);
    expect(report.outputs.map((output: { name: string; unit: string }) => `${output.name} (${output.unit})`)).toEqual([
      'Music therapy (hours)',
      'Kai parcel (parcels)',
      'Kai (kg)',
    ]);
    // Counts only: nothing in the answer names or identifies anyone.
    for (const id of [...p, whanauA, whanauB, whanauC]) expect(res.text).not.toContain(id);
    expect(res.text).not.toMatch(/Rawiri|Tane|Te Whānau/);
  });

  it('covers every service when none is named', async () => {
    const res = await api.get(`/api/reports?${quarter}`, { token: manager.token });
    expect(res.body.services).toHaveLength(6);
    expect(rowOf(res.body.tables.contacts, 'marae')?.values).toEqual({ contacts: 1, hours: 2 });
    expect(rowOf(res.body.tables.served, 'people')?.values).toEqual({ served: 10 });
  });

  it('exports only whole months, quarters and years, saying which end is wrong (decision 116)', async () => {
    const csv = (query: string) => api.get(`/api/reports/enrolments.csv?${query}&services=${kai}`, { token: manager.token });
    const problems = async (query: string) => {
      const res = await csv(query);
      expect(res.status, query).toBe(400);
      return res.body.errors;
    };
    // A quarter less a day, and the quarter: 7 − 6 would be the last day's count.
    expect(await problems('from=2026-01-01&to=2026-03-30')).toEqual([{ msg: 'An export ends on the last day of a month', param: 'to', code: 'invalid_value' }]);
    expect(await problems('from=2026-01-02&to=2026-03-31')).toEqual([
      { msg: 'An export starts on the first day of a month', param: 'from', code: 'invalid_value' },
    ]);
    expect((await problems('from=2026-01-02&to=2026-03-30')).map((error: { param: string }) => error.param)).toEqual(['from', 'to']);
    // Whole months, but not a month, a quarter or a year: two months, a quarter out of step, a financial year.
    for (const query of ['from=2026-01-01&to=2026-02-28', 'from=2026-02-01&to=2026-04-30', 'from=2025-07-01&to=2026-06-30']) {
      expect(await problems(query)).toEqual([{ msg: 'An export covers a whole month, quarter or year', param: 'to', code: 'invalid_value' }]);
    }
    for (const whole of [quarter, 'from=2026-02-01&to=2026-02-28', 'from=2024-02-01&to=2024-02-29', 'from=2025-01-01&to=2025-12-31']) {
      expect((await csv(whole)).status, whole).toBe(200);
    }
    // The screen's own report, inside the trust, keeps any period and any services.
    expect((await api.get(`/api/reports?from=2026-01-02&to=2026-03-30&services=${kai},${music}`, { token: manager.token })).status).toBe(200);
  });

  it('exports one service or all of them, whoever asks: two of six, or a kaimahi’s two, would differ from one by a service', async () => {
    const someServices = await api.get(`/api/reports/enrolments.csv?${quarter}&services=${kai},${music}`, { token: manager.token });
    expect(someServices.status).toBe(400);
    expect(someServices.body.errors).toEqual([{ msg: 'An export covers one service or all of them', param: 'services', code: 'bad_request' }]);
    const both = await buildUser({ access: 1, services: [kai, music] });
    const theirs = await api.get(`/api/reports/contacts.csv?${quarter}&scope=mine`, { token: both.token });
    expect(theirs.status).toBe(400);
    expect(theirs.body.errors).toEqual([{ msg: 'An export covers one service or all of them', param: 'services', code: 'bad_request' }]);
    // One of theirs is the same file a manager gets: suppressed the same whoever asks.
    const one = await api.get(`/api/reports/contacts.csv?${quarter}&scope=mine&services=${kai}`, { token: both.token });
    expect(one.status).toBe(200);
    expect(one.text).toBe((await api.get(`/api/reports/contacts.csv?${quarter}&services=${kai}`, { token: manager.token })).text);
    expect((await api.get(`/api/reports/contacts.csv?${quarter}`, { token: manager.token })).status).toBe(200);
  });

  it('a differencing attempt on every export of the quarter gives no hidden count: all services less the others, or a total less its rows', async () => {
    const sets = ['', ...serviceCatalogue.map((service) => service.key)];
    const hiddenMark = (cell: string | undefined) => cell === '<5' || cell === 'S';
    for (const table of reportTables) {
      const exports = new Map<string, Map<string, string[]>>();
      for (const set of sets) {
        const res = await api.get(`/api/reports/${table}.csv?${quarter}${set ? `&services=${set}` : ''}`, { token: manager.token });
        expect(res.status).toBe(200);
        exports.set(set, csvRows(res.text));
      }
      const all = exports.get('')!;
      const columns = [...all.values()][0]?.length ?? 0;
      for (let column = 0; column < columns; column += 1) {
        // A row of all services and the same row of each service: one hidden figure alone would be the others' difference.
        for (const [label, cells] of all) {
          const line = [cells[column], ...sets.slice(1).map((set) => exports.get(set)!.get(label)?.[column] ?? '0')];
          expect(line.filter(hiddenMark).length, `${table}, ${label}, column ${column + 1}`).not.toBe(1);
        }
        // A table's rows and its total.
        for (const [set, rows] of exports) {
          if (!rows.has('Total')) continue;
          const line = [...rows.values()].map((cells) => cells[column]);
          expect(line.filter(hiddenMark).length, `${table} of ${set || 'all'}, column ${column + 1}`).not.toBe(1);
        }
      }
    }
    const file = async (table: string, set: string) =>
      csvRows((await api.get(`/api/reports/${table}.csv?${quarter}${set ? `&services=${set}` : ''}`, { token: manager.token })).text);
    // What gave counts away before: all services' 8 enrolments less Musical Therapy's 5 were Kai's 3 …
    expect((await file('enrolments', '')).get('Total')?.[0]).toBe('8');
    expect((await file('enrolments', music)).get('Total')?.[0]).toBe('S');
    // … and all services' 10 contacts less Kai's 8 left 2 for two services marked "<5": 1 each.
    expect((await file('contacts', '')).get('Total')?.[0]).toBe('10');
    expect((await file('contacts', kai)).get('Total')?.[0]).toBe('S');
  });

  it('exports each table as CSV with counts below 5 as "<5", and the cell that would give one away hidden too', async () => {
    const csv = (table: string) => api.get(`/api/reports/${table}.csv?${quarter}`, { token: manager.token });
    const enrolments = await csv('enrolments');
    expect(enrolments.status).toBe(200);
    expect(enrolments.headers.get('content-type')).toContain('text/csv');
    expect(enrolments.headers.get('content-disposition')).toBe('attachment; filename="enrolments-2026-01-01-to-2026-03-31.csv"');
    // Kai's 3 is hidden; Musical Therapy's 5 too, or 8 − 5 would give it away: "S", as 5 is not "<5"; the total shows.
    expect(enrolments.text).toBe(
      [
        '"service","received 2026-01-01 to 2026-03-31","received 2025-01-01 to 2025-03-31","accepted 2026-01-01 to 2026-03-31","accepted 2025-01-01 to 2025-03-31"',
        '"Active Rangatahi Project","0","0","0","0"',
        '"Mobile Rangatahi","0","0","0","0"',
        '"Musical Therapy","S","0","<5","0"',
        '"Whānau Kai Support","<5","<5","<5","0"',
        '"Whānau Ora Support","0","0","0","0"',
        '"Raised Gardens","0","0","0","0"',
        '"Total","8","<5","6","0"',
        '',
        '"<5: a count from 1 to 4, not shown so that no one can be picked out."',
        '"S: not shown, because the count it goes with is from 1 to 4, or because with the total it would give such a count away."',
        '',
      ].join('\r\n'),
    );
    const contacts = (await csv('contacts')).text.split('\r\n');
    // The screen's labels; hours hidden with their contacts are "S" (0.75 hours is not "<5").
    expect(contacts[1]).toBe('"Home visit","5","<5","4","S"');
    // Hours go with the contacts they were spent at.
    expect(contacts[2]).toBe('"Phone","<5","0","S","0"');
    expect(contacts[3]).toBe('"Office","<5","0","S","0"');
    expect(contacts.slice(-5)).toEqual(['"Total","10","<5","8","S"', '', `"${suppressionNotes.small}"`, `"${suppressionNotes.hidden}"`, '']);
    const served = (await csv('served')).text.split('\r\n');
    expect(served.slice(1, 3)).toEqual(['"Whānau","<5","<5"', '"People","10","<5"']);
    const outputs = (await csv('outputs')).text.split('\r\n');
    // A $120 value and the parcels with it are "S": only the contacts are a count of 1–4.
    expect(outputs[2]).toBe('"Kai parcel (parcels)","<5","<5","S","S","S","S"');
    const goals = (await csv('goals')).text.split('\r\n');
    expect(goals.find((line) => line.startsWith('"Total"'))).toBe('"Total","5","<5","<5","0"');
    // Only counts are hidden here: the note says what "<5" means, and no "S" note.
    expect(goals.slice(-3)).toEqual(['', `"${suppressionNotes.small}"`, '']);
  });

  it('gives a kaimahi the figures of their own services only, with scope=mine; without it 403', async () => {
    expect((await api.get(`/api/reports?${quarter}`, { token: kaiKaimahi.token })).status).toBe(403);
    expect((await api.get(`/api/reports/contacts.csv?${quarter}`, { token: kaiKaimahi.token })).status).toBe(403);
    const mine = await api.get(`/api/reports?${quarter}&scope=mine`, { token: kaiKaimahi.token });
    expect(mine.status).toBe(200);
    expect(mine.body.services).toEqual([kai]);
    expect(rowOf(mine.body.tables.contacts, 'total')?.values).toEqual({ contacts: 8, hours: 5 });
    expect(rowOf(mine.body.tables.enrolments, 'total')?.values).toEqual({ received: 3, accepted: 2 });
    expect(mine.body.outputs.map((output: { _id: string }) => output._id)).toEqual([kaiParcel, kaiKg]);
    // Asking for another service's figures gives nothing of it.
    const other = await api.get(`/api/reports?${quarter}&scope=mine&services=${music}`, { token: kaiKaimahi.token });
    expect(other.body.services).toEqual([]);
    expect(rowOf(other.body.tables.contacts, 'total')?.values).toEqual({ contacts: 0, hours: 0 });
  });

  it('refuses bad periods in the contract shape, every problem listed', async () => {
    const bad = async (query: string) => {
      const res = await api.get(`/api/reports?${query}`, { token: manager.token });
      expect(res.status).toBe(400);
      return res.body.errors.map((error: { param?: string }) => error.param);
    };
    expect(await bad('')).toEqual(['from', 'to']);
    expect(await bad('from=2026-13-01&to=soon')).toEqual(['from', 'to']);
    expect(await bad('from=2026-03-31&to=2026-01-01')).toEqual(['to']);
    expect(await bad('from=2020-01-01&to=2026-01-01')).toEqual(['to']);
    expect(await bad(`${quarter}&services=nope`)).toEqual(['services.0']);
    expect(await bad(`${quarter}&scope=everyone`)).toEqual(['scope']);
    const csv = await api.get(`/api/reports/names.csv?${quarter}`, { token: manager.token });
    expect(csv.status).toBe(400);
    expect(csv.body.errors[0]).toMatchObject({ param: 'table' });
  });
});

describe('who may do what', () => {
  it('401 without a token, 403 for a kaimahi where managers only', async () => {
    for (const [method, path] of [
      ['GET', `/api/reports?${quarter}`],
      ['GET', `/api/reports/served.csv?${quarter}`],
      ['GET', `/api/services/${kai}/outputs`],
      ['POST', `/api/services/${kai}/outputs`],
      ['PATCH', `/api/services/${kai}/outputs/${kaiKg}`],
      ['DELETE', `/api/services/${kai}/outputs/${kaiKg}`],
      ['GET', '/api/counters/settings'],
      ['PATCH', '/api/counters/counterKaiKg'],
    ] as const) {
      expect((await api.request(method, path, method === 'GET' ? {} : { json: {} })).status, `${method} ${path}`).toBe(401);
    }
    for (const [method, path] of [
      ['POST', `/api/services/${kai}/outputs`],
      ['PATCH', `/api/services/${kai}/outputs/${kaiKg}`],
      ['DELETE', `/api/services/${kai}/outputs/${kaiKg}`],
      ['GET', '/api/counters/settings'],
      ['PATCH', '/api/counters/counterKaiKg'],
    ] as const) {
      expect(
        (await api.request(method, path, { ...(method === 'GET' ? {} : { json: { name: 'x' } }), token: kaiKaimahi.token })).status,
        `${method} ${path}`,
      ).toBe(403);
    }
    expect((await api.get(`/api/services/${kai}/outputs`, { token: kaiKaimahi.token })).status).toBe(200);
    expect((await api.get('/api/counters')).status).toBe(200);
  });
});

describe('service outputs', () => {
  it('a manager defines, reorders, retires and deletes outputs; a used one is only retired', async () => {
    const path = `/api/services/raised_gardens/outputs`;
    const created = await api.post(path, { token: manager.token, json: { name: ' Raised garden ', nameMi: 'Māra teitei', unit: 'planted' } });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      _id: expect.any(String),
      serviceKey: 'raised_gardens',
      name: 'Raised garden',
      nameMi: 'Māra teitei',
      unit: 'planted',
      hasValue: false,
      order: 0,
      retired: false,
      used: false,
    });
    const second = await api.post(path, { token: manager.token, json: { name: 'Workshop', nameMi: 'Awheawhe', unit: '', hasValue: true } });
    expect(second.body).toMatchObject({ unit: null, hasValue: true, order: 1 });

    const bad = await api.post(path, { token: manager.token, json: { name: '', nameMi: 'x'.repeat(101), hasValue: 'yes' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((error: { param: string }) => error.param)).toEqual(['name', 'nameMi', 'hasValue']);
    expect((await api.post('/api/services/nope/outputs', { token: manager.token, json: { name: 'A', nameMi: 'A' } })).status).toBe(404);
    expect((await api.patch(`${path}/${created.body._id}`, { token: manager.token, json: {} })).status).toBe(400);
    expect((await api.patch(`/api/services/${kai}/outputs/${created.body._id}`, { token: manager.token, json: { name: 'B' } })).status).toBe(404);

    const moved = await api.patch(`${path}/${second.body._id}`, { token: manager.token, json: { order: 0, name: 'Garden workshop' } });
    expect(moved.body).toMatchObject({ order: 0, name: 'Garden workshop' });
    const retired = await api.patch(`${path}/${created.body._id}`, { token: manager.token, json: { retired: true, order: 1 } });
    expect(retired.body.retired).toBe(true);
    expect((await api.get(path, { token: kaiKaimahi.token })).body.map((output: { name: string }) => output.name)).toEqual(['Garden workshop']);
    expect((await api.get(`${path}?include=all`, { token: manager.token })).body.map((output: { name: string }) => output.name)).toEqual([
      'Garden workshop',
      'Raised garden',
    ]);

    expect((await api.delete(`${path}/${second.body._id}`, { token: manager.token })).status).toBe(204);
    const used = await api.delete(`/api/services/${kai}/outputs/${kaiParcel}`, { token: manager.token });
    expect(used.status).toBe(409);
    expect(used.body.errors[0]).toMatchObject({ code: 'already_in_use' });
    expect(await ServiceOutputRow.count({ where: { id: kaiParcel } })).toBe(1);
  });

  it('contact.create names outputs of its service only, with a dollar value only where the output has one', async () => {
    const client = crypto.randomUUID();
    const { buildClient } = await import('../../../test/factories');
    await buildClient({ id: client });
    await buildEnrolment({ serviceKey: kai, clientId: client });
    const mutation = (outputs: unknown[]) => {
      const id = crypto.randomUUID();
      return {
        _id: id,
        kind: 'contact.create',
        entityId: id,
        payload: { clientId: client, on: '2026-05-01', kind: 'phone', minutes: 10, serviceKey: kai, outputs, summary: 'Called' },
      };
    };
    const res = await api.post('/api/sync', {
      token: kaiKaimahi.token,
      json: {
        mutations: [
          mutation([
            { kind: musicHours, quantity: 1 },
            { kind: 'kai parcel', quantity: 1 },
          ]),
          mutation([{ kind: kaiKg, quantity: 3, value: 9 }]),
          mutation([{ kind: kaiParcel.toUpperCase(), quantity: 1 }]),
          mutation([{ kind: kaiParcel, quantity: 1, value: 20 }]),
        ],
      },
    });
    expect(res.body.results.map((result: { status: string }) => result.status)).toEqual(['rejected', 'rejected', 'rejected', 'applied']);
    expect(res.body.results[0].errors.map((error: { param: string }) => error.param)).toEqual(['payload.outputs.0.kind', 'payload.outputs.1.kind']);
    expect(res.body.results[1].errors).toEqual([{ msg: 'This output has no dollar value', param: 'payload.outputs.0.value', code: 'invalid_value' }]);
    expect(await Contact.count({ where: { on: '2026-05-01' } })).toBe(1);
  });
});

describe('impact counters', () => {
  it('answers the base figures in the spec order, then base + what is recorded of the chosen output since the chosen date', async () => {
    const start = await api.get('/api/counters');
    expect(start.headers.get('cache-control')).toBe('no-cache');
    expect(start.body).toEqual(impactCounters.map((counter) => ({ key: counter.key, value: counter.base })));
    const again = await api.get('/api/counters', { headers: { 'if-none-match': start.headers.get('etag')!, 'cache-control': 'max-age=0' } });
    expect(again.status).toBe(304);

    const parcels = await api.patch('/api/counters/counterKaiParcels', { token: manager.token, json: { outputId: kaiParcel, since: '2026-01-01' } });
    expect(parcels.status).toBe(200);
    // 2 + 1 in the quarter, 10 on 1 April, 1 in May; not the 4 of 2025.
    expect(parcels.body).toEqual({
      key: 'counterKaiParcels',
      base: 4531,
      outputId: kaiParcel,
      measure: 'quantity',
      since: '2026-01-01',
      recorded: 14,
      value: 4545,
    });
    await api.patch('/api/counters/counterKaiValue', { token: manager.token, json: { outputId: kaiParcel, measure: 'value' } });
    const bad = await api.patch('/api/counters/counterKaiKg', { token: manager.token, json: { outputId: kaiKg, measure: 'value', since: 'soon' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((error: { param: string }) => error.param)).toEqual(['since']);
    const noValue = await api.patch('/api/counters/counterKaiKg', { token: manager.token, json: { outputId: kaiKg, measure: 'value' } });
    expect(noValue.body.errors).toEqual([{ msg: 'That output has no dollar value', param: 'measure', code: 'invalid_value' }]);
    const unknown = await api.patch('/api/counters/counterKaiKg', { token: manager.token, json: { outputId: crypto.randomUUID() } });
    expect(unknown.body.errors).toEqual([{ msg: 'No output has that id', param: 'outputId', code: 'invalid_value' }]);
    expect((await api.patch('/api/counters/nope', { token: manager.token, json: { since: null } })).status).toBe(400);

    // The public figures move once a day, to what was recorded before the day began (decision 113).
    setClock(() => Date.now() + 24 * 60 * 60 * 1000);
    const after = await api.get('/api/counters');
    setClock();
    expect(after.body).toEqual(
      impactCounters.map((counter) => ({
        key: counter.key,
        value: counter.key === 'counterKaiParcels' ? 4545 : counter.key === 'counterKaiValue' ? 294515 + 100 + 50 + 500 + 200 + 20 : counter.base,
      })),
    );
    expect(Object.keys(after.body[0])).toEqual(['key', 'value']);

    // Deleting an output a counter adds is refused; clearing the counter goes back to the base.
    const cleared = await api.patch('/api/counters/counterKaiParcels', { token: manager.token, json: { outputId: null } });
    expect(cleared.body).toMatchObject({ outputId: null, recorded: 0, value: 4531 });
  });
});

describe('the rows a report reads follow the case work (decision 104)', () => {
  const period = 'from=2024-07-01&to=2024-09-30';
  const create = (kind: string, payload: Record<string, unknown>) => {
    const id = crypto.randomUUID();
    return { _id: id, kind, entityId: id, payload };
  };
  const sync = async (mutations: unknown[], token = kaiKaimahi.token) =>
    ((await api.post('/api/sync', { token, json: { mutations } })).body.results as { status: string }[]).map((result) => result.status);
  const report = async () => {
    const res = await api.get(`/api/reports?${period}&services=${kai}`, { token: manager.token });
    expect(res.status).toBe(200);
    return res;
  };
  const figures = async () => {
    const { body } = await report();
    return {
      whanau: rowOf(body.tables.served, 'whanau')?.values.served,
      people: rowOf(body.tables.served, 'people')?.values.served,
      contacts: rowOf(body.tables.contacts, 'total')?.values.contacts,
      parcels: rowOf(body.tables.outputs, kaiParcel)?.values,
    };
  };

  it('counts a contact sent through sync: its client and everyone there once, an output at it once; an erasure keeps the counts', async () => {
    const { buildClient } = await import('../../../test/factories');
    const [aroha, tama, hine, other] = await Promise.all([buildClient(), buildClient(), buildClient(), buildClient()]);
    for (const client of [aroha, tama, hine, other]) await buildEnrolment({ serviceKey: kai, clientId: client.id });
    expect(await figures()).toEqual({ whanau: 0, people: 0, contacts: 0, parcels: { contacts: 0, quantity: 0, value: 0 } });

    const whanau = create('whanau.create', { name: 'Te Whānau o Aroha' });
    const links = [aroha, tama].map((client) => create('member.link', { whanauId: whanau._id, clientId: client.id, relationship: 'parent' }));
    const visit = create('contact.create', {
      whanauId: whanau._id,
      clientId: aroha.id,
      on: '2024-08-01',
      kind: 'home visit',
      minutes: 60,
      serviceKey: kai,
      presentClientIds: [aroha.id, tama.id],
      // Two parcels given as two outputs of one kind: one contact.
      outputs: [
        { kind: kaiParcel, quantity: 1, value: 40 },
        { kind: kaiParcel, quantity: 2, value: 80 },
      ],
      summary: 'Dropped off kai',
    });
    const call = create('contact.create', {
      clientId: hine.id,
      on: '2024-08-02',
      kind: 'phone',
      minutes: 10,
      serviceKey: kai,
      presentClientIds: [hine.id],
      summary: 'Rang',
    });
    const again = create('contact.create', { clientId: aroha.id, on: '2024-09-30', kind: 'phone', minutes: 10, serviceKey: kai, summary: 'Rang back' });
    expect(await sync([whanau, ...links, visit, call, again])).toEqual(Array(6).fill('applied'));
    const counted = { whanau: 1, people: 3, contacts: 3, parcels: { contacts: 1, quantity: 3, value: 120 } };
    expect(await figures()).toEqual(counted);

    // A rejected contact (someone there who is not a member) leaves nothing counted.
    const stranger = create('contact.create', {
      whanauId: whanau._id,
      on: '2024-08-03',
      kind: 'home visit',
      minutes: 30,
      serviceKey: kai,
      presentClientIds: [other.id],
      outputs: [{ kind: kaiParcel, quantity: 5 }],
      summary: 'Visit',
    });
    expect(await sync([stranger])).toEqual(['rejected']);
    expect(await figures()).toEqual(counted);

    // Erasure removes who they were, not that they were served (decision 089): the counts stay, and say nothing of them.
    expect((await api.post(`/api/clients/${aroha.id}/erase`, { token: manager.token })).status).toBe(200);
    expect(await figures()).toEqual(counted);
    const text = (await report()).text;
    for (const id of [aroha.id, tama.id, hine.id, whanau._id]) expect(text).not.toContain(id);
  });
});
