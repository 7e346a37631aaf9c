import crypto from 'node:crypto';
import type { Transaction } from 'sequelize';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../db/migrate';
import { Operation } from '../db/models/operation';
import { RevokedToken } from '../db/models/revoked-token';
import { sequelize } from '../db/sequelize';
import { ApiError, badRequest } from './errors';
import { canonicalJson, findStoredOutcome, hashRequest, runOnce, type OperationRequest } from './idempotency';

beforeAll(() => migrate());

function anOperation(request: unknown, overrides: Partial<OperationRequest> = {}): OperationRequest {
  return { id: crypto.randomUUID(), kind: 'test.write', actorId: null, request, ...overrides };
}

/**
 * Lets simultaneous effects wait for each other, so that on PostgreSQL all of them are inside
 * their transactions before any commits: the race the record must survive. On SQLite they are
 * queued one after another, so nobody waits there.
 */
function meetingPoint(parties: number, waitMs = sequelize.getDialect() === 'postgres' ? 10_000 : 0) {
  let arrived = 0;
  let openUp = () => {};
  const everyoneHere = new Promise<void>((resolve) => (openUp = resolve));
  return async () => {
    arrived += 1;
    if (arrived >= parties) openUp();
    await Promise.race([everyoneHere, new Promise((resolve) => setTimeout(resolve, waitMs))]);
  };
}

/** An effect that writes a row keyed by the operation id, so a second application could not hide; counts its calls. */
function rowWritingEffect(id: string, beforeWriting = async () => {}) {
  const effect = async (transaction: Transaction) => {
    effect.calls += 1;
    await beforeWriting();
    await RevokedToken.create({ jti: id, expiresAt: new Date(Date.now() + 60 * 60 * 1000) }, { transaction });
    return { status: 201, body: { id, call: effect.calls } };
  };
  effect.calls = 0;
  return effect;
}

const rowsFor = (id: string) => RevokedToken.count({ where: { jti: id } });
const recordsFor = (id: string) => Operation.count({ where: { id } });

async function conflictOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('canonicalJson and hashRequest', () => {
  it('gives the same text for the same body whatever the order of its keys, at every depth', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { f: 1, e: 2 }], c: null } })).toBe('{"a":{"c":null,"d":[3,{"e":2,"f":1}]},"b":1}');
    expect(hashRequest({ b: 1, a: 'x' })).toBe(hashRequest({ a: 'x', b: 1 }));
    expect(hashRequest({ a: 'x' })).toMatch(/^[0-9a-f]{64}$/);
  });

  it('tells apart bodies that differ in a value, a type, the order of a list or a key', () => {
    const hashes = [{ a: [1, 2] }, { a: [2, 1] }, { a: ['1', 2] }, { b: [1, 2] }, { a: [1, 2], c: 0 }, { '10': 1, '9': 2 }, { '9': 1, '10': 2 }].map(
      hashRequest,
    );
    expect(new Set(hashes).size).toBe(hashes.length);
  });

  it('leaves out undefined fields, as JSON does', () => {
    expect(canonicalJson({ a: 1, b: undefined })).toBe('{"a":1}');
  });
});

