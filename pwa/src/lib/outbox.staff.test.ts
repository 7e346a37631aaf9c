import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { openLocalDb, type LocalDb } from './local-db';
import { createOutbox, OutboxStateError, readConflict, readQueuedItems, type OutboxEvent, type OutboxOptions, type OutboxResponse } from './outbox';
import type { StaffCipher } from './staff-cipher';
import {
  createClock,
  createEnrolmentServer,
  createSyncServer,
  createTestCipher,
  enrolmentDraft,
  everythingStored,
  freshDbName,
  kindOf,
  offlineKinds,
} from './outbox.test-support';

const openDbs: LocalDb[] = [];
afterEach(() => {
  for (const db of openDbs.splice(0)) db.close();
});

async function setUp(options: Partial<OutboxOptions> & { user?: string } = {}) {
  const clock = createClock();
  const sync = createSyncServer();
  const enrolments = createEnrolmentServer({ clock: clock.now });
  const db = openLocalDb(freshDbName('outbox-staff'));
  openDbs.push(db);
  const user = options.user ?? 'user-1';
  let cipher: StaffCipher | null = await createTestCipher(user);
  let token: string | null = 'token-1';
  let signedIn: string | null = user;
  const events: OutboxEvent[] = [];
  const outbox = createOutbox({
    kinds: offlineKinds,
    db,
    now: clock.now,
    random: () => 0.5,
    locks: null,
    flushOnEnqueue: false,
    transport: (request) => (request.path === '/api/sync' ? sync.transport(request) : enrolments.transport(request)),
    getToken: () => token,
    getUserId: () => signedIn,
    getCipher: () => cipher,
    onEvent: (event) => events.push(event),
    ...options,
  });
  return {
    clock,
    sync,
    enrolments,
    db,
    outbox,
    events,
    user,
    lock: () => (cipher = null),
    unlock: (next: StaffCipher) => (cipher = next),
    cipher: () => cipher,
    setToken: (next: string | null) => (token = next),
    signIn: (next: string | null) => (signedIn = next),
  };
}

const mutationIds = (json: unknown) => (json as { mutations: { _id: string }[] }).mutations.map((mutation) => mutation._id);

describe('staff items are sealed', () => {
  it('stores every staff payload only encrypted; the label names no one; locked, nothing can be queued', async () => {
    const { outbox, db, sync, lock, user } = await setUp();
    const clientId = sync.seedClient({ givenName: 'Mere', familyName: 'Tipene' });
    const created = await outbox.enqueue(kindOf('client.create'), {
      userId: user,
      label: 'New client',
      payload: { givenName: 'Ngaio', familyName: 'Tāwhiri', phone: '021 777 1234' },
    });
    await outbox.enqueue(kindOf('client.update'), {
      userId: user,
      label: 'Client edit',
      entityId: clientId,
      baseVersion: 1,
      payload: { suburb: 'Aranui', email: 'mere@example.nz' },
    });
    await outbox.enqueue(kindOf('note.create'), {
      userId: user,
      label: 'Note',
      payload: { clientId: created.entityId, text: 'Met at the marae about housing' },
    });
    await outbox.enqueue(kindOf('enrolment.update'), {
      userId: user,
      label: 'Enrolment',
      entityId: crypto.randomUUID(),
      baseVersion: 1,
      payload: { status: 'contacted' },
    });
    const stored = await everythingStored(db);
    for (const secret of ['Ngaio', 'Tāwhiri', '021 777 1234', 'Aranui', 'mere@example.nz', 'Met at the marae', 'contacted'])
      expect(stored).not.toContain(secret);
    expect(created.entityId).toBe(created._id);

    lock();
    await expect(outbox.enqueue(kindOf('note.create'), { userId: user, label: 'Note', payload: { clientId, text: 'x' } })).rejects.toBeInstanceOf(
      OutboxStateError,
    );
    expect(await db.outbox.count()).toBe(4);
  });

  it('checks each staff kind with the contract schema and names the field', async () => {
    const { outbox, user } = await setUp();
    const error = await outbox
      .enqueue(kindOf('client.update'), {
        userId: user,
        label: 'Client edit',
        entityId: crypto.randomUUID(),
        baseVersion: 1,
        payload: { email: 'not an email' },
      })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'OutboxValidationError', errors: [expect.objectContaining({ param: 'email' })] });
    await expect(
      outbox.enqueue(kindOf('client.update'), { userId: user, label: 'Client edit', entityId: crypto.randomUUID(), payload: { suburb: 'x' } }),
    ).rejects.toBeInstanceOf(OutboxStateError);
  });
});

