import { QueryTypes, type Transaction } from 'sequelize';
import type { EnrolmentInput, EnrolmentReceipt } from '../../../contract/enrolments';
import { enrolmentReference, statementChanged } from '../../../contract/enrolments';
import { isEnrollable, unavailableText } from '../../../contract/services';
import { limits } from '../../../contract/limits';
import { enrolmentSearchText } from '../../db/models/enrolment';
import { sequelize } from '../../db/sequelize';
import { badRequest, conflict } from '../../lib/errors';
import { answerFromRecord, hashRequest, type OnceOutcome, type OperationRequest } from '../../lib/idempotency';
import { createCounter } from '../../lib/rate-limit';
import { queueEnrolmentNotice } from '../../lib/staff-notices';
import { listStatementVersions } from '../../lib/statement-versions';

/**
 * Group commit for `POST /api/enrolments` (decision 066). SQLite's limit is commits, not rows:
 * each COMMIT waits for the disk (synchronous=FULL). So the enrolments that arrive while one
 * batch is being written wait together and go into the next batch: one transaction, one COMMIT,
 * a SAVEPOINT per enrolment so one that fails (a closed service, an id used for something else,
 * the per-IP limit) is rolled back alone and the others are kept. Each request is answered only
 * after its batch's COMMIT returned, so an acknowledged enrolment survives a crash or kill -9.
 *
 * The statements are plain SQL with no model, so Sequelize does not run `PRAGMA table_info`
 * before each; the services are read once per batch, the stored answers of every id in the
 * batch in one SELECT. PostgreSQL runs the same code: a copy of the same enrolment committed by
 * another instance in between fails on the primary key inside its savepoint and is answered
 * from that instance's record, as before.
 */

/** New enrolments one IP address may send in an hour. Resends of one already received do not count. */
const newEnrolmentsByIp = createCounter(limits.enrolmentsPerIp, limits.enrolmentWindowMs);

/** At most this many enrolments share one transaction; more wait for the next. */
const maxBatch = 200;

/** The operation an enrolment is: anonymous, and idempotent on the enrolment's own id. */
export function enrolmentOperation(id: string, request: unknown): OperationRequest {
  return { id, kind: 'enrolment.create', actorId: null, request };
}

type StoredOperation = { id: string; kind: string; actorId: string | null; requestHash: string; responseStatus: number; responseBody: unknown };
type Outcome = OnceOutcome<EnrolmentReceipt>;
type Settled = { ok: true; outcome: Outcome } | { ok: false; error: unknown };
type Pending = { enrolment: EnrolmentInput; operation: OperationRequest; requestHash: string; ip: string; settle: (result: Settled) => void };

const operationColumns = 'id, kind, "actorId", "requestHash", "responseStatus", "responseBody"';

function parseStored(row: StoredOperation): StoredOperation {
  // SQLite gives JSON columns back as text, PostgreSQL as the value.
  const body = typeof row.responseBody === 'string' ? (JSON.parse(row.responseBody) as unknown) : row.responseBody;
  return { ...row, responseStatus: Number(row.responseStatus), responseBody: body };
}

/**
 * The stored answer to an enrolment sent before (one indexed read, no transaction); undefined
 * when it was never received; 409 when its id was used for a different request.
 */
export async function findStoredReceipt(operation: OperationRequest): Promise<Outcome | undefined> {
  const [row] = await sequelize.query<StoredOperation>(`SELECT ${operationColumns} FROM operations WHERE id = :id`, {
    type: QueryTypes.SELECT,
    replacements: { id: operation.id },
  });
  return row ? answerFromRecord<EnrolmentReceipt>(parseStored(row), operation, hashRequest(operation.request)) : undefined;
}

/** What the writer has done since start: for the bench and for tests that check batches form. */
export const enrolmentWriterStats = { batches: 0, enrolments: 0, largestBatch: 0 };

let waiting: Pending[] = [];
let writing = false;

/**
 * Stores one enrolment, exactly once per `_id`, and resolves after the COMMIT that made it
 * durable (or rejects with the ApiError that refused it). `request` is the body as sent.
 */
export function writeEnrolment(enrolment: EnrolmentInput, request: unknown, ip: string): Promise<Outcome> {
  const operation = enrolmentOperation(enrolment._id, request);
  return new Promise<Outcome>((resolve, reject) => {
    waiting.push({
      enrolment,
      operation,
      requestHash: hashRequest(request),
      ip,
      settle: (result) => (result.ok ? resolve(result.outcome) : reject(result.error)),
    });
    if (!writing) void writeWaiting();
  });
}

