/**
 * `npm run bench` (outbox part), against the real server over HTTP, with the app's real outbox
 * (Dexie on fake-indexeddb here, in place of the phone's IndexedDB). Each row is printed beside
 * a baseline measured in the same run (the machine may be busy: read the ratios):
 *
 * 1. 1,000 enrolments queued with no signal, flushed when the server comes back (issue 12:
 *    ≤ 10 s, sent = created, 0 duplicates), beside the same number POSTed straight to the
 *    server one after another.
 * 2. 1,000 offline edits across 200 clients, sealed as staff work is, flushed after reconnect
 *    through POST /api/sync (issue 9: ≤ 10 s, sent = applied, 0 duplicates), beside the same
 *    edits PATCHed straight to the server one after another.
 */
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { enrolmentBody } from '../../server/bench/enrolment-body';
import { startHarness } from '../e2e/harness';
import { openLocalDb } from '../src/lib/local-db';
import { createOutbox, fetchTransport, type OutboxTransport } from '../src/lib/outbox';
import { createTestCipher, kindOf, offlineKinds } from '../src/lib/outbox.test-support';

const count = Number(process.env.BENCH_QUEUED ?? 1000);
const editCount = Number(process.env.BENCH_EDITS ?? 1000);
const clientCount = Number(process.env.BENCH_CLIENTS ?? 200);
process.env.RATE_LIMITS = 'off'; // one "phone" sending 2,000 enrolments would trip the per-IP limit

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const verdict = (ok: boolean) => (ok ? '' : '  <-- WRONG');

/**
 * The same queue flushed against a server that answers at once (in this process): what the
 * outbox itself costs on the device, apart from the network and the server's writes.
 */
async function engineOnly(what: 'enrolments' | 'edits'): Promise<number> {
  const userId = 'bench-user';
  const cipher = await createTestCipher(userId);
  const instant: OutboxTransport = async (request) => {
    if (request.path === '/api/sync') {
      const { mutations } = request.json as { mutations: { _id: string }[] };
      return {
        status: 200,
        retryAfter: null,
        body: { results: mutations.map((mutation, index) => ({ _id: mutation._id, status: 'applied', record: { version: index + 2 } })) },
      };
    }
    const { _id } = request.json as { _id: string };
    return { status: 201, retryAfter: null, body: { _id, reference: 'TWM-0000', receivedAt: new Date().toISOString() } };
  };
  const outbox = createOutbox({
    db: openLocalDb(`bench-engine-${what}-${Date.now()}`),
    transport: instant,
    kinds: offlineKinds,
    flushOnEnqueue: false,
    locks: null,
    getToken: () => 'token',
    getUserId: () => userId,
    getCipher: () => cipher,
  });
  const clients = Array.from({ length: clientCount }, () => randomUUID());
  for (let index = 0; index < (what === 'enrolments' ? count : editCount); index += 1) {
    if (what === 'enrolments') {
      const { _id: _unused, ...payload } = enrolmentBody(index);
      await outbox.enqueue(kindOf('enrolment.create'), { payload, label: 'Whānau Ora Support' });
    } else {
      await outbox.enqueue(kindOf('client.update'), {
        userId,
        label: 'Client edit',
        entityId: clients[(index * 7919) % clientCount]!,
        baseVersion: 1,
        payload: { suburb: `Edit ${index}` },
      });
    }
  }
  const started = performance.now();
  await outbox.flush({ force: true });
  return performance.now() - started;
}

