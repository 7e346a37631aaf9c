/**
 * `npm run bench` (outbox part): 1,000 enrolments queued with no signal, then flushed when the
 * server comes back. Runs the app's real outbox (Dexie on fake-indexeddb here, in place of the
 * phone's IndexedDB) against the real server over HTTP, and compares with the same number of
 * enrolments POSTed straight to the server in the same run.
 */
import 'fake-indexeddb/auto';
import { enrolmentBody } from '../../server/bench/enrolment-body';
import { startHarness } from '../e2e/harness';
import { openLocalDb } from '../src/lib/local-db';
import { createOutbox, fetchTransport, type OutboxTransport } from '../src/lib/outbox';
import { validateOutboxPayload } from '../src/lib/outbox-validation';

const count = Number(process.env.BENCH_QUEUED ?? 1000);
process.env.RATE_LIMITS = 'off'; // one "phone" sending 2,000 enrolments would trip the per-IP limit

const harness = await startHarness();
try {
  const staff = await harness.createStaff(2); // a manager counts every enrolment
  const token = await harness.tokenFor(staff);
  const rowsOnServer = async () =>
    ((await (await harness.api('/api/enrolments?pageSize=1', { token })).json()) as { total: number }).total;

  // Baseline: the same number of enrolments sent straight to the server, one after another.
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
  let requests = 0;
  const transport: OutboxTransport = (request) => {
    requests += 1;
    return fetchTransport({ ...request, path: `${harness.baseUrl}${request.path}` });
  };
  const outbox = createOutbox({ db: openLocalDb(`bench-${Date.now()}`), transport, validate: validateOutboxPayload, flushOnEnqueue: false, locks: null });
  started = performance.now();
  for (let index = 0; index < count; index += 1) {
    const { _id: _unused, ...payload } = enrolmentBody(count + index);
    await outbox.enqueue({ kind: 'enrolment.create', payload, label: 'Whānau Ora Support' });
  }
  const queueMs = performance.now() - started;

  // Back online: flush until nothing is waiting (a flush pauses after a network failure).
  await harness.server.start();
  started = performance.now();
  let sent = 0;
  for (let round = 0; sent < count && round < 20; round += 1) sent += (await outbox.flush({ force: true })).sent;
  const flushMs = performance.now() - started;
  const created = (await rowsOnServer()) - rowsBefore;

  console.log(`\nOutbox: ${count} enrolments queued with no signal in ${(queueMs / 1000).toFixed(1)} s, flushed after reconnect in ${(flushMs / 1000).toFixed(1)} s`);
  console.log(`  requests sent ${requests}, rows created ${created} (must be ${count})${created === count ? '' : '  <-- WRONG'}`);
  console.log(`  flush ${(count / (flushMs / 1000)).toFixed(0)}/s against direct POSTs ${(count / (directMs / 1000)).toFixed(0)}/s: ratio ${(directMs / flushMs).toFixed(2)}`);
} finally {
  await harness.close();
}