/** Writes batch after batch until nobody waits; the ones arriving meanwhile form the next batch. */
async function writeWaiting(): Promise<void> {
  writing = true;
  try {
    while (waiting.length > 0) {
      const batch = waiting.slice(0, maxBatch);
      waiting = waiting.slice(maxBatch);
      let results: Settled[];
      enrolmentWriterStats.batches += 1;
      enrolmentWriterStats.enrolments += batch.length;
      enrolmentWriterStats.largestBatch = Math.max(enrolmentWriterStats.largestBatch, batch.length);
      try {
        results = await sequelize.transaction((transaction) => writeBatch(batch, transaction));
      } catch (error) {
        // BEGIN or COMMIT failed: nothing of this batch is stored, and every request says so.
        results = batch.map(() => ({ ok: false, error }));
      }
      // After COMMIT: only now is each enrolment durable and answered.
      batch.forEach((pending, index) => pending.settle(results[index] ?? { ok: false, error: new Error('enrolment not written') }));
    }
  } finally {
    writing = false;
  }
}

type Row = { pending: Pending; index: number; receipt: EnrolmentReceipt; receivedAt: Date };

async function writeBatch(batch: Pending[], transaction: Transaction): Promise<Settled[]> {
  const query = <T extends object>(sql: string, replacements: Record<string, unknown> = {}) =>
    sequelize.query<T>(sql, { type: QueryTypes.SELECT, replacements, transaction });
  const run = (sql: string, replacements: Record<string, unknown> = {}) => sequelize.query(sql, { type: QueryTypes.RAW, replacements, transaction });
  // The rows, their answers' records and their staff notices (when email is set up), all in the savepoint they share.
  const insert = (rows: Row[]) => insertRows(rows, run, transaction);

  const services = new Map(
    (await query<{ key: string; title: string; status: string; statusText: string }>('SELECT key, title, status, "statusText" FROM services')).map(
      (service) => [service.key, service],
    ),
  );
  // The privacy statements an enrolment may have been agreed under: every one published (decision 094).
  const statementVersions = new Set(await listStatementVersions(transaction));
  const ids = [...new Set(batch.map((pending) => pending.operation.id))];
  const stored = new Map(
    (await query<StoredOperation>(`SELECT ${operationColumns} FROM operations WHERE id IN (:ids)`, { ids })).map((row) => [row.id, parseStored(row)]),
  );

  // Decide each enrolment from what is known: an answer stored before, the service, the limit.
  const results: (Settled | undefined)[] = batch.map(() => undefined);
  const rows: Row[] = [];
  const firstSend = new Map<string, number>();
  const resends: number[] = [];
  const receivedAt = new Date();
  for (const [index, pending] of batch.entries()) {
    try {
      const record = stored.get(pending.operation.id);
      if (record) {
        results[index] = { ok: true, outcome: answerFromRecord<EnrolmentReceipt>(record, pending.operation, pending.requestHash) };
        continue;
      }
      if (firstSend.has(pending.operation.id)) {
        // Another send of an id earlier in this batch: answered from that one's record, below.
        resends.push(index);
        continue;
      }
      const service = services.get(pending.enrolment.serviceKey);
      if (!service) throw badRequest('Choose one of the trust’s services', 'serviceKey', 'invalid_value');
      if (!statementVersions.has(pending.enrolment.statementVersion)) throw badRequest(statementChanged, 'statementVersion', 'invalid_value');
      if (!isEnrollable(service.status)) {
        throw conflict(`${service.title} is not taking enrolments right now: ${unavailableText(service)}`, 'serviceKey', 'service_closed');
      }
      // Counted right before the row is written: refused and resent enrolments do not use up the
      // allowance; check and add run with no await between them, so a burst cannot overshoot.
      newEnrolmentsByIp.check(pending.ip);
      newEnrolmentsByIp.add(pending.ip);
      firstSend.set(pending.operation.id, index);
      const { _id } = pending.enrolment;
      // The form has no clock the trust can trust; consent counts from when it reached the trust.
      rows.push({ pending, index, receivedAt, receipt: { _id, status: 'new', receivedAt: receivedAt.toISOString(), reference: enrolmentReference(_id) } });
    } catch (error) {
      results[index] = { ok: false, error };
    }
  }

  // All the new rows in two statements; if any row fails, each is tried again in its own savepoint.
  if (rows.length > 0) {
    await run('SAVEPOINT enrolments');
    try {
      await insert(rows);
      await run('RELEASE SAVEPOINT enrolments');
      for (const row of rows) results[row.index] = succeeded(row, stored);
    } catch {
      await run('ROLLBACK TO SAVEPOINT enrolments');
      await run('RELEASE SAVEPOINT enrolments');
      for (const row of rows) results[row.index] = await insertAlone(row, stored, run, query, insert);
    }
  }
  for (const index of resends) {
    const pending = batch[index] as Pending;
    const record = stored.get(pending.operation.id);
    try {
      results[index] = record
        ? { ok: true, outcome: answerFromRecord<EnrolmentReceipt>(record, pending.operation, pending.requestHash) }
        : (results[firstSend.get(pending.operation.id) ?? -1] ?? { ok: false, error: new Error('enrolment not written') });
    } catch (error) {
      results[index] = { ok: false, error };
    }
  }
  return results.map((result) => result ?? { ok: false, error: new Error('enrolment not written') });
}

