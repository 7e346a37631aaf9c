/**
 * `npm run bench` (part 3): a quarter's report (`GET /api/reports`'s work, both periods) over
 * 50,000 contacts and 200,000 outputs spread over two years, beside a plain `COUNT(*)` of the
 * same quarter's contacts and outputs, on SQLite and (with BENCH_POSTGRES_URL, a server to
 * create a throwaway database on) on PostgreSQL. Ratios for people to read: nothing asserted.
 * Issue 23's target: the report in ≤ 200 ms.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trust-bench-reports-'));
process.env.DATA_DIR = dataDir;
process.env.PWA_DIST = path.join(dataDir, 'no-app');
delete process.env.DATABASE_URL;

const contactCount = Number(process.env.BENCH_CONTACTS ?? 50_000);
const outputsPerContact = Number(process.env.BENCH_OUTPUTS_PER_CONTACT ?? 4);
const runs = Number(process.env.BENCH_RUNS ?? 20);
const postgresAdmin = process.env.BENCH_POSTGRES_URL;

let dropDatabase: (() => Promise<void>) | undefined;
if (postgresAdmin) {
  const name = `trust_bench_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresAdmin });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(postgresAdmin);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  dropDatabase = async () => {
    const client = new pg.Client({ connectionString: postgresAdmin });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  };
}

const { migrate } = await import('../src/db/migrate');
const { sequelize } = await import('../src/db/sequelize');
const { QueryTypes } = await import('sequelize');
const { Contact, ContactOutputRow, Goal, Whanau } = await import('../src/db/models/whanau');
const { ServiceOutputRow } = await import('../src/db/models/service-output');
const { buildReport } = await import('../src/features/reports/reports.service');
const { serviceCatalogue } = await import('../contract/catalogue');
const { contactKinds, goalAreas } = await import('../contract/whanau');

await migrate();
const dialect = sequelize.getDialect();
const services = serviceCatalogue.map((service) => service.key);
const author = crypto.randomUUID();
const outputIds = services.flatMap((serviceKey) => [0, 1, 2].map((position) => ({ id: crypto.randomUUID(), serviceKey, position })));
await ServiceOutputRow.bulkCreate(
  outputIds.map((output) => ({
    ...output,
    name: `Output ${output.position}`,
    nameMi: `Putanga ${output.position}`,
    unit: 'each',
    hasValue: true,
    retiredAt: null,
  })),
);
const whanauIds = Array.from({ length: 2_000 }, () => crypto.randomUUID());
for (let start = 0; start < whanauIds.length; start += 500) {
  await Whanau.bulkCreate(
    whanauIds.slice(start, start + 500).map((id) => ({ id, name: 'Whānau', nameKey: 'whanau', leadClientId: null, notes: null, createdBy: author })),
  );
}
const clientIds = Array.from({ length: 8_000 }, () => crypto.randomUUID());

// Two years of days: 2025-01-01 to 2026-12-31.
const day = (index: number) => new Date(Date.UTC(2025, 0, 1) + (index % 730) * 86_400_000).toISOString().slice(0, 10);
const pick = <T>(list: readonly T[], index: number) => list[index % list.length]!;
const started = performance.now();
const batch = 1_000;
for (let start = 0; start < contactCount; start += batch) {
  const contacts = Array.from({ length: Math.min(batch, contactCount - start) }, (_, offset) => {
    const index = start + offset;
    return {
      id: crypto.randomUUID(),
      clientId: index % 3 === 0 ? pick(clientIds, index * 7) : null,
      whanauId: index % 3 === 0 ? null : pick(whanauIds, index * 13),
      on: day(index * 37),
      kind: pick(contactKinds, index),
      minutes: 15 + (index % 8) * 15,
      serviceKey: pick(services, index),
      presentClientIds: index % 3 === 0 ? [] : [pick(clientIds, index * 11), pick(clientIds, index * 5)],
      goalIds: [],
      summary: 'Visit',
      authorId: author,
    };
  });
  await Contact.bulkCreate(contacts);
  await ContactOutputRow.bulkCreate(
    contacts.flatMap((contact, offset) =>
      Array.from({ length: outputsPerContact }, (_, position) => {
        const own = outputIds.filter((output) => output.serviceKey === contact.serviceKey);
        return {
          contactId: contact.id,
          serviceKey: contact.serviceKey,
          on: contact.on,
          position,
          kind: pick(own, offset + position).id,
          quantity: 1 + ((offset + position) % 5),
          unit: null,
          value: (offset % 4) * 25,
        };
      }),
    ),
  );
}
const goals = Array.from({ length: 10_000 }, (_, index) => ({
  id: crypto.randomUUID(),
  whanauId: pick(whanauIds, index),
  clientId: null,
  area: pick(goalAreas, index),
  text: 'A goal',
  status: index % 4 === 0 ? ('achieved' as const) : ('in progress' as const),
  targetDate: null,
  serviceKey: pick(services, index),
  createdBy: author,
}));
for (let start = 0; start < goals.length; start += 1_000) await Goal.bulkCreate(goals.slice(start, start + 1_000));
console.log(
  `${dialect}: made ${contactCount} contacts, ${contactCount * outputsPerContact} outputs, ${goals.length} goals in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
// Statistics as a database in use has them. On PostgreSQL also the visibility map autovacuum
// keeps, without which an index-only scan still reads the table for each row of a fresh load.
await sequelize.query(dialect === 'postgres' ? 'VACUUM ANALYZE' : 'ANALYZE');

const manager = { id: author, name: 'Bench', access: 2, services: [] as string[] };
const quarter = { from: '2026-04-01', to: '2026-06-30', scope: 'all' as const, services: undefined };

/** The median and 95th percentile of the runs' times, and the median of this process's CPU time for each (SQLite works in it; PostgreSQL does not). */
async function time(work: () => Promise<unknown>): Promise<{ median: number; p95: number; cpu: number }> {
  await work();
  const times: number[] = [];
  const cpus: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const begun = performance.now();
    const cpuBegun = process.cpuUsage();
    await work();
    times.push(performance.now() - begun);
    const cpu = process.cpuUsage(cpuBegun);
    cpus.push((cpu.user + cpu.system) / 1000);
  }
  times.sort((a, b) => a - b);
  cpus.sort((a, b) => a - b);
  const middle = Math.floor(times.length / 2);
  return { median: times[middle]!, p95: times[Math.min(times.length - 1, Math.ceil(times.length * 0.95) - 1)]!, cpu: cpus[middle]! };
}