describe('staff items go through POST /api/sync', () => {
  it('in batches of at most 100, in the order made, with the token read at send time', async () => {
    const { outbox, sync, clock, user, setToken } = await setUp();
    const clients = Array.from({ length: 5 }, (_, index) => sync.seedClient({ givenName: `Client ${index}`, familyName: 'Test' }));
    const made: string[] = [];
    for (let index = 0; index < 250; index += 1) {
      made.push(
        (await outbox.enqueue(kindOf('note.create'), { userId: user, label: 'Note', payload: { clientId: clients[index % 5]!, text: `note ${index}` } }))._id,
      );
      clock.advance(1);
    }
    setToken('token-1');
    const report = await outbox.flush();
    expect(report).toMatchObject({ sent: 250, requests: 3 });
    expect(sync.requests.map((request) => mutationIds(request.json).length)).toEqual([100, 100, 50]);
    expect(sync.requests.flatMap((request) => mutationIds(request.json))).toEqual(made);
    expect(sync.requests.every((request) => request.headers['x-auth-token'] === 'token-1')).toBe(true);
    expect(sync.notes.map((note) => note._id)).toEqual(made);
  });

  it('reads each result: applied and duplicate are done, a clash and a refusal stop only their item', async () => {
    const { outbox, db, sync, user, events, clock } = await setUp();
    const clientId = sync.seedClient({ givenName: 'Mere', familyName: 'Tipene', phone: '021 111 1111' });
    const clash = await outbox.enqueue(kindOf('client.update'), {
      userId: user,
      label: 'Client edit',
      entityId: clientId,
      baseVersion: 1,
      payload: { phone: '021 333 3333', suburb: 'Linwood' },
    });
    clock.advance(1);
    const missing = await outbox.enqueue(kindOf('note.create'), { userId: user, label: 'Note', payload: { clientId: crypto.randomUUID(), text: 'Lost' } });
    clock.advance(1);
    const note = await outbox.enqueue(kindOf('note.create'), { userId: user, label: 'Note', payload: { clientId, text: 'Rang her' } });
    sync.editDirectly(clientId, { phone: '021 222 2222' });
    sync.fail('duplicate');

    const report = await outbox.flush();
    expect(report).toMatchObject({ sent: 1, rejected: 2, conflicts: 1 });
    expect(await db.outbox.get(clash._id)).toMatchObject({
      state: 'conflict',
      lastError: { status: 409, errors: [{ msg: 'Someone else changed this record since you opened it' }] },
    });
    expect(await db.outbox.get(missing._id)).toMatchObject({ state: 'rejected', lastError: { errors: [{ msg: 'Client not found' }] } });
    expect(await db.outbox.get(note._id)).toMatchObject({ state: 'done', payload: null });
    expect(sync.notes).toHaveLength(1);
    expect(await everythingStored(db)).not.toContain('021 222 2222');
    expect(events.map((event) => [event.status, event.itemId])).toEqual([
      ['conflict', clash._id],
      ['rejected', missing._id],
      ['applied', note._id],
    ]);
    expect(events[2]).toMatchObject({ kind: 'note.create', entityId: note._id, subjectId: clientId, record: { text: 'Rang her' } });

    const opened = await readConflict(clash._id, { db, cipher: (await setUpCipherFor(db, clash._id)) ?? null });
    expect(opened).toBeNull(); // another key cannot open it
  });

  it('a whole batch refused (400) refuses only the mutations it names; the rest go again at once', async () => {
    const { outbox, db, user, clock } = await setUp({
      transport: async (request): Promise<OutboxResponse> => {
        const ids = mutationIds(request.json);
        if (ids.length === 3) return { status: 400, retryAfter: null, body: { errors: [{ msg: 'Must be a valid id', param: 'mutations.1.entityId' }] } };
        return { status: 200, retryAfter: null, body: { results: ids.map((_id) => ({ _id, status: 'applied', record: {} })) } };
      },
    });
    const ids: string[] = [];
    for (const text of ['a', 'b', 'c']) {
      ids.push((await outbox.enqueue(kindOf('note.create'), { userId: user, label: 'Note', payload: { clientId: crypto.randomUUID(), text } }))._id);
      clock.advance(1);
    }
    const report = await outbox.flush();
    expect(report).toMatchObject({ sent: 2, rejected: 1, requests: 2 });
    expect(await db.outbox.get(ids[1]!)).toMatchObject({
      state: 'rejected',
      lastError: { status: 400, errors: [{ msg: 'Must be a valid id', param: 'entityId' }] },
    });
  });
});

