import 'fake-indexeddb/auto';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openLocalDb, type LocalDb } from './local-db';
import { createOutbox, outboxBackoff } from './outbox';
import { startOutboxTriggers } from './outbox-triggers';
import { createEnrolmentServer, enrolmentDraft, freshDbName, kindOf, offlineKinds } from './outbox.test-support';

// The page's events, without a browser: `window` and `document` as plain event targets.
const fakeWindow = new EventTarget();
const fakeDocument = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
let db: LocalDb;
let stop: (() => void) | undefined;

beforeEach(() => {
  Object.assign(globalThis, { window: fakeWindow, document: fakeDocument });
  db = openLocalDb(freshDbName('triggers'));
});

afterEach(() => {
  stop?.();
  db.close();
});

const label = 'Whānau Ora Support';

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

it('flushes at start, and again by itself when the backoff time comes', async () => {
  const server = createEnrolmentServer();
  const outbox = createOutbox({ kinds: offlineKinds, db, transport: server.transport, locks: null, flushOnEnqueue: false, random: () => 0 });
  await outbox.enqueue(kindOf('enrolment.create'), { label, payload: enrolmentDraft() });
  server.fail('503');
  stop = startOutboxTriggers(outbox);
  await until(() => server.requests.length === 1);
  // random 0 → the shortest backoff; the timer sends it without any event.
  await until(() => server.rows.length === 1, outboxBackoff.minMs + 3_000);
});

it('flushes on "online", ignoring the backoff, and when the page becomes visible', async () => {
  const server = createEnrolmentServer();
  const outbox = createOutbox({ kinds: offlineKinds, db, transport: server.transport, locks: null, flushOnEnqueue: false, random: () => 0.99 });
  server.fail('network');
  await outbox.enqueue(kindOf('enrolment.create'), { label, payload: enrolmentDraft() });
  stop = startOutboxTriggers(outbox);
  await until(() => server.requests.length === 1);
  await until(async () => (await db.outbox.toCollection().first())?.state === 'pending');

  fakeWindow.dispatchEvent(new Event('online'));
  await until(() => server.rows.length === 1);

  server.fail('network');
  await outbox.enqueue(kindOf('enrolment.create'), { label, payload: enrolmentDraft({ givenName: 'Hemi' }) });
  await until(() => server.requests.length === 3);
  await until(async () => (await db.outbox.where('state').equals('pending').count()) === 1);
  // Not due yet (backoff ≈ 2 s), but visible pages only flush what is due: nothing goes out…
  fakeDocument.dispatchEvent(new Event('visibilitychange'));
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(server.requests).toHaveLength(3);
  // …until its time comes.
  await until(() => server.rows.length === 2, 5_000);
});

it('sends at once when the app is reopened, even if the backoff had not run out', async () => {
  const server = createEnrolmentServer();
  // A first page: the send fails, and the item is put off for most of a long backoff.
  const outbox = createOutbox({ kinds: offlineKinds, db, transport: server.transport, locks: null, flushOnEnqueue: false, random: () => 0.99 });
  await outbox.enqueue(kindOf('enrolment.create'), { label, payload: enrolmentDraft() });
  server.fail('network');
  await outbox.flush();
  const waiting = await db.outbox.toCollection().first();
  expect(waiting?.state).toBe('pending');
  expect(waiting?.nextAttemptAt ?? 0).toBeGreaterThan(Date.now() + 1_000);

  // The app opens again with signal: the item goes now, not when the backoff ends.
  stop = startOutboxTriggers(outbox);
  await until(() => server.rows.length === 1, 1_000);
});

it('sends at once when the server answers again after the app saw it unreachable', async () => {
  const { reportServerAnswered, reportServerUnreachable } = await import('./connectivity');
  const server = createEnrolmentServer();
  const outbox = createOutbox({ kinds: offlineKinds, db, transport: server.transport, locks: null, flushOnEnqueue: false, random: () => 0.99 });
  server.fail('network');
  await outbox.enqueue(kindOf('enrolment.create'), { label, payload: enrolmentDraft() });
  stop = startOutboxTriggers(outbox);
  await until(() => server.requests.length === 1);
  await until(async () => (await db.outbox.toCollection().first())?.state === 'pending');
  reportServerUnreachable();
  expect(server.rows).toHaveLength(0);

  // Any answer from the server (another request of the page) is the sign: send what waits.
  reportServerAnswered();
  await until(() => server.rows.length === 1, 1_000);
});