describe('runOnce', () => {
  it('applies the effect and records the operation with its answer', async () => {
    const operation = anOperation({ name: 'Mere' });
    const effect = rowWritingEffect(operation.id);
    const outcome = await runOnce(operation, effect);
    expect(outcome).toEqual({ status: 201, body: { id: operation.id, call: 1 }, replayed: false });
    const record = await Operation.findByPk(operation.id);
    expect(record?.get({ plain: true })).toMatchObject({
      kind: 'test.write',
      actorId: null,
      requestHash: hashRequest({ name: 'Mere' }),
      responseStatus: 201,
      responseBody: { id: operation.id, call: 1 },
    });
    expect(await rowsFor(operation.id)).toBe(1);
  });

  it('answers a resend from the record without running the effect again', async () => {
    const operation = anOperation({ name: 'Mere', nested: { a: 1, b: 2 } });
    const effect = rowWritingEffect(operation.id);
    const first = await runOnce(operation, effect);
    const again = await runOnce({ ...operation, request: { nested: { b: 2, a: 1 }, name: 'Mere' } }, effect);
    expect(again).toEqual({ ...first, replayed: true });
    expect(effect.calls).toBe(1);
    expect(await rowsFor(operation.id)).toBe(1);
    expect(await recordsFor(operation.id)).toBe(1);
  });

  it('refuses the same id for a different body, another kind or another sender with 409, changing nothing', async () => {
    const operation = anOperation({ name: 'Mere' });
    const effect = rowWritingEffect(operation.id);
    await runOnce(operation, effect);
    const before = (await Operation.findByPk(operation.id))?.get({ plain: true });
    for (const other of [
      { ...operation, request: { name: 'Hine' } },
      { ...operation, kind: 'test.other' },
      { ...operation, actorId: crypto.randomUUID() },
    ]) {
      const error = await conflictOf(runOnce(other, effect));
      expect(error.status).toBe(409);
      expect(error.items).toEqual([{ msg: 'This request id was already used for a different request', code: 'request_id_reused' }]);
      await expect(findStoredOutcome(other)).rejects.toBeInstanceOf(ApiError);
    }
    expect(effect.calls).toBe(1);
    expect((await Operation.findByPk(operation.id))?.get({ plain: true })).toEqual(before);
  });

  it('keeps nothing when the effect throws, so the same operation can be applied later', async () => {
    const operation = anOperation({ name: 'Mere' });
    const failing = async (transaction: Transaction) => {
      await RevokedToken.create({ jti: operation.id, expiresAt: new Date() }, { transaction });
      throw badRequest('Service is closed', 'serviceKey');
    };
    await expect(runOnce(operation, failing)).rejects.toMatchObject({ status: 400 });
    expect(await rowsFor(operation.id)).toBe(0);
    expect(await recordsFor(operation.id)).toBe(0);

    const later = await runOnce(operation, rowWritingEffect(operation.id));
    expect(later).toMatchObject({ status: 201, replayed: false });
    expect(await rowsFor(operation.id)).toBe(1);
  });

  it('keeps nothing when the effect answers with a failure status', async () => {
    const operation = anOperation({ name: 'Mere' });
    const outcome = await runOnce(operation, async (transaction) => {
      await RevokedToken.create({ jti: operation.id, expiresAt: new Date() }, { transaction });
      return { status: 422, body: { errors: [{ msg: 'No' }] } };
    });
    expect(outcome).toEqual({ status: 422, body: { errors: [{ msg: 'No' }] }, replayed: false });
    expect(await rowsFor(operation.id)).toBe(0);
    expect(await recordsFor(operation.id)).toBe(0);
  });

  // PostgreSQL runs all three effects and rolls back the two that lose the race; SQLite queues them, so only the first runs.
  const effectsRunBy3Sends = sequelize.getDialect() === 'postgres' ? 3 : 1;

  it('applies three simultaneous sends of one operation once, and gives all three the same answer', async () => {
    const operation = anOperation({ name: 'Mere' });
    const effect = rowWritingEffect(operation.id, meetingPoint(3));
    const outcomes = await Promise.all([1, 2, 3].map(() => runOnce(operation, effect)));
    const stored = await Operation.findByPk(operation.id);
    for (const outcome of outcomes) expect(outcome).toMatchObject({ status: 201, body: stored?.responseBody });
    expect(outcomes.filter((outcome) => !outcome.replayed)).toHaveLength(1);
    expect(effect.calls).toBe(effectsRunBy3Sends);
    expect(await rowsFor(operation.id)).toBe(1);
    expect(await recordsFor(operation.id)).toBe(1);
  });

  it('applies simultaneous sends once even when only the record itself can clash', async () => {
    const operation = anOperation({ name: 'Mere' });
    const allThere = meetingPoint(3);
    let calls = 0;
    const effect = async () => {
      calls += 1;
      await allThere();
      return { status: 200, body: { call: calls } };
    };
    const outcomes = await Promise.all([1, 2, 3].map(() => runOnce(operation, effect)));
    const stored = await Operation.findByPk(operation.id);
    for (const outcome of outcomes) expect(outcome).toMatchObject({ status: 200, body: stored?.responseBody });
    expect(outcomes.filter((outcome) => !outcome.replayed)).toHaveLength(1);
    expect(calls).toBe(effectsRunBy3Sends);
    expect(await recordsFor(operation.id)).toBe(1);
  });

  it('answers 409 to the loser of a race that sent a different body under the same id', async () => {
    const id = crypto.randomUUID();
    const allThere = meetingPoint(2);
    const effect = rowWritingEffect(id, allThere);
    const outcomes = await Promise.allSettled([runOnce(anOperation({ name: 'Mere' }, { id }), effect), runOnce(anOperation({ name: 'Hine' }, { id }), effect)]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((outcome) => outcome.status === 'rejected');
    expect(refused?.status === 'rejected' && refused.reason).toMatchObject({ status: 409 });
    expect(await rowsFor(id)).toBe(1);
    expect(await recordsFor(id)).toBe(1);
  });
});

describe('findStoredOutcome', () => {
  it('finds nothing before an operation is applied and its stored answer after', async () => {
    const operation = anOperation({ name: 'Mere' });
    expect(await findStoredOutcome(operation)).toBeUndefined();
    const first = await runOnce(operation, rowWritingEffect(operation.id));
    expect(await findStoredOutcome(operation)).toEqual({ ...first, replayed: true });
  });
});