/** A cipher of the same user but another key: what a stolen database with a guessed user id would meet. */
async function setUpCipherFor(db: LocalDb, itemId: string) {
  const row = await db.outbox.get(itemId);
  return row?.userId ? createTestCipher(row.userId) : null;
}

describe('the one reader of a person’s items', () => {
  it('opens them for the screens: by the record they are shown with, sent ones on request, never another person’s', async () => {
    const { outbox, db, sync, user, clock, cipher } = await setUp();
    const clientId = sync.seedClient({ givenName: 'Mere', familyName: 'Tipene' });
    const other = sync.seedClient({ givenName: 'Hemi', familyName: 'Rua' });
    const edit = await outbox.enqueue(kindOf('client.update'), {
      userId: user,
      label: 'Client edit',
      entityId: clientId,
      baseVersion: 1,
      payload: { suburb: 'Aranui' },
    });
    clock.advance(1);
    const note = await outbox.enqueue(kindOf('note.create'), { userId: user, label: 'Note', payload: { clientId, text: 'Rang her' } });
    clock.advance(1);
    await outbox.enqueue(kindOf('note.create'), { userId: user, label: 'Note', payload: { clientId: other, text: 'Not hers' } });

    const waiting = await readQueuedItems({ db, cipher: cipher(), subjectId: clientId });
    expect(waiting.map((item) => [item.kind, item.status, item.payload])).toEqual([
      ['client.update', 'saved', { suburb: 'Aranui' }],
      ['note.create', 'saved', { clientId, text: 'Rang her' }],
    ]);
    // The note names itself and is shown with its client; the edit says which fields it changes.
    expect(waiting[1]).toMatchObject({ _id: note._id, entityId: note._id, subjectId: clientId });
    expect(waiting[0]).toMatchObject({ _id: edit._id, fields: ['suburb'] });

    await outbox.flush();
    expect(await readQueuedItems({ db, cipher: cipher(), subjectId: clientId })).toEqual([]);
    const sent = await readQueuedItems({ db, cipher: cipher(), subjectId: clientId, withSent: true });
    // Sent: the values are gone from the phone, what changed is still named.
    expect(sent.map((item) => [item.status, item.payload, item.fields])).toEqual([
      ['synced', null, ['suburb']],
      ['synced', null, []],
    ]);
    expect(await readQueuedItems({ db, cipher: await createTestCipher('someone-else'), withSent: true })).toEqual([]);
    expect(await readQueuedItems({ db, cipher: null })).toEqual([]);
  });
});

