import { UniqueConstraintError } from 'sequelize';
import type { SyncMutation, SyncResult } from '../../../contract/sync';
import { sequelize } from '../../db/sequelize';
import type { Actor } from '../../lib/audit';
import { ApiError } from '../../lib/errors';
import type { SyncHandlers } from '../../lib/sync-handlers';
import { followMergedClients } from '../../lib/merged-clients';
import { actingAt } from '../../lib/written-at';

/**
 * How long one transaction of a batch may keep going before it commits and lets others write.
 * On SQLite every writer waits for it (one writer at a time), so a 100-mutation batch is a few
 * short turns rather than one long one or a hundred tiny ones (decision 075).
 */
const turnMs = 200;

export type SyncRun = {
  /** The kinds this server applies, registered by their features (src/sync-handlers.ts). */
  handlers: SyncHandlers;
  /** No mutation is started once this many ms have passed since `startedAt`; the first always is. */
  budgetMs: number;
  startedAt: number;
  /** Milliseconds on a monotonic clock; injectable so tests never wait. */
  now: () => number;
};

/** The answer to one mutation that its handler refused or could not find. */
function refusal(mutation: SyncMutation, error: unknown): SyncResult {
  if (error instanceof ApiError && Array.isArray(error.extra.conflicts)) {
    return { _id: mutation._id, status: 'conflict', errors: error.items, conflicts: error.extra.conflicts, record: error.extra.record };
  }
  if (error instanceof ApiError && error.status < 500) return { _id: mutation._id, status: 'rejected', errors: error.items };
  // A record made by another operation already holds this id (its savepoint was rolled back).
  if (error instanceof UniqueConstraintError) {
    return { _id: mutation._id, status: 'rejected', errors: [{ msg: 'That id is already in use', code: 'already_in_use', param: 'entityId' }] };
  }
  throw error;
}

/**
 * Applies queued mutations in order, each through its kind's handler in a savepoint with its
 * idempotency record, so a later mutation sees the earlier ones and one refusal undoes only
 * itself. The savepoints share a transaction for up to `turnMs` (one COMMIT for many mutations),
 * then it commits and the next turn begins. Once `budgetMs` has passed no mutation is started:
 * the rest are answered `not_applied`, with nothing done or recorded. Anything unexpected (a 500)
 * rolls back its turn and stops the batch: earlier turns stay committed, and a resend answers
 * those as `duplicate`.
 */
export async function applyMutations(actor: Actor, mutations: SyncMutation[], run: SyncRun): Promise<SyncResult[]> {
  const results: SyncResult[] = [];
  const outOfTime = () => run.now() - run.startedAt >= run.budgetMs;
  while (results.length < mutations.length && (results.length === 0 || !outOfTime())) {
    const turn: SyncResult[] = [];
    await sequelize.transaction(async (transaction) => {
      const turnStarted = run.now();
      do {
        const mutation = mutations[results.length + turn.length];
        if (!mutation) break;
        const handler = run.handlers.get(mutation.kind);
        try {
          if (!handler) {
            throw new ApiError(400, [
              {
                msg: `This server does not take ${mutation.kind} mutations (it takes ${[...run.handlers.keys()].join(', ')})`,
                param: 'kind',
                code: 'invalid_value',
              },
            ]);
          }
          // When it was written on the device, checked here for every kind alike; its records keep it.
          // A client merged away since the mutation was queued: it lands on the kept record (decision 120).
          const outcome = await handler.apply(actingAt(actor, mutation.writtenAt), await followMergedClients(mutation, transaction), transaction);
          turn.push({
            _id: mutation._id,
            status: outcome.replayed ? 'duplicate' : 'applied',
            record: outcome.body,
            ...(outcome.producedVersion === undefined ? {} : { version: outcome.producedVersion }),
          });
        } catch (error) {
          turn.push(refusal(mutation, error));
        }
      } while (results.length + turn.length < mutations.length && run.now() - turnStarted < turnMs && !outOfTime());
    });
    // Only a committed turn's answers are given.
    results.push(...turn);
  }
  return [...results, ...mutations.slice(results.length).map((mutation) => ({ _id: mutation._id, status: 'not_applied' as const }))];
}
