import crypto from 'node:crypto';
import { Op, UniqueConstraintError, type Transaction } from 'sequelize';
import { getConfig } from '../config';
import { Operation } from '../db/models/operation';
import { sequelize } from '../db/sequelize';
import { now } from './clock';
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
 *
 * A staff write's answer is not kept whole (decision 087): the record keeps which record it
 * answered with (ids, version) and a resend reads that record again, as it is now and through
 * the need-to-know rule of the person resending, so no stale copy of anyone's details is kept
 * and someone who has since lost access gets 404. Records older than `STORED_ANSWER_DAYS` go.
 */

/** One attempt at an operation: its id, what it does, who sends it (null: anonymous) and the request body. */
export type OperationRequest = { id: string; kind: string; actorId: string | null; request: unknown };
export type OperationOutcome<Body> = { status: number; body: Body };
/**
 * `replayed`: the answer was stored by an earlier send and nothing was done this time.
 * `producedVersion`: on a replay whose record is read again (as it is now), the version the
 * operation itself produced, so a device can move its later edits onto that version and not onto
 * someone else's change made since (decision 087).
 */
export type OnceOutcome<Body> = OperationOutcome<Body> & { replayed: boolean; producedVersion?: number };

/** What the record of a staff write keeps of its answer: which record, never its fields. */
export type KeptAnswer = { id: string; clientId?: string; version?: number };

/**
 * How a staff write's answer is kept and given again. `keep` picks the ids from the answer;
 * `reread` reads the record now through the caller's current access (and throws 404 when they
 * may no longer see it), in the transaction it is given when there is one.
 */
export type Rereading<Body> = { keep(body: NoInfer<Body>): KeptAnswer; reread(kept: KeptAnswer, transaction?: Transaction): Promise<NoInfer<Body>> };

/** The ids of an answer body that has an `_id` (and maybe `clientId`, `version`). */
export function keepIds(body: { _id: string; clientId?: string | null; version?: number }): KeptAnswer {
  return { id: body._id, ...(body.clientId ? { clientId: body.clientId } : {}), ...(body.version !== undefined ? { version: body.version } : {}) };
}

function isKeptAnswer(value: unknown): value is { kept: KeptAnswer } {
  if (value === null || typeof value !== 'object' || !('kept' in value)) return false;
  const { kept } = value;
  return kept !== null && typeof kept === 'object' && 'id' in kept && typeof kept.id === 'string';
}

/** What a record of `body` keeps: the ids when the write rereads, else (anonymous receipts, nothing personal) the body. */
function storedBody<Body>(body: Body, rereading: Rereading<Body> | undefined): unknown {
  return rereading ? { kept: rereading.keep(body) } : body;
}

/** A resend's answer from its record: the body kept, or the record read again through the caller's access. */
async function replayFromRecord<Body>(
  record: Pick<Operation, 'kind' | 'actorId' | 'requestHash' | 'responseStatus' | 'responseBody'>,
  operation: OperationRequest,
  requestHash: string,
  rereading: Rereading<Body> | undefined,
  transaction?: Transaction,
): Promise<OnceOutcome<Body>> {
  const stored = answerFromRecord<unknown>(record, operation, requestHash);
  if (!rereading) return { ...stored, body: stored.body as Body };
  if (!isKeptAnswer(stored.body)) throw new Error(`Stored answer of ${operation.kind} keeps no ids`);
  const { kept } = stored.body;
  const body = await rereading.reread(kept, transaction);
  return { status: stored.status, body, replayed: true, ...(kept.version === undefined ? {} : { producedVersion: kept.version }) };
}

/**
 * Removes records of staff writes older than `STORED_ANSWER_DAYS`: a device resends an
 * operation until it is answered, which is seconds to days, never a month. Anonymous enrolment
 * receipts (an id, a status, a reference: nothing personal) stay, so a resend is never applied twice.
 */
export async function pruneStoredAnswers(at = now()): Promise<number> {
  const before = new Date(at - getConfig().storedAnswerDays * 24 * 60 * 60 * 1000);
  return Operation.destroy({ where: { actorId: { [Op.ne]: null }, createdAt: { [Op.lt]: before } } });
}

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
export async function findStoredOutcome<Body>(operation: OperationRequest, rereading?: Rereading<Body>): Promise<OnceOutcome<Body> | undefined> {
  const record = await Operation.findByPk(operation.id);
  return record ? replayFromRecord<Body>(record, operation, hashRequest(operation.request), rereading) : undefined;
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
  rereading?: Rereading<Body>,
  within?: Transaction,
): Promise<OnceOutcome<Body>> {
  const requestHash = hashRequest(operation.request);
  if (within) return applyInSavepoint(operation, requestHash, effect, within, rereading);
  try {
    return await applyOnce(operation, requestHash, effect, rereading);
  } catch (error) {
    if (!(error instanceof UniqueConstraintError)) throw error;
    const winner = await Operation.findByPk(operation.id);
    // No record: the clash was with something else that holds this id, not another send of this operation.
    if (!winner) throw error;
    return replayFromRecord<Body>(winner, operation, requestHash, rereading);
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
  rereading: Rereading<Body> | undefined,
): Promise<OnceOutcome<Body>> {
  try {
    return await sequelize.transaction(async (transaction) => {
      const record = await Operation.findByPk(operation.id, { transaction });
      if (record) return replayFromRecord<Body>(record, operation, requestHash, rereading, transaction);
      const outcome = await effect(transaction);
      if (!isSuccess(outcome.status)) throw new NotApplied(outcome);
      await Operation.create(
        {
          id: operation.id,
          kind: operation.kind,
          actorId: operation.actorId,
          requestHash,
          responseStatus: outcome.status,
          responseBody: storedBody(outcome.body, rereading),
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
  rereading: Rereading<Body> | undefined,
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
      const stored = await replayFromRecord<Body>(record, operation, requestHash, rereading, transaction);
      await run('RELEASE SAVEPOINT operation');
      return stored;
    }
    const outcome = await effect(transaction);
    if (!isSuccess(outcome.status)) {
      await undo();
      return { ...outcome, replayed: false };
    }
    await Operation.create(
      {
        id: operation.id,
        kind: operation.kind,
        actorId: operation.actorId,
        requestHash,
        responseStatus: outcome.status,
        responseBody: storedBody(outcome.body, rereading),
      },
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
    return replayFromRecord<Body>(winner, operation, requestHash, rereading, transaction);
  }
}