describe('clashes', () => {
  it('are read opened, and resolved as a new operation on the current version with the fields that did not clash', async () => {
    const { outbox, db, sync, user, cipher } = await setUp();
    const clientId = sync.seedClient({ givenName: 'Mere', familyName: 'Tipene', phone: '021 111 1111' });
    const edit = await outbox.enqueue(kindOf('client.update'), {
      userId: user,
      label: 'Client edit',
      entityId: clientId,
      baseVersion: 1,
      payload: { phone: '021 333 3333', suburb: 'Linwood' },
    });
    sync.editDirectly(clientId, { phone: '021 222 2222' });
    await outbox.flush();

    const clash = await readConflict(edit._id, { db, cipher: cipher() });
    expect(clash).toMatchObject({
      conflicts: [{ field: 'phone', mine: '021 333 3333', theirs: '021 222 2222' }],
      record: { _id: clientId, phone: '021 222 2222', version: 2 },
      mine: { phone: '021 333 3333', suburb: 'Linwood' },
      version: 2,
    });
    const listed = await readQueuedItems({ db, cipher: cipher(), subjectId: clientId });
    expect(listed).toEqual([expect.objectContaining({ _id: edit._id, state: 'conflict', payload: { phone: '021 333 3333', suburb: 'Linwood' } })]);

    const resolution = await outbox.resolveConflict(edit._id, { phone: '021 444 4444' }, clash!.version!);
    expect(await db.outbox.get(edit._id)).toBeUndefined();
    expect(resolution).toMatchObject({ kind: 'client.update', entityId: clientId, baseVersion: 2, state: 'pending' });
    await outbox.flush();
    expect(sync.clients.get(clientId)).toMatchObject({ version: 3, fields: { phone: '021 444 4444', suburb: 'Linwood' } });
    expect(await db.outbox.get(resolution._id)).toMatchObject({ state: 'done', payload: null, conflict: null });
  });

  it('a kaimahi never clashes with their own earlier edit: the later one waits for it and moves onto its version', async () => {
    const { outbox, db, sync, user, clock } = await setUp();
    const clientId = sync.seedClient({ givenName: 'Mere', familyName: 'Tipene' });
    const first = await outbox.enqueue(kindOf('client.update'), {
      userId: user,
      label: 'Client edit',
      entityId: clientId,
      baseVersion: 1,
      payload: { phone: '021 111 1111' },
    });
    clock.advance(1);
    const second = await outbox.enqueue(kindOf('client.update'), {
      userId: user,
      label: 'Client edit',
      entityId: clientId,
      baseVersion: 1,
      payload: { phone: '021 999 9999' },
    });
    clock.advance(1);
    const note = await outbox.enqueue(kindOf('note.create'), { userId: user, label: 'Note', payload: { clientId, text: 'after both' } });
    expect(second.follows).toBe(first._id);
    const report = await outbox.flush();
    expect(report).toMatchObject({ sent: 3, conflicts: 0 });
    expect(sync.requests.map((request) => mutationIds(request.json))).toEqual([[first._id], [second._id, note._id]]);
    expect(sync.clients.get(clientId)).toMatchObject({ version: 3, fields: { phone: '021 999 9999' } });
    expect((await db.outbox.get(second._id))?.baseVersion).toBe(2);
  });

  it('a record made on this device can be edited before it is sent: the edits follow its create, onto the version it makes (issue 31)', async () => {
    const { outbox, db, sync, user, clock } = await setUp();
    const create = await outbox.enqueue(kindOf('client.create'), { userId: user, label: 'New client', payload: { givenName: 'Aroha', familyName: 'Ngata' } });
    clock.advance(60_000);
    // Shown from the outbox, it has no version yet: 0.
    const edit = await outbox.enqueue(kindOf('client.update'), {
      userId: user,
      label: 'Client edit',
      entityId: create.entityId,
      baseVersion: 0,
      payload: { suburb: 'Aranui' },
    });
    clock.advance(60_000);
    const again = await outbox.enqueue(kindOf('client.update'), {
      userId: user,
      label: 'Client edit',
      entityId: create.entityId,
      baseVersion: 0,
      payload: { phone: '021 555 0101' },
    });
    expect(edit.follows).toBe(create._id);
    expect(again.follows).toBe(edit._id);
    await expect(outbox.flush()).resolves.toMatchObject({ sent: 3, conflicts: 0, rejected: 0 });
    expect(sync.requests.map((request) => mutationIds(request.json))).toEqual([[create._id], [edit._id], [again._id]]);
    expect(sync.applied.map((mutation) => [mutation.kind, mutation.baseVersion])).toEqual([
      ['client.create', undefined],
      ['client.update', 1],
      ['client.update', 2],
    ]);
    expect(sync.clients.get(create.entityId)).toMatchObject({ version: 3, fields: { suburb: 'Aranui', phone: '021 555 0101' } });
    expect((await db.outbox.get(again._id))?.state).toBe('done');
  });

  it('sends each mutation with the time it was written on this device, not the time it is sent', async () => {
    const { outbox, sync, user, clock } = await setUp();
    const clientId = sync.seedClient({ givenName: 'Mere', familyName: 'Tipene' });
    const note = await outbox.enqueue(kindOf('note.create'), { userId: user, label: 'Note', payload: { clientId, text: 'Written at the marae' } });
    const written = new Date(note.createdAt).toISOString();
    clock.advance(12 * 60 * 60_000);
    await outbox.flush();
    expect((sync.requests[0]?.json as { mutations: { writtenAt?: string }[] }).mutations[0]?.writtenAt).toBe(written);
  });

  it('an edit on version 0 with no create of that record waiting is refused: nothing is queued', async () => {
    const { outbox, db, user } = await setUp();
    await expect(
      outbox.enqueue(kindOf('client.update'), {
        userId: user,
        label: 'Client edit',
        entityId: crypto.randomUUID(),
        baseVersion: 0,
        payload: { suburb: 'Aranui' },
      }),
    ).rejects.toThrow(OutboxStateError);
    expect(await db.outbox.count()).toBe(0);
  });

  it('two edits of a record made in the same millisecond still go in the order made, the later after the earlier', async () => {
    // Same time stamp: only `follows` says which came first (ids are random, so about half the pairs sort the other way).
    const { outbox, sync, user } = await setUp();
    const pairs = [];
    for (let index = 0; index < 20; index += 1) {
      const clientId = sync.seedClient({ givenName: `Same${index}`, familyName: 'Moment' });
      const first = await outbox.enqueue(kindOf('client.update'), {
        userId: user,
        label: 'Client edit',
        entityId: clientId,
        baseVersion: 1,
        payload: { suburb: 'Aranui' },
      });
      const second = await outbox.enqueue(kindOf('client.update'), {
        userId: user,
        label: 'Client edit',
        entityId: clientId,
        baseVersion: 1,
        payload: { suburb: 'Linwood' },
      });
      expect(second.follows).toBe(first._id);
      pairs.push({ clientId, first, second });
    }
    await expect(outbox.flush()).resolves.toMatchObject({ sent: 40, conflicts: 0 });
    for (const { clientId } of pairs) expect(sync.clients.get(clientId)).toMatchObject({ version: 3, fields: { suburb: 'Linwood' } });
  });
});

