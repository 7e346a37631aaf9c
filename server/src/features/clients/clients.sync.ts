import { ClientCreatePayloadSchema, ClientUpdatePayloadSchema, NoteCreatePayloadSchema, NoteSharePayloadSchema } from '../../../contract/clients';
import { requirePublishedStatement } from '../../lib/statement-versions';
import { baseVersionOf, defineSyncHandler, requireCreateNamedByItsId } from '../../lib/sync-handlers';
import { addNoteOnce, createClientOnce, shareNoteOnce, updateClientOnce } from './clients.service';

/**
 * The offline writes of client records and case notes (decision 075): each runs through the same
 * exactly-once effect as its route, with the mutation as sent as the request a resend must match.
 */
export const clientsSyncHandlers = {
  'client.create': defineSyncHandler({
    payload: ClientCreatePayloadSchema,
    apply: async (actor, mutation, transaction) => {
      requireCreateNamedByItsId(mutation, 'client');
      await requirePublishedStatement(mutation.payload.consent, 'payload.consent.statementVersion', transaction);
      // Made from an enrolment: linked to it, with the same refusals as `POST /api/clients?fromEnrolment=` (404 unseen, 409 linked).
      const { fromEnrolment, ...fields } = mutation.payload;
      const source = fromEnrolment ? { id: fromEnrolment, param: 'payload.fromEnrolment' } : undefined;
      return createClientOnce(actor, { ...fields, _id: mutation._id }, source, { sync: mutation.sent }, transaction);
    },
  }),
  'client.update': defineSyncHandler({
    payload: ClientUpdatePayloadSchema,
    apply: async (actor, mutation, transaction) => {
      await requirePublishedStatement(mutation.payload.consent, 'payload.consent.statementVersion', transaction);
      return updateClientOnce(
        actor,
        mutation.entityId,
        { _id: mutation._id, baseVersion: baseVersionOf(mutation), changes: mutation.payload },
        { sync: mutation.sent },
        transaction,
      );
    },
  }),
  'note.create': defineSyncHandler({
    payload: NoteCreatePayloadSchema,
    apply: (actor, mutation, transaction) => {
      requireCreateNamedByItsId(mutation, 'note');
      return addNoteOnce(actor, mutation.payload.clientId, { _id: mutation._id, text: mutation.payload.text }, { sync: mutation.sent }, transaction);
    },
  }),
  // `entityId` is the note; its writer shows it to everyone working with the person (issue 21).
  'note.share': defineSyncHandler({
    payload: NoteSharePayloadSchema,
    apply: (actor, mutation, transaction) =>
      shareNoteOnce(actor, mutation._id, mutation.payload.clientId, mutation.entityId, { sync: mutation.sent }, transaction),
  }),
};
