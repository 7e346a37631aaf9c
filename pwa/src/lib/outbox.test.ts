import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { enrolmentReference } from '@contract/enrolments';
import { LocalStorageFullError, openLocalDb, type LocalDb } from './local-db';
import {
  asObject,
  backoffDelay,
  createOutbox,
  createOutboxRegistry,
  isStuck,
  keepDoneForMs,
  listUnsent,
  outboxBackoff,
  OutboxStateError,
  parseRetryAfter,
  readLastSyncAt,
  OutboxValidationError,
  stuckAfterAttempts,
  type OutboxOptions,
} from './outbox';
import { enrolmentConcurrency } from '../features/enrolment/offline/enrolment-kind';
import { createClock, createEnrolmentServer, createLocks, enrolmentDraft, freshDbName, kindOf, offlineKinds } from './outbox.test-support';

const label = 'Whānau Ora Support';
const openDbs: LocalDb[] = [];

function setUp(options: Partial<OutboxOptions> & { dbName?: string } = {}) {
  const clock = createClock();
  const server = createEnrolmentServer({ clock: clock.now });
  const dbName = options.dbName ?? freshDbName();
  const db = openLocalDb(dbName);
  openDbs.push(db);
  const outbox = createOutbox({
    kinds: offlineKinds,
    db,
    transport: server.transport,
    now: clock.now,
    random: () => 0.5,
    locks: null,
    flushOnEnqueue: false,
    ...options,
  });
  /** The same phone after a restart: a new outbox on the same database. */
  function restart(more: Partial<OutboxOptions> = {}) {
    const again = openLocalDb(dbName);
    openDbs.push(again);
    return createOutbox({
      kinds: offlineKinds,
      db: again,
      transport: server.transport,
      now: clock.now,
      random: () => 0.5,
      locks: null,
      flushOnEnqueue: false,
      ...more,
    });
  }
  return { clock, server, db, outbox, restart, dbName };
}

afterEach(() => {
  for (const db of openDbs.splice(0)) db.close();
});

describe('enqueue', () => {
  it('checks the enrolment with the contract schema and stores nothing when it fails', async () => {
    const { outbox, db } = setUp();
    const error = await outbox
      .enqueue(kindOf('enrolment.create'), { label, payload: { ...enrolmentDraft({ givenName: ' ', phone: '', email: 'nope' }), consent: false } })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OutboxValidationError);
    const params = (error as OutboxValidationError).errors.map((item) => item.param);
    expect(params).toEqual(expect.arrayContaining(['givenName', 'email', 'consent']));
    expect(await db.outbox.count()).toBe(0);
  });

  it('stores a pending operation with an id made on the phone, the cleaned body, and no token', async () => {
    const { outbox, db, clock } = setUp();
    const operation = await outbox.enqueue(kindOf('enrolment.create'), { label, payload: enrolmentDraft() });
    expect(operation._id).toMatch(/^[0-9a-f-]{36}$/);
    const stored = await db.outbox.get(operation._id);
    expect(stored).toMatchObject({
      kind: 'enrolment.create',
      entityId: operation._id,
      userId: null,
      state: 'pending',
      attempts: 0,
      createdAt: clock.now(),
      nextAttemptAt: clock.now(),
      lastError: null,
      label,
      payload: { _id: operation._id, givenName: 'Aroha', serviceKey: 'whanau_ora_support' },
    });
    expect(stored?.payload).not.toHaveProperty('message');
  });

  it('starts a flush by itself unless told not to', async () => {
    const clock = createClock();
    const server = createEnrolmentServer();
    const db = openLocalDb(freshDbName());
    openDbs.push(db);
    const enqueued: string[] = [];
    const outbox = createOutbox({
      kinds: offlineKinds,
      db,
      transport: server.transport,
      now: clock.now,
      locks: null,
      onEnqueued: (op) => enqueued.push(op._id),
    });
    const operation = await outbox.enqueue(kindOf('enrolment.create'), { label, payload: enrolmentDraft() });
    expect(enqueued).toEqual([operation._id]);
    await outbox.flush();
    expect(server.rows).toHaveLength(1);
    expect((await db.outbox.get(operation._id))?.state).toBe('done');
  });

  it('an outbox refuses a kind it was not given', async () => {
    const { db, server } = setUp();
    const other = createOutbox({ kinds: createOutboxRegistry([]), db, transport: server.transport, locks: null, flushOnEnqueue: false });
    await expect(other.enqueue(kindOf('enrolment.create'), { label, payload: enrolmentDraft() })).rejects.toBeInstanceOf(OutboxStateError);
    expect(await db.outbox.count()).toBe(0);
  });

  it('says the phone is full when IndexedDB refuses to store more', async () => {
    const { outbox, db } = setUp();
    db.outbox.hook('creating', () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    await expect(outbox.enqueue(kindOf('enrolment.create'), { label, payload: enrolmentDraft() })).rejects.toBeInstanceOf(LocalStorageFullError);
  });
});

