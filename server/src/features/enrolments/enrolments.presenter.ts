import { enrolmentReference, type EnrolmentListItem, type EnrolmentReceipt } from '../../../contract/enrolments';
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

/** An enrolment in the kaimahi list, with its service's title. */
export function presentEnrolment(enrolment: Enrolment, serviceTitle: string): EnrolmentListItem {
  return {
    _id: enrolment.id,
    reference: enrolmentReference(enrolment.id),
    serviceKey: enrolment.serviceKey,
    serviceTitle,
    givenName: enrolment.givenName,
    familyName: enrolment.familyName,
    dateOfBirth: enrolment.dateOfBirth,
    phone: enrolment.phone,
    email: enrolment.email,
    suburb: enrolment.suburb,
    iwi: enrolment.iwi,
    householdSize: enrolment.householdSize,
    preferredContact: enrolment.preferredContact,
    message: enrolment.message,
    status: enrolment.status,
    source: enrolment.source,
    consentStatementVersion: enrolment.consentStatementVersion,
    consentedAt: enrolment.consentedAt.toISOString(),
    receivedAt: enrolment.receivedAt.toISOString(),
    clientId: enrolment.clientId,
    version: enrolment.version,
  };
}