function succeeded(row: Row, stored: Map<string, StoredOperation>): Settled {
  const { operation, requestHash } = row.pending;
  stored.set(operation.id, { id: operation.id, kind: operation.kind, actorId: null, requestHash, responseStatus: 201, responseBody: row.receipt });
  return { ok: true, outcome: { status: 201, body: row.receipt, replayed: false } };
}

/** One enrolment in its own savepoint, after the batch's rows together failed: only a bad one is refused. */
async function insertAlone(
  row: Row,
  stored: Map<string, StoredOperation>,
  run: (sql: string, replacements?: Record<string, unknown>) => Promise<unknown>,
  query: <T extends object>(sql: string, replacements?: Record<string, unknown>) => Promise<T[]>,
  insert: (rows: Row[]) => Promise<void>,
): Promise<Settled> {
  const { pending } = row;
  await run('SAVEPOINT enrolment');
  try {
    await insert([row]);
    await run('RELEASE SAVEPOINT enrolment');
    return succeeded(row, stored);
  } catch (error) {
    await run('ROLLBACK TO SAVEPOINT enrolment');
    await run('RELEASE SAVEPOINT enrolment');
    try {
      // Another instance (PostgreSQL) stored this same enrolment since the lookup: answer from its record.
      const [winner] = await query<StoredOperation>(`SELECT ${operationColumns} FROM operations WHERE id = :id`, { id: pending.operation.id });
      if (winner) return { ok: true, outcome: answerFromRecord<EnrolmentReceipt>(parseStored(winner), pending.operation, pending.requestHash) };
      // No record: the id belongs to a row written some other way. The database's unique-key
      // error goes to the error handler, which answers 409 `That id is already in use` (docs/api.md).
      throw error;
    } catch (refusal) {
      return { ok: false, error: refusal };
    }
  }
}

const enrolmentColumns = [
  'id',
  'serviceKey',
  'givenName',
  'familyName',
  'dateOfBirth',
  'phone',
  'email',
  'suburb',
  'iwi',
  'householdSize',
  'preferredContact',
  'message',
  'consentStatementVersion',
  'consentedAt',
  'status',
  'source',
  'receivedAt',
  'version',
  'searchText',
  'createdAt',
  'updatedAt',
];

/** The enrolment rows and the records of their answers: one INSERT each for the whole list; then their staff notices. */
async function insertRows(rows: Row[], run: (sql: string, replacements: Record<string, unknown>) => Promise<unknown>, transaction: Transaction): Promise<void> {
  const replacements: Record<string, unknown> = {};
  const enrolmentValues: string[] = [];
  const operationValues: string[] = [];
  rows.forEach(({ pending, receipt, receivedAt }, n) => {
    const { enrolment } = pending;
    const values: Record<string, unknown> = {
      id: enrolment._id,
      serviceKey: enrolment.serviceKey,
      givenName: enrolment.givenName,
      familyName: enrolment.familyName,
      dateOfBirth: enrolment.dateOfBirth ?? null,
      phone: enrolment.phone ?? null,
      email: enrolment.email ?? null,
      suburb: enrolment.suburb ?? null,
      iwi: enrolment.iwi ?? null,
      householdSize: enrolment.householdSize ?? null,
      preferredContact: enrolment.preferredContact,
      message: enrolment.message ?? null,
      consentStatementVersion: enrolment.statementVersion,
      consentedAt: receivedAt,
      status: 'new',
      source: 'online',
      receivedAt,
      version: 1,
      searchText: enrolmentSearchText(enrolment),
      createdAt: receivedAt,
      updatedAt: receivedAt,
    };
    for (const column of enrolmentColumns) replacements[`${column}${n}`] = values[column];
    enrolmentValues.push(`(${enrolmentColumns.map((column) => `:${column}${n}`).join(', ')})`);
    Object.assign(replacements, {
      [`op${n}`]: pending.operation.id,
      [`kind${n}`]: pending.operation.kind,
      [`hash${n}`]: pending.requestHash,
      [`answer${n}`]: JSON.stringify(receipt),
    });
    operationValues.push(`(:op${n}, :kind${n}, NULL, :hash${n}, 201, :answer${n}, :createdAt${n})`);
  });
  await run(`INSERT INTO enrolments (${enrolmentColumns.map((column) => `"${column}"`).join(', ')}) VALUES ${enrolmentValues.join(', ')}`, replacements);
  await run(
    `INSERT INTO operations (id, kind, "actorId", "requestHash", "responseStatus", "responseBody", "createdAt") VALUES ${operationValues.join(', ')}`,
    replacements,
  );
  for (const { pending } of rows) await queueEnrolmentNotice({ id: pending.enrolment._id, serviceKey: pending.enrolment.serviceKey }, transaction);
}
