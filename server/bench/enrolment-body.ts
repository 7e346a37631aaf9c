import crypto from 'node:crypto';
import { collectionStatement } from '../contract/enrolments';

/** A realistic enrolment as a phone sends it; `index` makes each one different. */
export function enrolmentBody(index: number) {
  return {
    _id: crypto.randomUUID(),
    serviceKey: 'whanau_ora_support',
    givenName: `Hine ${index}`,
    familyName: 'Tautoko',
    phone: '021 555 0101',
    email: `whanau-${index}@example.org`,
    suburb: 'Aranui',
    householdSize: 4,
    preferredContact: 'phone' as const,
    message: 'Kia ora, we would like some help with housing and the kids’ school.',
    consent: true as const,
    statementVersion: collectionStatement.version,
  };
}
