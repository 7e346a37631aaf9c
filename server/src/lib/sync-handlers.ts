import type { Transaction } from 'sequelize';
import type { z } from 'zod';
import { checkInput } from '../../contract/errors';
import { syncKindPattern, type SyncMutation } from '../../contract/sync';
import type { Actor } from './audit';
import { ApiError, badRequest } from './errors';
import type { OnceOutcome } from './idempotency';

/**
 * What a feature gives `POST /api/sync` for each kind of offline write it owns (decision 075).
 * The sync feature knows kinds only through these; features export theirs from
 * `<feature>.sync.ts` and `src/sync-handlers.ts` registers them.
 */
export type SyncHandler = {
  /** The kind's payload schema, from the contract (the app checks with the same one). */
  payload: z.ZodType;
  /**
   * Checks the payload (problems → 400 items named `payload.<field>`) and applies the mutation
   * through the same exactly-once effect as the kind's own route, in a savepoint of
   * `transaction` (the batch's). A refusal is an ApiError (4xx → `rejected`, or `conflict` when
   * it carries conflicts); anything else stops the batch.
   */
  apply(actor: Actor, mutation: SyncMutation, transaction: Transaction): Promise<OnceOutcome<unknown>>;
};

/** A mutation whose payload its kind's schema has checked; `sent` is the mutation as it came, what a resend must match. */
export type CheckedMutation<Payload> = Omit<SyncMutation, 'payload'> & { payload: Payload; sent: SyncMutation };

/** One kind's handler: its payload schema, and what to do with a mutation whose payload passed it. */
export function defineSyncHandler<Payload extends z.ZodType>(kind: {
  payload: Payload;
  apply(actor: Actor, mutation: CheckedMutation<z.output<Payload>>, transaction: Transaction): Promise<OnceOutcome<unknown>>;
}): SyncHandler {
  return {
    payload: kind.payload,
    apply: (actor, mutation, transaction) => {
      const checked = checkInput(kind.payload, mutation.payload, ['payload']);
      if (!checked.success) throw new ApiError(400, checked.errors);
      return kind.apply(actor, { ...mutation, payload: checked.data, sent: mutation }, transaction);
    },
  };
}

/** Handlers by kind. */
export type SyncHandlers = ReadonlyMap<string, SyncHandler>;

/**
 * The handlers of every feature in one map. A kind that is not `<record>.<action>` or that two
 * features both claim is a programming error: it fails at start, not at the first sync.
 */
export function registerSyncHandlers(...features: Record<string, SyncHandler>[]): SyncHandlers {
  const handlers = new Map<string, SyncHandler>();
  for (const feature of features) {
    for (const [kind, handler] of Object.entries(feature)) {
      if (!syncKindPattern.test(kind)) throw new Error(`Sync kind ${kind} is not <record>.<action> in lower case`);
      if (handlers.has(kind)) throw new Error(`Two features register the sync kind ${kind}`);
      handlers.set(kind, handler);
    }
  }
  return handlers;
}

/** The version an edit started from: required for edits (`client.update`, `enrolment.update`). */
export function baseVersionOf(mutation: Pick<SyncMutation, 'baseVersion'>): number {
  if (mutation.baseVersion === undefined) throw badRequest('Base version is required', 'baseVersion', 'required');
  return mutation.baseVersion;
}

/** A create is named by its operation id: the record it makes must be the one `entityId` names. */
export function requireCreateNamedByItsId(mutation: Pick<SyncMutation, '_id' | 'entityId'>, record: string): void {
  if (mutation.entityId !== mutation._id) {
    throw badRequest(`A new ${record} is named by its own id: entityId must be the same as _id`, 'entityId', 'invalid_value');
  }
}
