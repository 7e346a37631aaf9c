import crypto from 'node:crypto';
import { UniqueConstraintError, type Transaction } from 'sequelize';
import { Operation } from '../db/models/operation';
import { sequelize } from '../db/sequelize';
import { conflict } from './errors';

/**
 * Exactly-once writes for requests a device may send more than once (DESIGN §6): the device
 * makes the operation id before any network call and resends it until it gets an answer.
 *
 * The rule for what is kept: only an effect that succeeded (2xx) is recorded, together with
 * its answer, in the same transaction as the effect itself. A failed effect (it throws, e.g.
 * an ApiError for a closed service, or returns a non-2xx status) keeps nothing at all, so the
 * same operation, sent again unchanged once the cause is gone (the service reopens), is
 * applied then. A body cannot be corrected under the same id: that is a different request (409).
 */

/** One attempt at an operation: its id, what it does, who sends it (null: anonymous) and the request body. */
export type OperationRequest = { id: string; kind: string; actorId: string | null; request: unknown };
export type OperationOutcome<Body> = { status: number; body: Body };
/** `replayed`: the answer was stored by an earlier send and nothing was done this time. */
export type OnceOutcome<Body> = OperationOutcome<Body> & { replayed: boolean };

/** JSON with object keys sorted at every depth, so the same body always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function hashRequest(request: unknown): string {
  return crypto.createHash('sha256').update(canonicalJson(request)).digest('hex');
}

const isSuccess = (status: number) => status >= 200 && status < 300;

/** The stored answer when the record is this same request; 409 when the id was used for anything else. */
export function answerFromRecord<Body>(
  record: Pick<Operation, 'kind' | 'actorId' | 'requestHash' | 'responseStatus' | 'responseBody'>,
  operation: OperationRequest,
  requestHash: string,
): OnceOutcome<Body> {
  if (record.kind !== operation.kind || record.actorId !== operation.actorId || record.requestHash !== requestHash) {
    throw conflict('This request id was already used for a different request', undefined, 'request_id_reused');
  }
  // The record was written by this same kind of operation, so its body has the shape that kind answers with.
  return { status: record.responseStatus, body: record.responseBody as Body, replayed: true };
}

/**
 * The stored answer to an operation sent before, without doing anything: undefined when it
 * was never applied; 409 when its id was used for a different request.
 */
export async function findStoredOutcome<Body>(operation: OperationRequest): Promise<OnceOutcome<Body> | undefined> {
  const record = await Operation.findByPk(operation.id);
  return record ? answerFromRecord<Body>(record, operation, hashRequest(operation.request)) : undefined;
}

/**
 * Applies `effect` at most once per operation id and gives every send of the same request the
 * same answer. The lookup, the effect and the record share one transaction. On SQLite the
 * transactions are IMMEDIATE and queued (db/sequelize.ts), so two sends run one after the other and the second
 * finds the record. On PostgreSQL two first sends can both miss the record: the later one
 * then fails on a unique key (the effect's row or the record itself) once the first commits,
 * rolls back, and is answered from the record the first one stored.
 *
 * With `within` (a sync batch's transaction, decision 075) the operation runs in a SAVEPOINT of
 * that transaction instead of a transaction of its own: a refusal or an error rolls back to the
 * savepoint, so it undoes only itself, and the record commits with the effect when the batch's
 * transaction does.
 */
export async function runOnce<Body>(
  operation: OperationRequest,
  effect: (transaction: Transaction) => Promise<OperationOutcome<Body>>,
  within?: Transaction,
): Promise<OnceOutcome<Body>> {
  const requestHash = hashRequest(operation.request);
  if (within) return applyInSavepoint(operation, requestHash, effect, within);
  try {
    return await applyOnce(operation, requestHash, effect);
  } catch (error) {
    if (!(error instanceof UniqueConstraintError)) throw error;
    const winner = await Operation.findByPk(operation.id);
    // No record: the clash was with something else that holds this id, not another send of this operation.
    if (!winner) throw error;
    return answerFromRecord<Body>(winner, operation, requestHash);
  }
}

/** An answer that is not a success: the transaction rolls back and nothing is recorded. */
class NotApplied<Body> {
  constructor(readonly outcome: OperationOutcome<Body>) {}
}

async function applyOnce<Body>(
  operation: OperationRequest,
  requestHash: string,
  effect: (transaction: Transaction) => Promise<OperationOutcome<Body>>,
): Promise<OnceOutcome<Body>> {
  try {
    return await sequelize.transaction(async (transaction) => {
      const record = await Operation.findByPk(operation.id, { transaction });
      if (record) return answerFromRecord<Body>(record, operation, requestHash);
      const outcome = await effect(transaction);
      if (!isSuccess(outcome.status)) throw new NotApplied(outcome);
      await Operation.create(
        {
          id: operation.id,
          kind: operation.kind,
          actorId: operation.actorId,
          requestHash,
          responseStatus: outcome.status,
          responseBody: outcome.body,
        },
        { transaction },
      );
      return { ...outcome, replayed: false };
    });
  } catch (error) {
    if (error instanceof NotApplied) return { ...(error.outcome as OperationOutcome<Body>), replayed: false };
    throw error;
  }
}

/** The lookup, the effect and the record, undone together when any of them refuses or fails. */
async function applyInSavepoint<Body>(
  operation: OperationRequest,
  requestHash: string,
  effect: (transaction: Transaction) => Promise<OperationOutcome<Body>>,
  transaction: Transaction,
): Promise<OnceOutcome<Body>> {
  const run = (sql: string) => sequelize.query(sql, { transaction });
  const undo = async () => {
    await run('ROLLBACK TO SAVEPOINT operation');
    await run('RELEASE SAVEPOINT operation');
  };
  await run('SAVEPOINT operation');
  try {
    const record = await Operation.findByPk(operation.id, { transaction });
    if (record) {
      const stored = answerFromRecord<Body>(record, operation, requestHash);
      await run('RELEASE SAVEPOINT operation');
      return stored;
    }
    const outcome = await effect(transaction);
    if (!isSuccess(outcome.status)) {
      await undo();
      return { ...outcome, replayed: false };
    }
    await Operation.create(
      { id: operation.id, kind: operation.kind, actorId: operation.actorId, requestHash, responseStatus: outcome.status, responseBody: outcome.body },
      { transaction },
    );
    await run('RELEASE SAVEPOINT operation');
    return { ...outcome, replayed: false };
  } catch (error) {
    // On PostgreSQL a failed statement leaves the transaction unusable until this rollback.
    await undo();
    if (!(error instanceof UniqueConstraintError)) throw error;
    // PostgreSQL: another instance committed this same operation after the lookup; READ COMMITTED sees it now.
    const winner = await Operation.findByPk(operation.id, { transaction });
    if (!winner) throw error;
    return answerFromRecord<Body>(winner, operation, requestHash);
  }
}
