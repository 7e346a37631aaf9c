import { EnrolmentUpdatePayloadSchema } from '../../../contract/enrolments';
import { baseVersionOf, defineSyncHandler } from '../../lib/sync-handlers';
import { updateEnrolmentOnce } from './enrolments.service';

/** The offline writes of enrolments (decision 075): moving one along, linking it to a client. */
export const enrolmentsSyncHandlers = {
  'enrolment.update': defineSyncHandler({
    payload: EnrolmentUpdatePayloadSchema,
    apply: (actor, mutation, transaction) =>
      updateEnrolmentOnce(
        actor,
        mutation.entityId,
        { _id: mutation._id, baseVersion: baseVersionOf(mutation), changes: mutation.payload },
        { sync: mutation.sent },
        transaction,
      ),
  }),
};