const report = await time(() => buildReport(manager, quarter));
if (process.env.BENCH_EXPLAIN) {
  // Each query alone, both periods added: where the time goes.
  const timings: Record<string, number> = {};
  await buildReport(manager, quarter, new Date(), timings);
  console.log(
    `${dialect}: by query (ms, both periods, run one at a time):`,
    Object.fromEntries(Object.entries(timings).map(([name, ms]) => [name, Number(ms.toFixed(1))])),
  );
}
// The rows the report sums up: the quarter's contacts and outputs of the services, each an index range.
const plain = await time(() =>
  sequelize.query(
    `SELECT (SELECT COUNT(*) FROM contacts WHERE "serviceKey" IN (:services) AND "on" BETWEEN :from AND :to) AS contacts,
            (SELECT COUNT(*) FROM contact_outputs WHERE "serviceKey" IN (:services) AND "on" BETWEEN :from AND :to) AS outputs`,
    { type: QueryTypes.SELECT, replacements: { ...quarter, services } },
  ),
);
// The plain count covers one period; the report reads two (the quarter and the same a year earlier).
const ms = (value: number) => `${value.toFixed(1)} ms`;
console.log(`${dialect}: a quarter's report (both periods): median ${ms(report.median)}, p95 ${ms(report.p95)}  (target ≤ 200 ms)`);
console.log(`${dialect}: plain COUNT(*) of that quarter's contacts and outputs: median ${ms(plain.median)}, p95 ${ms(plain.p95)}`);
console.log(`${dialect}: report / plain count = ${(report.median / plain.median).toFixed(1)}× (median), over ${runs} runs`);