const harness = await startHarness();
try {
  const staff = await harness.createStaff(2); // a manager counts every enrolment and sees every client
  const token = await harness.tokenFor(staff);
  const userId = ((await (await harness.api('/api/auth', { token })).json()) as { _id: string })._id;
  const json = (method: string, body: unknown) => ({ method, token, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const rowsOnServer = async () => ((await (await harness.api('/api/enrolments?pageSize=1', { token })).json()) as { total: number }).total;

  let requests = 0;
  const transport: OutboxTransport = (request) => {
    requests += 1;
    return fetchTransport({ ...request, path: `${harness.baseUrl}${request.path}` });
  };

  // ——— 1. Enrolments ——————————————————————————————————————————————————————————
  let started = performance.now();
  for (let index = 0; index < count; index += 1) {
    const response = await harness.api('/api/enrolments', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(enrolmentBody(index)),
    });
    if (response.status !== 201) throw new Error(`direct POST answered ${response.status}`);
  }
  const directMs = performance.now() - started;
  const rowsBefore = await rowsOnServer();

  // No signal: the server is down while the phone queues.
  await harness.server.stop();
  const phone = createOutbox({ db: openLocalDb(`bench-${Date.now()}`), transport, kinds: offlineKinds, flushOnEnqueue: false, locks: null });
  started = performance.now();
  for (let index = 0; index < count; index += 1) {
    const { _id: _unused, ...payload } = enrolmentBody(count + index);
    await phone.enqueue(kindOf('enrolment.create'), { payload, label: 'Whānau Ora Support' });
  }
  const queueMs = performance.now() - started;

  // Back online: the flush a reopened app runs at once.
  await harness.server.start();
  requests = 0;
  started = performance.now();
  let sent = 0;
  for (let round = 0; sent < count && round < 20; round += 1) sent += (await phone.flush({ force: true })).sent;
  const flushMs = performance.now() - started;
  const created = (await rowsOnServer()) - rowsBefore;

  console.log(
    `\nOutbox: ${count} enrolments queued with no signal in ${seconds(queueMs)}, flushed after reconnect in ${seconds(flushMs)} (target ≤ 10 s)${verdict(flushMs <= 10_000)}`,
  );
  console.log(`  requests ${requests}, sent ${sent}, rows created ${created} (must be ${count}: 0 duplicates)${verdict(created === count && sent === count)}`);
  console.log(
    `  flush ${(count / (flushMs / 1000)).toFixed(0)}/s beside direct POSTs one at a time ${(count / (directMs / 1000)).toFixed(0)}/s: ratio ${(directMs / flushMs).toFixed(2)}`,
  );
  console.log(`  the phone's own share (same flush, a server that answers at once): ${seconds(await engineOnly('enrolments'))}`);

  // ——— 2. Staff edits ———————————————————————————————————————————————————————————
  const fields = ['suburb', 'iwi', 'hapu', 'notes'] as const;
  async function makeClients(label: string): Promise<string[]> {
    const ids: string[] = [];
    for (let index = 0; index < clientCount; index += 1) {
      const _id = randomUUID();
      const response = await harness.api('/api/clients', json('POST', { _id, givenName: `${label}${index}`, familyName: 'Bench' }));
      if (response.status !== 201) throw new Error(`creating a client answered ${response.status}`);
      ids.push(_id);
    }
    return ids;
  }
  /** 1,000 edits spread over the clients in a shuffled order, each on one field. */
  function editsFor(ids: string[]) {
    return Array.from({ length: editCount }, (_, index) => ({
      clientId: ids[(index * 7919) % ids.length]!,
      field: fields[index % fields.length]!,
      value: `Edit ${index}`,
    }));
  }
  const versionsApplied = async (ids: string[]) => {
    let total = 0;
    for (const id of ids) total += ((await (await harness.api(`/api/clients/${id}`, { token })).json()) as { version: number }).version - 1;
    return total;
  };

  // Baseline: the same edits PATCHed one at a time, each on the version the last one made.
  const directClients = await makeClients('Direct');
  const versions = new Map(directClients.map((id) => [id, 1]));
  started = performance.now();
  for (const edit of editsFor(directClients)) {
    const response = await harness.api(
      `/api/clients/${edit.clientId}`,
      json('PATCH', { _id: randomUUID(), baseVersion: versions.get(edit.clientId), changes: { [edit.field]: edit.value } }),
    );
    if (response.status !== 200) throw new Error(`direct PATCH answered ${response.status}`);
    versions.set(edit.clientId, ((await response.json()) as { version: number }).version);
  }
  const directEditsMs = performance.now() - started;

  const offlineClients = await makeClients('Offline');
  const cipher = await createTestCipher(userId);
  const device = createOutbox({
    db: openLocalDb(`bench-staff-${Date.now()}`),
    transport,
    kinds: offlineKinds,
    flushOnEnqueue: false,
    locks: null,
    getToken: () => token,
    getUserId: () => userId,
    getCipher: () => cipher,
  });
  await harness.server.stop();
  started = performance.now();
  // Every edit made on the copy as it was at version 1: the outbox chains a record's edits.
  for (const edit of editsFor(offlineClients)) {
    await device.enqueue(kindOf('client.update'), {
      userId,
      label: 'Client edit',
      entityId: edit.clientId,
      baseVersion: 1,
      payload: { [edit.field]: edit.value },
    });
  }
  const queueEditsMs = performance.now() - started;
  await harness.server.start();
  requests = 0;
  started = performance.now();
  let sentEdits = 0;
  let conflicts = 0;
  for (let round = 0; sentEdits + conflicts < editCount && round < 20; round += 1) {
    const report = await device.flush({ force: true });
    sentEdits += report.sent;
    conflicts += report.conflicts;
  }
  const flushEditsMs = performance.now() - started;
  const applied = await versionsApplied(offlineClients);

  console.log(
    `\nOutbox: ${editCount} offline edits across ${clientCount} clients (sealed) queued in ${seconds(queueEditsMs)}, flushed after reconnect in ${seconds(flushEditsMs)} (target ≤ 10 s)${verdict(flushEditsMs <= 10_000)}`,
  );
  console.log(
    `  requests ${requests} to POST /api/sync, sent ${sentEdits}, applied ${applied}, clashes ${conflicts} (sent = applied, 0 duplicates)${verdict(sentEdits === editCount && applied === editCount)}`,
  );
  console.log(
    `  flush ${(editCount / (flushEditsMs / 1000)).toFixed(0)}/s beside direct PATCHes one at a time ${(editCount / (directEditsMs / 1000)).toFixed(0)}/s: ratio ${(directEditsMs / flushEditsMs).toFixed(2)}`,
  );
  console.log(`  the phone's own share (same flush, a server that answers at once): ${seconds(await engineOnly('edits'))}`);
} finally {
  await harness.close();
}
