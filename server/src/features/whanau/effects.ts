import type { Transaction } from 'sequelize';
import { badRequest } from '../../lib/errors';
import { keepIds, runOnce, type OnceOutcome } from '../../lib/idempotency';
import type { Actor } from '../../lib/audit';

/** A problem with one field of a sync payload, named as the contract names it (`payload.<field>`). */
export const payloadProblem = (msg: string, field: string) => badRequest(msg, `payload.${field}`);

/**
 * Runs one offline write of this feature exactly once per operation id (decision 075): `effect`
 * in the batch's transaction (a savepoint of it); a resend with the same body reads the record
 * again through the sender's access now (decision 087), another body is 409.
 */
export function once<Body extends { _id: string; version?: number }>(
  actor: Actor,
  operation: { id: string; kind: string; request: unknown; status: 200 | 201 },
  effect: (transaction: Transaction) => Promise<Body>,
  reread: (id: string, transaction?: Transaction) => Promise<Body>,
  within?: Transaction,
): Promise<OnceOutcome<Body>> {
  return runOnce<Body>(
    { id: operation.id, kind: operation.kind, actorId: actor.id, request: operation.request },
    async (transaction) => ({ status: operation.status, body: await effect(transaction) }),
    {
      keep: (body) => keepIds({ _id: body._id, ...(body.version === undefined ? {} : { version: body.version }) }),
      reread: (kept, transaction) => reread(kept.id, transaction),
    },
    within,
  );
}
