/**
 * `npm run bench` (part 2): client search at 50,000 clients and the dashboard at 50,000
 * enrolments, on a fresh SQLite database in a temporary folder. Each query is timed against a
 * plain indexed lookup of the same rows in the same run, and the ratios printed. For people to
 * read: no test asserts a timing. Targets (issue 8): search p95 ≤ 50 ms, dashboard ≤ 100 ms.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trust-bench-clients-'));
process.env.DATA_DIR = dataDir;
process.env.PWA_DIST = path.join(dataDir, 'no-app');
delete process.env.DATABASE_URL;

const clientCount = Number(process.env.BENCH_CLIENTS ?? 50_000);
const enrolmentCount = Number(process.env.BENCH_ENROLMENTS ?? 50_000);
const runs = Number(process.env.BENCH_RUNS ?? 200);
const noteCount = Number(process.env.BENCH_NOTES ?? 20_000);

const { migrate } = await import('../src/db/migrate');
const { sequelize } = await import('../src/db/sequelize');
const { Client, deriveClientKeys, searchTermsOf } = await import('../src/db/models/client');
const { ClientSearchTerm } = await import('../src/db/models/client-search-term');
const { Enrolment } = await import('../src/db/models/enrolment');
const { listClients } = await import('../src/features/clients/clients.service');
const { listEnrolments } = await import('../src/features/enrolments/enrolments.service');
const { CaseNote } = await import('../src/db/models/case-note');
const { User } = await import('../src/db/models/user');
const { buildDashboard } = await import('../src/features/dashboard/dashboard.service');
const { serviceCatalogue } = await import('../contract/catalogue');
const { enrolmentStatuses } = await import('../contract/enrolments');

await migrate();

const given = [
  'Tūhoe',
  'Mere',
  'Hēmi',
  'Aroha',
  'Wiremu',
  'Ngaio',
  'Rāwiri',
  'Kiri',
  'Hine',
  'Tama',
  'Ānahera',
  'Pita',
  'Mārama',
  'Hōhepa',
  'Moana',
  'Tāne',
  'Awhina',
  'Rua',
  'Kahu',
  'Manaia',
  'Sarah',
  'James',
  'Olivia',
  'Jack',
  'Mia',
  'Noah',
  'Ruby',
  'Leo',
  'Isla',
  'Liam',
];
const family = [
  'Whānau',
  'Parata',
  'Ngata',
  'Tāwhiri',
  'Walker',
  'Smith',
  'Te Rangi',
  'Pōtae',
  'Kereama',
  'Mahuika',
  'Tūhoe',
  'Rēweti',
  'Pōmare',
  'Heke',
  'Ruatapu',
  'Brown',
  'Wilson',
  'Taylor',
  'Ngāti',
  'Kīngi',
  'Māka',
  'Paewai',
  'Tautahi',
  'Hōne',
  'Waaka',
  'Tipene',
  'Rāwhiti',
  'Hapai',
  'Kawe',
  'Moko',
];
const pick = <T>(list: readonly T[]): T => list[crypto.randomInt(list.length)] as T;
const services = serviceCatalogue.map((service) => service.key);
const now = Date.now();
// Staff who create clients: the bench's kaimahi made 1 in 50, nine colleagues the rest of a fifth.
const kaimahiId = crypto.randomUUID();
const staffIds = [kaimahiId, ...Array.from({ length: 9 }, () => crypto.randomUUID())];

console.log(`\nClient search and dashboard: ${clientCount} clients, ${enrolmentCount} enrolments, ${noteCount} case notes, SQLite, ${runs} runs each.`);
console.log(
  `Load average at start: ${os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(', ')}`,
);
let started = performance.now();
const clientIds: string[] = [];
for (let offset = 0; offset < clientCount; offset += 1000) {
  const rows: Record<string, unknown>[] = [];
  const terms: { term: string; clientId: string }[] = [];
  for (let index = offset; index < Math.min(offset + 1000, clientCount); index += 1) {
    const client = Client.build({
      id: crypto.randomUUID(),
      givenName: pick(given),
      familyName: `${pick(family)}${index % 7 === 0 ? `-${pick(family)}` : ''}`,
      preferredName: null,
      dateOfBirth: `19${50 + crypto.randomInt(50)}-0${1 + crypto.randomInt(9)}-1${crypto.randomInt(9)}`,
      phone: `02${crypto.randomInt(10)} ${100 + crypto.randomInt(900)} ${1000 + crypto.randomInt(9000)}`,
      email: index % 3 === 0 ? `person${index}@example.org` : null,
      address: null,
      suburb: 'Aranui',
      iwi: null,
      hapu: null,
      household: null,
      notes: null,
      consentStatementVersion: null,
      consentAt: null,
      consentHow: null,
      createdBy: index % 5 === 0 ? (staffIds[(index / 5) % 10] ?? null) : null,
      updatedBy: null,
    });
    deriveClientKeys(client);
    rows.push({ ...client.get({ plain: true }), fieldVersions: {}, version: 1, createdAt: new Date(), updatedAt: new Date() });
    for (const term of searchTermsOf(client)) terms.push({ term, clientId: client.id });
    clientIds.push(client.id);
  }
  await sequelize.transaction(async (transaction) => {
    await Client.bulkCreate(rows as never[], { transaction, hooks: false });
    await ClientSearchTerm.bulkCreate(terms, { transaction });
  });
}
for (let offset = 0; offset < enrolmentCount; offset += 1000) {
  const rows = [];
  for (let index = offset; index < Math.min(offset + 1000, enrolmentCount); index += 1) {
    const receivedAt = new Date(now - crypto.randomInt(2 * 365) * 24 * 3600 * 1000);
    rows.push({
      id: crypto.randomUUID(),
      serviceKey: pick(services),
      clientId: index % 2 === 0 ? pick(clientIds) : null,
      givenName: pick(given),
      familyName: pick(family),
      dateOfBirth: null,
      phone: '021 555 0101',
      email: null,
      suburb: null,
      iwi: null,
      householdSize: null,
      preferredContact: 'phone' as const,
      message: null,
      consentStatementVersion: '2026-11-01',
      consentedAt: receivedAt,
      receivedAt,
      status: pick(enrolmentStatuses),
      searchText: null,
    });
  }
  await Enrolment.bulkCreate(rows);
}
await User.bulkCreate(staffIds.map((id, index) => ({ id, name: `Staff ${index}`, email: `staff${index}@example.org`, passwordHash: 'x', access: 1 })));
for (let offset = 0; offset < noteCount; offset += 1000) {
  const notes = Array.from({ length: Math.min(1000, noteCount - offset) }, () => ({
    id: crypto.randomUUID(),
    clientId: pick(clientIds),
    authorId: pick(staffIds),
    text: 'Rang to check in; whānau doing well.',
    createdAt: new Date(now - crypto.randomInt(365 * 24) * 3600 * 1000),
  }));
  await CaseNote.bulkCreate(notes);
}
await sequelize.query('ANALYZE');
console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);

const manager = { id: crypto.randomUUID(), name: 'Bench Manager', access: 2, services: [] };
const kaimahi = { id: kaimahiId, name: 'Bench Kaimahi', access: 1, services: ['whanau_ora_support', 'raised_gardens'] };
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const queries = [...given, ...family].map((name) => fold(name).slice(0, 2 + crypto.randomInt(4)));

async function time(run: () => Promise<unknown>): Promise<number> {
  started = performance.now();
  await run();
  return performance.now() - started;
}
function summary(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
  return { p50: at(0.5), p95: at(0.95) };
}
const row = (label: string, subject: number[], baseline: number[]) => {
  const s = summary(subject);
  const b = summary(baseline);
  console.log(
    `${label.padEnd(40)} ${s.p50.toFixed(2).padStart(8)} ${s.p95.toFixed(2).padStart(8)} ${b.p50.toFixed(2).padStart(9)} ${b.p95.toFixed(2).padStart(9)} ${(s.p95 / b.p95).toFixed(1).padStart(7)}`,
  );
  return s;
};

console.log('query (ms)                                    p50      p95  base p50  base p95  p95 ×');
const results: Record<string, { p50: number; p95: number }> = {};
for (const [label, actor] of [
  ['search ?q= (manager, page of 50 + total)', manager],
  ['search ?q= (kaimahi, need-to-know)', kaimahi],
] as const) {
  const subject: number[] = [];
  const baseline: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const q = pick(queries);
    let ids: string[] = [];
    subject.push(
      await time(async () => {
        ids = (await listClients(actor, { q, page: 1, pageSize: 50 })).items.map((item) => item._id);
      }),
    );
    // The baseline: the same rows fetched by primary key, plus a count by an indexed column.
    baseline.push(await time(() => Promise.all([Client.findAll({ where: { id: ids } }), Client.count({ where: { sortName: fold(q) } })])));
  }
  results[label] = row(label, subject, baseline);
}
for (const [label, actor] of [
  ['dashboard (manager, every service)', manager],
  ['dashboard (kaimahi, two services)', kaimahi],
] as const) {
  const subject: number[] = [];
  const baseline: number[] = [];
  const parts: Record<string, number> = {};
  for (let run = 0; run < Math.ceil(runs / 4); run += 1) {
    subject.push(await time(() => buildDashboard(actor, new Date(), parts)));
    baseline.push(await time(() => Enrolment.count({ where: { serviceKey: pick(services), status: 'new' } })));
  }
  results[label] = row(label, subject, baseline);
  console.log(
    `  mean ms of its parts: ${Object.entries(parts)
      .map(([part, ms]) => `${part} ${(ms / subject.length).toFixed(1)}`)
      .join(', ')}`,
  );
}

// Enrolment lists (issue 12): each filter against the unfiltered first page, in the same run.
console.log('\nenrolment list, page 1 of 20 (ms)                p50      p95  base p50  base p95  p95 ×');
const unfiltered: number[] = [];
const filtered: Record<string, number[]> = { '?service=': [], '?status=': [], '?service=&status=': [] };
for (let run = 0; run < Math.ceil(runs / 2); run += 1) {
  unfiltered.push(await time(() => listEnrolments(manager, { page: 1, pageSize: 20 })));
  const service = pick(services);
  const status = pick(enrolmentStatuses);
  filtered['?service=']?.push(await time(() => listEnrolments(manager, { page: 1, pageSize: 20, service })));
  filtered['?status=']?.push(await time(() => listEnrolments(manager, { page: 1, pageSize: 20, status })));
  filtered['?service=&status=']?.push(await time(() => listEnrolments(manager, { page: 1, pageSize: 20, service, status })));
}
for (const [label, times] of Object.entries(filtered)) row(`enrolments ${label} (manager) vs unfiltered`, times, unfiltered);
console.log('Target (issue 12): each filter within 1.5× of the unfiltered page.');

const searchP95 = Math.max(
  ...Object.entries(results)
    .filter(([label]) => label.startsWith('search'))
    .map(([, value]) => value.p95),
);
const dashboardP95 = Math.max(
  ...Object.entries(results)
    .filter(([label]) => label.startsWith('dashboard'))
    .map(([, value]) => value.p95),
);
console.log(`\nsearch p95 ${searchP95.toFixed(1)} ms (target ≤ 50): ${searchP95 <= 50 ? 'met' : 'MISSED'}`);
console.log(`dashboard p95 ${dashboardP95.toFixed(1)} ms (target ≤ 100): ${dashboardP95 <= 100 ? 'met' : 'MISSED'}`);
// Import and duplicates (issue 36): a 20,000-row file's preview against reading the same file
// alone, and the likely pairs over every client against a plain read of their keys.
const { uploadImport } = await import('../src/features/import/import.service');
const { readSpreadsheet } = await import('../src/features/import/read-file');
const { buildClientsFixture } = await import('../src/features/import/import-fixture');
const { listDuplicatePairs } = await import('../src/features/merge/merge.service');
const { QueryTypes } = await import('sequelize');
const sheet = Buffer.from(buildClientsFixture(20_000).csv, 'utf8');
const slowRuns = Number(process.env.BENCH_SLOW_RUNS ?? 3);
const median = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
const timesOf = async (work: () => Promise<unknown>) => {
  const times: number[] = [];
  for (let run = 0; run < slowRuns; run += 1) times.push(await time(work));
  return times;
};
const preview = median(await timesOf(() => uploadImport(manager, 'clients', 'bench.csv', sheet)));
const plainRead = median(await timesOf(() => readSpreadsheet(sheet)));
console.log(
  `\nimport preview of a 20,000-row file: ${(preview / 1000).toFixed(2)} s (target ≤ 10 s: ${preview <= 10_000 ? 'met' : 'MISSED'}); reading the file alone ${(plainRead / 1000).toFixed(2)} s, ${(preview / plainRead).toFixed(1)}×`,
);
const pairs = median(await timesOf(() => listDuplicatePairs(manager)));
const plainKeys = median(
  await timesOf(() => sequelize.query('SELECT id, "dateOfBirth", "givenKey", "familyKey", "phoneKey", "emailKey" FROM clients', { type: QueryTypes.SELECT })),
);
console.log(
  `duplicate list over ${clientCount} clients: ${(pairs / 1000).toFixed(2)} s (target ≤ 2 s: ${pairs <= 2_000 ? 'met' : 'MISSED'}); a plain read of their keys ${(plainKeys / 1000).toFixed(2)} s, ${(pairs / plainKeys).toFixed(1)}×`,
);

await sequelize.close();
fs.rmSync(dataDir, { recursive: true, force: true });
