import { StaffRatingCreatePayloadSchema, SuggestionAnswerPayloadSchema } from '../../../contract/whanau-app';
import { defineSyncHandler, requireCreateNamedByItsId } from '../../lib/sync-handlers';
import { answerSuggestionOnce, recordRatingOnce } from './voice.service';

/**
 * The staff side of the whānau's voice (DESIGN §4e): kinds of `POST /api/sync`, so they work
 * offline like the rest of case work. The phone's own kinds go to `POST /api/whanau-app/sync`.
 */
export const whanauAppSyncHandlers = {
  // `entityId` is the suggestion.
  'suggestion.answer': defineSyncHandler({
    payload: SuggestionAnswerPayloadSchema,
    apply: (actor, mutation, transaction) =>
      answerSuggestionOnce(actor, mutation._id, mutation.entityId, mutation.payload, { sync: mutation.sent }, transaction),
  }),
  'rating.create': defineSyncHandler({
    payload: StaffRatingCreatePayloadSchema,
    apply: (actor, mutation, transaction) => {
      requireCreateNamedByItsId(mutation, 'rating');
      return recordRatingOnce(actor, mutation._id, mutation.payload, { sync: mutation.sent }, transaction);
    },
  }),
};