// The report card for a year (issue 35's target ≤ 300 ms): its enrolments, follow-ups and ratings too.
const { Task, WhanauMember } = await import('../src/db/models/whanau');
const { Enrolment } = await import('../src/db/models/enrolment');
const { OutcomeRatingRow } = await import('../src/db/models/outcome-rating');
const { buildReportCard } = await import('../src/features/reports/report-card.service');
const { whanauOraOutcomes } = await import('../contract/report-card');
const followUpCount = Number(process.env.BENCH_FOLLOW_UPS ?? 20_000);
const ratingCount = Number(process.env.BENCH_RATINGS ?? 10_000);
const madeCard = performance.now();
// The people the contacts name, as clients (the members and enrolments below refer to them).
const { Client, deriveClientKeys } = await import('../src/db/models/client');
for (let start = 0; start < clientIds.length; start += 1_000) {
  const rows = clientIds.slice(start, start + 1_000).map((id) => {
    const client = Client.build({ id, givenName: 'Bench', familyName: 'Person', createdBy: null, updatedBy: null } as never);
    deriveClientKeys(client);
    return { ...client.get({ plain: true }), fieldVersions: {}, version: 1, createdAt: new Date(), updatedAt: new Date() };
  });
  await Client.bulkCreate(rows as never[], { hooks: false });
}
for (let start = 0; start < whanauIds.length; start += 500) {
  await WhanauMember.bulkCreate(
    whanauIds.slice(start, start + 500).map((whanauId, offset) => ({
      id: crypto.randomUUID(),
      whanauId,
      clientId: pick(clientIds, (start + offset) * 3),
      relationship: 'parent' as const,
      relationshipText: null,
      createdBy: author,
    })),
  );
}
for (let start = 0; start < 6_000; start += 1_000) {
  await Enrolment.bulkCreate(
    Array.from({ length: 1_000 }, (_, offset) => {
      const index = start + offset;
      return {
        id: crypto.randomUUID(),
        serviceKey: pick(services, index),
        givenName: 'Bench',
        familyName: 'Person',
        phone: '021 000 0000',
        email: null,
        preferredContact: 'phone',
        consentStatementVersion: '1',
        consentedAt: new Date(`${day(index * 41)}T00:00:00Z`),
        status: 'enrolled',
        clientId: pick(clientIds, index * 7),
        receivedAt: new Date(`${day(index * 41)}T00:00:00Z`),
      };
    }) as never[],
  );
}
for (let start = 0; start < followUpCount; start += 1_000) {
  await Task.bulkCreate(
    Array.from({ length: Math.min(1_000, followUpCount - start) }, (_, offset) => {
      const index = start + offset;
      const due = day(index * 29);
      return {
        id: crypto.randomUUID(),
        whanauId: index % 2 === 0 ? pick(whanauIds, index) : null,
        clientId: index % 2 === 0 ? null : pick(clientIds, index),
        goalId: null,
        text: 'Ring back',
        dueOn: due,
        assignedTo: author,
        doneAt: index % 3 === 0 ? null : new Date(`${due}T0${index % 2}:00:00Z`),
        createdBy: author,
      };
    }),
  );
}
for (let start = 0; start < ratingCount; start += 1_000) {
  await OutcomeRatingRow.bulkCreate(
    Array.from({ length: Math.min(1_000, ratingCount - start) }, (_, offset) => {
      const index = start + offset;
      return {
        id: crypto.randomUUID(),
        whanauId: pick(whanauIds, index),
        clientId: null,
        recordedBy: author,
        on: day(index * 17),
        ...(Object.fromEntries(whanauOraOutcomes.map((key, at) => [key, 1 + ((index + at) % 5)])) as Record<(typeof whanauOraOutcomes)[number], number>),
      };
    }),
  );
}
await sequelize.query(dialect === 'postgres' ? 'VACUUM ANALYZE' : 'ANALYZE');
console.log(
  `${dialect}: made ${clientIds.length} clients, 6000 enrolments, ${followUpCount} follow-ups, ${ratingCount} ratings in ${((performance.now() - madeCard) / 1000).toFixed(1)} s`,
);
const year = { from: '2026-01-01', to: '2026-12-31', scope: 'all' as const, services: undefined };
const card = await time(() => buildReportCard(manager, year, new Date('2027-01-15T00:00:00Z')));
if (process.env.BENCH_EXPLAIN) {
  // Each query alone: where the card's time goes.
  const { buildReportCardOf } = await import('../src/features/reports/report-card.service');
  const timings: Record<string, number> = {};
  await buildReportCardOf(services, year, new Date('2027-01-15T00:00:00Z'), { timings });
  console.log(
    `${dialect}: the card by query (ms, run one at a time):`,
    Object.fromEntries(Object.entries(timings).map(([name, ms]) => [name, Number(ms.toFixed(1))])),
  );
}
const plainYear = await time(() =>
  sequelize.query(
    `SELECT (SELECT COUNT(*) FROM contacts WHERE "on" BETWEEN :from AND :to) AS contacts,
            (SELECT COUNT(*) FROM tasks WHERE "dueOn" BETWEEN :from AND :to) AS "followUps",
            (SELECT COUNT(*) FROM outcome_ratings WHERE "on" <= :to) AS ratings`,
    { type: QueryTypes.SELECT, replacements: year },
  ),
);
console.log(
  `${dialect}: a year's report card (the year, a year earlier, four quarters): median ${ms(card.median)}, p95 ${ms(card.p95)}  (target ≤ 300 ms); CPU median ${ms(card.cpu)}`,
);
console.log(`${dialect}: plain COUNT(*) of that year's contacts, follow-ups and ratings: median ${ms(plainYear.median)}, p95 ${ms(plainYear.p95)}`);
console.log(`${dialect}: card / plain count = ${(card.median / plainYear.median).toFixed(1)}× (median), over ${runs} runs`);
// The machine's load beside the times: on a shared machine they stretch with it (the CPU time much less so, on SQLite).
const load = os.loadavg().map((one) => one.toFixed(2));
console.log(`${dialect}: load average ${load.join(', ')} (1, 5, 15 minutes) on ${os.cpus().length} cores`);

await sequelize.close();
await dropDatabase?.();
fs.rmSync(dataDir, { recursive: true, force: true });
