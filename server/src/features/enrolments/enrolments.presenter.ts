import { enrolmentReference, type EnrolmentReceipt } from '../../../contract/enrolments';
import type { Enrolment } from '../../db/models/enrolment';

/** The receipt a person gets for their enrolment: no personal details, so it can be stored and replayed as is. */
export function presentReceipt(enrolment: Enrolment): EnrolmentReceipt {
  return {
    _id: enrolment.id,
    status: 'new',
    receivedAt: enrolment.receivedAt.toISOString(),
    reference: enrolmentReference(enrolment.id),
  };
}