describe('flush: delivered', () => {
  it('sends the stored body, keeps a receipt, and removes the personal details', async () => {
    const { outbox, db, server, clock } = setUp();
    const operation = await outbox.enqueue(kindOf('enrolment.create'), { label, payload: enrolmentDraft() });
    const report = await outbox.flush();

    expect(report).toMatchObject({ sent: 1, retrying: 0, rejected: 0, busy: false });
    expect(server.rows).toEqual([{ _id: operation._id, body: operation.payload }]);
    expect(server.requests[0]).toMatchObject({ method: 'POST', path: '/api/enrolments', headers: {} });

    const stored = await db.outbox.get(operation._id);
    expect(stored).toMatchObject({ state: 'done', payload: null, lastError: null, sentAt: clock.now() });
    const everything = JSON.stringify({ outbox: await db.outbox.toArray(), receipts: await db.receipts.toArray(), settings: await db.settings.toArray() });
    for (const personal of ['Aroha', 'Ngata', '021 555 0101', 'aroha@example.nz', 'Aranui', 'Ngāi Tahu', '1988-04-12']) {
      expect(everything).not.toContain(personal);
    }
    expect(await db.receipts.get(operation._id)).toEqual({
      _id: operation._id,
      reference: enrolmentReference(operation._id),
      serviceKey: 'whanau_ora_support',
      serviceTitle: label,
      receivedAt: new Date(clock.now()).toISOString(),
      sentAt: new Date(clock.now()).toISOString(),
    });
    expect(await readLastSyncAt(db)).toBe(clock.now());
    expect(await listUnsent(db)).toEqual([]);
  });

  it('marks the item sending before the request goes out', async () => {
    const { outbox, db, server } = setUp();
    const operation = await outbox.enqueue(kindOf('enrolment.create'), { label, payload: enrolmentDraft() });
    const seen: string[] = [];
    server.duringRequest(async () => {
      seen.push((await db.outbox.get(operation._id))?.state ?? 'missing');
    });
    await outbox.flush();
    expect(seen).toEqual(['sending']);
  });

  it('sends them in the order they were made, several at once (issue 11: not one at a time)', async () => {
    const { outbox, server, clock } = setUp();
    const made: string[] = [];
    for (let index = 0; index < 20; index += 1) {
      made.push((await outbox.enqueue(kindOf('enrolment.create'), { label, payload: enrolmentDraft({ givenName: `Person ${index}` }) }))._id);
      clock.advance(10);
    }
    let inFlight = 0;
    let most = 0;
    server.duringRequest(async () => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight -= 1;
    });
    const report = await outbox.flush();
    expect(report.sent).toBe(20);
    // Started in the order made; each once.
    expect(server.requests.map((request) => (request.json as { _id: string })._id)).toEqual(made);
    expect(server.rows).toHaveLength(20);
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(enrolmentConcurrency);
  });

  it('stops starting new sends once one finds no signal', async () => {
    const { outbox, db, server } = setUp();
    for (let index = 0; index < 10; index += 1)
      await outbox.enqueue(kindOf('enrolment.create'), { label, payload: enrolmentDraft({ givenName: `Person ${index}` }) });
    server.fail(...Array.from({ length: 10 }, () => 'network' as const));
    const report = await outbox.flush();
    // The first failed; nothing after it was tried.
    expect(server.requests).toHaveLength(1);
    expect(report.sent).toBe(0);
    expect(await db.outbox.where('state').equals('pending').count()).toBe(10);
  });

  it('does not trust a 2xx that is not the server’s answer (a captive portal page)', async () => {
    const { outbox, db, server } = setUp();
    const operation = await outbox.enqueue(kindOf('enrolment.create'), { label, payload: enrolmentDraft() });
    server.fail('html');
    await outbox.flush();
    const stored = await db.outbox.get(operation._id);
    expect(stored).toMatchObject({ state: 'pending', attempts: 1 });
    expect(stored?.payload).not.toBeNull();
  });
});

