import { ContactCreatePayloadSchema } from '../../../contract/whanau';
import type { SyncHandler } from '../../lib/sync-handlers';
import { checkContactOutputs } from './outputs.service';

/**
 * Wraps issue 20's `contact.create` handler: a contact's outputs must be outputs its service
 * defines. A payload the contract refuses goes on unchanged, so its own handler reports every
 * problem of it; a valid one has its outputs checked first, in the batch's transaction.
 */
export function withContactOutputsChecked(handler: SyncHandler): SyncHandler {
  return {
    payload: handler.payload,
    async apply(actor, mutation, transaction) {
      const parsed = ContactCreatePayloadSchema.safeParse(mutation.payload);
      if (parsed.success) await checkContactOutputs(parsed.data.serviceKey, parsed.data.outputs, transaction);
      return handler.apply(actor, mutation, transaction);
    },
  };
}
