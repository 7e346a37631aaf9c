import { enrolmentReference, type EnrolmentListItem } from '../../contract/enrolments';
import type { Enrolment } from '../db/models/enrolment';

/**
 * An enrolment as staff see it, with its service's title: in the kaimahi list and in a person's
 * data export alike, so both always carry the same fields.
 */
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