describe('flush: retries', () => {
  it('keeps the item after no signal and retries after backoff, not before', async () => {
    const { outbox, db, server, clock } = setUp();
    const operation = await outbox.enqueue(kindOf('enrolment.create'), { label, payload: enrolmentDraft() });
    server.fail('network');
    const report = await outbox.flush();
    expect(report).toMatchObject({ sent: 0, retrying: 1 });
    const stored = await db.outbox.get(operation._id);
    // attempts 1: ceiling = base; random 0.5 → half of it.
    expect(stored).toMatchObject({
      state: 'pending',
      attempts: 1,
      nextAttemptAt: clock.now() + outboxBackoff.baseMs / 2,
      lastError: { status: 0, errors: [{ msg: 'No connection' }] },
    });

    clock.advance(outboxBackoff.baseMs / 2 - 1);
    await outbox.flush();
    expect(server.requests).toHaveLength(1);
    expect(await outbox.nextWakeAt()).toBe(clock.now() + 1);

    clock.advance(1);
    await outbox.flush();
    expect(server.rows).toHaveLength(1);
    expect((await db.outbox.get(operation._id))?.state).toBe('done');
  });

  it('holds an item back behind an earlier one of its lane still waiting out its backoff, then sends both in the order made', async () => {
    const { outbox, db, server, clock } = setUp();
    const first = await outbox.enqueue(kindOf('enrolment.create'), { label, payload: enrolmentDraft() });
    clock.advance(1);
    const second = await outbox.enqueue(kindOf('enrolment.create'), { label, payload: { ...enrolmentDraft(), givenName: 'Second' } });
    // The earlier one was tried more often, so it waits longer; the later one is due now.
    await db.outbox.update(first._id, { attempts: 3, nextAttemptAt: clock.now() + 10_000 });
    await db.outbox.update(second._id, { attempts: 1, nextAttemptAt: clock.now() });
    await outbox.flush();
    expect(server.requests).toHaveLength(0);

    clock.advance(10_000);
    await outbox.flush();
    expect(server.rows.map((row) => row._id)).toEqual([first._id, second._id]);
  });

  it('"Send now" ignores the backoff time', async () => {
    const { outbox, server } = setUp();
    await outbox.enqueue(kindOf('enrolment.create'), { label, payload: enrolmentDraft() });
    server.fail('network');
    await outbox.flush();
    await outbox.flush({ force: true });
    expect(server.rows).toHaveLength(1);
  });

  it('backs off exponentially with full jitter, capped', () => {
    const ceilings = Array.from({ length: 14 }, (_, index) => backoffDelay(index + 1, () => 0.999_999));
    expect(ceilings[0]).toBe(outboxBackoff.baseMs - 1);
    expect(ceilings[1]).toBe(2 * outboxBackoff.baseMs - 1);
    expect(ceilings[2]).toBe(4 * outboxBackoff.baseMs - 1);
    expect(Math.max(...ceilings)).toBeLessThan(outboxBackoff.capMs);
    expect(ceilings.at(-1)).toBe(outboxBackoff.capMs - 1);
    for (let attempt = 1; attempt < 14; attempt += 1) expect(backoffDelay(attempt, () => 0)).toBe(outboxBackoff.minMs);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.UTC(2026, 10, 20, 9, 0, 0);
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter(new Date(now + 90_000).toUTCString(), now)).toBe(90_000);
    expect(parseRetryAfter(new Date(now - 90_000).toUTCString(), now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
    expect(parseRetryAfter('99999999', now)).toBe(outboxBackoff.retryAfterMaxMs);
  });

  it('on 429 waits for Retry-After when it is later than the backoff, and stops the round', async () => {
    const { outbox, db, server, clock } = setUp();
    const first = await outbox.enqueue(kindOf('enrolment.create'), { label, payload: enrolmentDraft() });
    clock.advance(1);
    const second = await outbox.enqueue(kindOf('enrolment.create'), { label, payload: enrolmentDraft({ givenName: 'Hemi' }) });
    server.setRetryAfter('120');
    server.fail('429');
    await outbox.flush();
    expect(server.requests).toHaveLength(1);
    expect(await db.outbox.get(first._id)).toMatchObject({ state: 'pending', attempts: 1, nextAttemptAt: clock.now() + 120_000, lastError: { status: 429 } });
    expect((await db.outbox.get(second._id))?.state).toBe('pending');

    // The other item is due but the server asked everyone to wait.
    await outbox.flush();
    expect(server.requests).toHaveLength(1);
    expect(await outbox.nextWakeAt()).toBe(clock.now() + 120_000);

    clock.advance(120_000);
    await outbox.flush();
    expect(server.rows).toHaveLength(2);
  });

  it('uses the backoff when Retry-After is shorter', async () => {
    const { outbox, db, server, clock } = setUp();
    const operation = await outbox.enqueue(kindOf('enrolment.create'), { label, payload: enrolmentDraft() });
    server.setRetryAfter(new Date(clock.now()).toUTCString());
    server.fail('429');
    await outbox.flush();
    expect((await db.outbox.get(operation._id))?.nextAttemptAt).toBe(clock.now() + outboxBackoff.baseMs / 2);
  });

  it('on a 5xx retries that item later and goes on with the others', async () => {
    const { outbox, db, server, clock } = setUp();
    const first = await outbox.enqueue(kindOf('enrolment.create'), { label, payload: enrolmentDraft() });
    clock.advance(1);
    const second = await outbox.enqueue(kindOf('enrolment.create'), { label, payload: enrolmentDraft({ givenName: 'Hemi' }) });
    server.fail('500');
    const report = await outbox.flush();
    expect(report).toMatchObject({ sent: 1, retrying: 1 });
    expect(await db.outbox.get(first._id)).toMatchObject({ state: 'pending', attempts: 1, lastError: { status: 500, errors: [{ msg: 'Server error' }] } });
    expect((await db.outbox.get(second._id))?.state).toBe('done');
  });

  it('shows an item as stuck after many tries, but keeps it and keeps trying', async () => {
    const { outbox, db, server, clock } = setUp();
    const operation = await outbox.enqueue(kindOf('enrolment.create'), { label, payload: enrolmentDraft() });
    for (let attempt = 1; attempt <= stuckAfterAttempts + 2; attempt += 1) {
      server.fail('503');
      await outbox.flush({ force: true });
      clock.advance(1);
    }
    const stored = await db.outbox.get(operation._id);
    expect(stored).toMatchObject({ state: 'pending', attempts: stuckAfterAttempts + 2 });
    expect(stored && isStuck(stored)).toBe(true);
    expect(stored && stored.nextAttemptAt - clock.now()).toBeLessThanOrEqual(outboxBackoff.capMs);
    await outbox.flush({ force: true });
    expect((await db.outbox.get(operation._id))?.state).toBe('done');
  });

  it('an answer lost on the way back does not make a second enrolment', async () => {
    const { outbox, db, server } = setUp();
    const operation = await outbox.enqueue(kindOf('enrolment.create'), { label, payload: enrolmentDraft() });
    server.fail('lost-answer');
    await outbox.flush();
    expect((await db.outbox.get(operation._id))?.state).toBe('pending');
    await outbox.flush({ force: true });
    expect(server.requests).toHaveLength(2);
    expect(server.rows).toHaveLength(1);
    expect(await db.receipts.get(operation._id)).toMatchObject({ reference: enrolmentReference(operation._id) });
  });
});

describe('flush: refusals', () => {
  it('an item that no longer fits the contract is set aside on the phone, named by its field; the next item is still sent', async () => {
    const { outbox, db, server, clock } = setUp();
    // Kept by an older version of the app under a statement no longer published: checked again before it goes.
    const first = await outbox.enqueue(kindOf('enrolment.create'), { label, payload: enrolmentDraft() });
    await db.outbox.update(first._id, { payload: { ...(await db.outbox.get(first._id))!.payload!, statementVersion: 'old' } as never });
    clock.advance(1);
    const second = await outbox.enqueue(kindOf('enrolment.create'), { label, payload: enrolmentDraft({ givenName: 'Hemi' }) });

    const report = await outbox.flush();
    expect(report).toMatchObject({ sent: 1, rejected: 1 });
    const refused = await db.outbox.get(first._id);
    expect(refused).toMatchObject({ state: 'rejected', lastError: { status: 400, errors: [{ param: 'statementVersion' }] } });
    expect(refused?.payload).toMatchObject({ givenName: 'Aroha' });
    expect((await db.outbox.get(second._id))?.state).toBe('done');

    // Never sent, and not retried by later flushes.
    await outbox.flush({ force: true });
    expect(server.requests).toHaveLength(1);
  });

  it('a closed service comes back as a clear message', async () => {
    const { outbox, db, server } = setUp();
    const operation = await outbox.enqueue(kindOf('enrolment.create'), { label, payload: enrolmentDraft() });
    server.closedServices.add('whanau_ora_support');
    await outbox.flush();
    expect(await db.outbox.get(operation._id)).toMatchObject({
      state: 'rejected',
      lastError: { status: 409, errors: [{ msg: 'Enrolments for this service are closed for now' }] },
    });
  });

  it('"fix and resend" sends the corrected enrolment as a new operation and removes the refused one', async () => {
    const { outbox, db, server } = setUp();
    const operation = await outbox.enqueue(kindOf('enrolment.create'), { label, payload: enrolmentDraft() });
    server.closedServices.add('whanau_ora_support');
    await outbox.flush();
    server.closedServices.clear();

    await expect(outbox.resend(operation._id, enrolmentDraft({ email: 'bad' }))).rejects.toBeInstanceOf(OutboxValidationError);
    expect((await db.outbox.get(operation._id))?.state).toBe('rejected');

    const corrected = await outbox.resend(operation._id, { ...asObject(operation.payload), phone: '03 555 0199' });
    expect(corrected._id).not.toBe(operation._id);
    expect(corrected.payload).toMatchObject({ _id: corrected._id, phone: '03 555 0199' });
    expect(await db.outbox.get(operation._id)).toBeUndefined();
    await outbox.flush();
    expect(server.rows.map((row) => row._id)).toEqual([corrected._id]);
    expect(await db.receipts.get(corrected._id)).toBeDefined();
  });

  it('only refused items can be resent, and an item being sent cannot be discarded', async () => {
    const { outbox, db } = setUp();
    const operation = await outbox.enqueue(kindOf('enrolment.create'), { label, payload: enrolmentDraft() });
    await expect(outbox.resend(operation._id, enrolmentDraft())).rejects.toBeInstanceOf(OutboxStateError);
    await db.outbox.update(operation._id, { state: 'sending' });
    await expect(outbox.discard(operation._id)).rejects.toBeInstanceOf(OutboxStateError);
  });

  it('discard removes an unsent item and its details', async () => {
    const { outbox, db, server } = setUp();
    const operation = await outbox.enqueue(kindOf('enrolment.create'), { label, payload: enrolmentDraft() });
    server.closedServices.add('whanau_ora_support');
    await outbox.flush();
    await outbox.discard(operation._id);
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('staff operations and sign-in', () => {
  // No staff operation kind exists yet; an enrolment queued by a signed-in kaimahi exercises
  // the same rules for operations that carry a userId.
  it('reads the token at send time, never stores it, and marks the user’s items needs_auth on 401', async () => {
    let token: string | null = 'token-one';
    const { outbox, db, server } = setUp({ getToken: () => token, getUserId: () => 'user-1' });
    const first = await outbox.enqueue(kindOf('enrolment.create'), { label, payload: enrolmentDraft(), userId: 'user-1' });
    const second = await outbox.enqueue(kindOf('enrolment.create'), { label, payload: enrolmentDraft({ givenName: 'Hemi' }), userId: 'user-1' });
    token = 'token-two';
    server.fail('401');
    const report = await outbox.flush();
    expect(report.needsAuth).toBe(1);
    expect(server.requests[0]?.headers).toEqual({ 'x-auth-token': 'token-two' });
    expect(JSON.stringify(await db.outbox.toArray())).not.toContain('token-');
    expect((await db.outbox.get(first._id))?.state).toBe('needs_auth');
    expect((await db.outbox.get(second._id))?.state).toBe('needs_auth');

    await outbox.flush({ force: true });
    expect(server.requests).toHaveLength(1);

    await outbox.resumeUser('user-1');
    await outbox.flush();
    expect(server.rows).toHaveLength(2);
  });

  it('never sends one person’s items under another person’s sign-in', async () => {
    const { outbox, db, server } = setUp({ getToken: () => 'someone-else', getUserId: () => 'user-2' });
    const operation = await outbox.enqueue(kindOf('enrolment.create'), { label, payload: enrolmentDraft(), userId: 'user-1' });
    await outbox.flush();
    expect(server.requests).toHaveLength(0);
    expect((await db.outbox.get(operation._id))?.state).toBe('needs_auth');
  });

  it('where no token can be read (the service worker), staff items wait and anonymous ones go', async () => {
    const { outbox, db, server } = setUp();
    const staff = await outbox.enqueue(kindOf('enrolment.create'), { label, payload: enrolmentDraft(), userId: 'user-1' });
    const anonymous = await outbox.enqueue(kindOf('enrolment.create'), { label, payload: enrolmentDraft({ givenName: 'Hemi' }) });
    await outbox.flush();
    expect((await db.outbox.get(staff._id))?.state).toBe('pending');
    expect((await db.outbox.get(anonymous._id))?.state).toBe('done');
    expect(server.rows).toHaveLength(1);
  });
});

describe('crashes and concurrency', () => {
  it('an item left "sending" by a closed tab is sent again at the next start, once on the server', async () => {
    const { outbox, db, server, restart } = setUp();
    const operation = await outbox.enqueue(kindOf('enrolment.create'), { label, payload: enrolmentDraft() });
    // The request reached the server, then the tab closed before the answer was written.
    await server.transport({ method: 'POST', path: '/api/enrolments', json: operation.payload, headers: {} });
    await db.outbox.update(operation._id, { state: 'sending' });

    const afterRestart = restart();
    await afterRestart.flush();
    expect(server.rows).toHaveLength(1);
    expect((await afterRestart.db.outbox.get(operation._id))?.state).toBe('done');
    expect(await afterRestart.db.receipts.count()).toBe(1);
  });

  it('two flushes at once in one page send each item once', async () => {
    const { outbox, server } = setUp();
    await outbox.enqueue(kindOf('enrolment.create'), { label, payload: enrolmentDraft() });
    await outbox.enqueue(kindOf('enrolment.create'), { label, payload: enrolmentDraft({ givenName: 'Hemi' }) });
    await Promise.all([outbox.flush(), outbox.flush(), outbox.flush()]);
    expect(server.requests).toHaveLength(2);
  });

  it('the Web Lock keeps two tabs from flushing at once', async () => {
    const locks = createLocks();
    const { outbox, server, restart } = setUp({ locks });
    const otherTab = restart({ locks });
    await outbox.enqueue(kindOf('enrolment.create'), { label, payload: enrolmentDraft() });
    await outbox.enqueue(kindOf('enrolment.create'), { label, payload: enrolmentDraft({ givenName: 'Hemi' }) });
    const [mine, theirs] = await Promise.all([outbox.flush(), otherTab.flush()]);
    expect(server.requests).toHaveLength(2);
    expect(server.rows).toHaveLength(2);
    expect([mine.busy, theirs.busy].sort()).toEqual([false, true]);
  });

  it('an item queued while a flush is running in the same page is sent by that flush', async () => {
    const { outbox, server } = setUp();
    await outbox.enqueue(kindOf('enrolment.create'), { label, payload: enrolmentDraft() });
    let queuedMeanwhile = false;
    server.duringRequest(async () => {
      if (queuedMeanwhile) return;
      queuedMeanwhile = true;
      await outbox.enqueue(kindOf('enrolment.create'), { label, payload: enrolmentDraft({ givenName: 'Hemi' }) });
      void outbox.flush();
    });
    await outbox.flush();
    expect(server.rows).toHaveLength(2);
  });

  it('tidies away sent items after a while but keeps the receipts', async () => {
    const { outbox, db, clock } = setUp();
    const operation = await outbox.enqueue(kindOf('enrolment.create'), { label, payload: enrolmentDraft() });
    await outbox.flush();
    clock.advance(keepDoneForMs + 1);
    await outbox.flush();
    expect(await db.outbox.get(operation._id)).toBeUndefined();
    expect(await db.receipts.get(operation._id)).toBeDefined();
  });
});
