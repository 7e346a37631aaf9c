import type { ClientEnrolment } from '../../../contract/clients';
import { enrolmentReference } from '../../../contract/enrolments';
import { serviceCatalogue } from '../../../contract/catalogue';
import type { Enrolment } from '../../db/models/enrolment';

/** Staff names by account id, for "updated by" and note authors. */
export type { StaffNames } from '../../lib/case-work';

const serviceTitles = new Map(serviceCatalogue.map((service) => [service.key, service.title]));
export const serviceTitle = (key: string) => serviceTitles.get(key) ?? key;

export { presentClient } from '../../lib/present-client';

export function presentClientEnrolment(enrolment: Enrolment): ClientEnrolment {
  return {
    _id: enrolment.id,
    reference: enrolmentReference(enrolment.id),
    serviceKey: enrolment.serviceKey,
    serviceTitle: serviceTitle(enrolment.serviceKey),
    status: enrolment.status,
    source: enrolment.source,
    receivedAt: enrolment.receivedAt.toISOString(),
    version: enrolment.version,
  };
}

/** A case note as the API shows it (one presenter for the client and whānau pages, lib/case-work.ts). */
export { presentCaseNote as presentNote } from '../../lib/case-work';