describe('who may send', () => {
  it('while the copy is locked staff items wait (enrolments still go); unlocked, they are sent', async () => {
    const { outbox, sync, enrolments, user, lock, unlock } = await setUp();
    const clientId = sync.seedClient({ givenName: 'Mere', familyName: 'Tipene' });
    await outbox.enqueue(kindOf('note.create'), { userId: user, label: 'Note', payload: { clientId, text: 'kept' } });
    await outbox.enqueue(kindOf('enrolment.create'), { label: 'Whānau Ora Support', payload: enrolmentDraft() });
    const key = lock();
    expect(key).toBeNull();
    const report = await outbox.flush({ force: true });
    expect(report.sent).toBe(1);
    expect(sync.requests).toHaveLength(0);
    expect(enrolments.rows).toHaveLength(1);
    expect(await outbox.nextWakeAt()).toBeNull();

    // Another person's key opens nothing of this person's.
    unlock(await createTestCipher('user-2'));
    await outbox.flush({ force: true });
    expect(sync.requests).toHaveLength(0);

    unlock(await createTestCipher(user));
    // A fresh key of the same person (after a wipe) cannot read the old sealing: set aside, not sent.
    const again = await outbox.flush({ force: true });
    expect(again).toMatchObject({ sent: 0, rejected: 1 });
  });

  it('a 401 holds that person’s items until they sign in again; never sent under someone else’s sign-in', async () => {
    const { outbox, db, sync, user, signIn, setToken } = await setUp();
    const clientId = sync.seedClient({ givenName: 'Mere', familyName: 'Tipene' });
    const note = await outbox.enqueue(kindOf('note.create'), { userId: user, label: 'Note', payload: { clientId, text: 'one' } });
    sync.fail('401');
    expect((await outbox.flush()).needsAuth).toBe(1);
    expect((await db.outbox.get(note._id))?.state).toBe('needs_auth');
    await outbox.flush({ force: true });
    expect(sync.requests).toHaveLength(1);

    // Someone else signs in on this device: nothing of user-1's goes with their token.
    signIn('user-2');
    setToken('token-2');
    await outbox.resumeUser(user);
    await outbox.flush({ force: true });
    expect(sync.requests).toHaveLength(1);
    expect((await db.outbox.get(note._id))?.state).toBe('needs_auth');

    signIn(user);
    setToken('token-1');
    await outbox.resumeUser(user);
    await outbox.flush({ force: true });
    expect((await db.outbox.get(note._id))?.state).toBe('done');
    expect(sync.requests.map((request) => request.headers['x-auth-token'])).toEqual(['token-1', 'token-1']);
  });

  it('wipe removes every staff item of that person and leaves enrolments', async () => {
    const { outbox, db, sync, user } = await setUp();
    const clientId = sync.seedClient({ givenName: 'Mere', familyName: 'Tipene' });
    await outbox.enqueue(kindOf('note.create'), { userId: user, label: 'Note', payload: { clientId, text: 'one' } });
    await outbox.enqueue(kindOf('client.update'), { userId: user, label: 'Client edit', entityId: clientId, baseVersion: 1, payload: { suburb: 'Aranui' } });
    const enrolment = await outbox.enqueue(kindOf('enrolment.create'), { label: 'Whānau Ora Support', payload: enrolmentDraft() });
    expect(await outbox.wipeStaffItems(user)).toBe(2);
    expect((await db.outbox.toArray()).map((item) => item._id)).toEqual([enrolment._id]);
  });
});
