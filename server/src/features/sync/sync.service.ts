import { ZodError } from 'zod';
import { CreateClientSchema, CreateNoteSchema, UpdateClientSchema } from '../../../contract/clients';
import { UpdateEnrolmentSchema } from '../../../contract/enrolments';
import type { SyncMutation, SyncResult } from '../../../contract/sync';
import type { Actor } from '../../lib/audit';
import { zodItems } from '../../lib/error-handler';
import { ApiError } from '../../lib/errors';
import type { OnceOutcome } from '../../lib/idempotency';
import { addNoteOnce, createClientOnce, updateClientOnce } from '../clients/clients.service';
import { updateEnrolmentOnce } from '../enrolments/enrolments.service';

/** Runs one mutation through the same exactly-once effect as its own route, with the mutation as the request. */
function applyMutation(actor: Actor, mutation: SyncMutation): Promise<OnceOutcome<unknown>> {
  const { payload } = mutation;
  switch (mutation.kind) {
    case 'client.create':
      return createClientOnce(actor, CreateClientSchema.parse({ ...payload, _id: mutation._id }), undefined, { sync: mutation });
    case 'client.update':
      return updateClientOnce(actor, mutation.entityId, UpdateClientSchema.parse({ _id: mutation._id, baseVersion: mutation.baseVersion, changes: payload }), {
        sync: mutation,
      });
    case 'note.create':
      return addNoteOnce(actor, mutation.entityId, CreateNoteSchema.parse({ ...payload, _id: mutation._id }), { sync: mutation });
    case 'enrolment.update':
      return updateEnrolmentOnce(
        actor,
        mutation.entityId,
        UpdateEnrolmentSchema.parse({ _id: mutation._id, baseVersion: mutation.baseVersion, changes: payload }),
        { sync: mutation },
      );
  }
}

/**
 * Applies queued mutations in order, each in its own transaction with its idempotency record,
 * so a later mutation sees the earlier ones and one refusal does not undo the others.
 * Anything unexpected (a 500) stops the batch: what was applied stays applied, and a resend
 * answers those as `duplicate`.
 */
export async function applyMutations(actor: Actor, mutations: SyncMutation[]): Promise<SyncResult[]> {
  const results: SyncResult[] = [];
  for (const mutation of mutations) {
    try {
      const outcome = await applyMutation(actor, mutation);
      results.push({ _id: mutation._id, status: outcome.replayed ? 'duplicate' : 'applied', record: outcome.body });
    } catch (error) {
      if (error instanceof ZodError) {
        // The payload's fields are named as the mutation sends them: `payload.<field>`.
        const errors = zodItems(error).map((item) =>
          item.param ? { ...item, param: item.param === 'changes' ? 'payload' : `payload.${item.param.replace(/^changes\./, '')}` } : item,
        );
        results.push({ _id: mutation._id, status: 'rejected', errors });
      } else if (error instanceof ApiError && Array.isArray(error.extra.conflicts)) {
        results.push({ _id: mutation._id, status: 'conflict', errors: error.items, conflicts: error.extra.conflicts, record: error.extra.record });
      } else if (error instanceof ApiError && error.status < 500) {
        results.push({ _id: mutation._id, status: 'rejected', errors: error.items });
      } else {
        throw error;
      }
    }
  }
  return results;
}
