import type { DuplicateCandidate } from '@contract/clients';
import type { MessageKey } from '../../../i18n/i18n';

/** Why the server thinks two records are one person, in words. */
export const reasonKey: Record<DuplicateCandidate['reasons'][number], MessageKey> = {
  phone: 'clients.link.likely.phone',
  email: 'clients.link.likely.email',
  dateOfBirthAndName: 'clients.link.likely.birth',
};
