import { formatDate } from '../../../i18n/i18n';
import { nzTimeZone, nzToday } from '../../../lib/nz-time';
import type { ServiceOutput } from '@contract/reports';
import type { Relationship } from '@contract/whanau';
import type { MessageKey } from '../../../i18n/i18n';
import type { Language } from '../../../i18n/languages';

/** The catalogue's words for the contract's values (DESIGN §4c). */
export { goalAreaWords as areaLabel, goalStatusWords as statusLabel, contactKindWords as contactKindLabel } from '../../../i18n/record-words';

export const relationshipLabel = {
  parent: 'whanau.relationship.parent',
  child: 'whanau.relationship.child',
  partner: 'whanau.relationship.partner',
  grandparent: 'whanau.relationship.grandparent',
  mokopuna: 'whanau.relationship.mokopuna',
  sibling: 'whanau.relationship.sibling',
  other: 'whanau.relationship.other',
} as const satisfies Record<Relationship, MessageKey>;

/** A person's name as lists show it: the preferred name first when there is one. */
export function personName(client: { givenName: string; familyName: string; preferredName: string | null }): string {
  return `${client.preferredName ?? client.givenName} ${client.familyName}`;
}

/** Today in New Zealand, YYYY-MM-DD, whatever the device's zone. */
export function today(): string {
  return nzToday();
}

/** What each of this feature's offline kinds is, in words, for the list of what waits. */
export const itemKindLabel: Record<string, MessageKey> = {
  'whanau.create': 'whanau.item.whanauCreate',
  'whanau.update': 'whanau.item.whanauUpdate',
  'member.link': 'whanau.item.memberLink',
  'member.unlink': 'whanau.item.memberUnlink',
  'goal.create': 'whanau.item.goalCreate',
  'goal.update': 'whanau.item.goalUpdate',
  'contact.create': 'whanau.item.contactCreate',
  'suggestion.answer': 'whanau.item.suggestionAnswer',
  'rating.create': 'whanau.item.ratingCreate',
};

/** A service output's name in the page's language (each output is named in both). */
export function outputName(output: Pick<ServiceOutput, 'name' | 'nameMi'>, language: Language): string {
  return language === 'mi' ? output.nameMi : output.name;
}

/** A moment as New Zealand reads it ("29 Nov 2026, 4:05 pm"), whatever the device's zone. */
export function nzDateTime(at: string): string {
  return formatDate(at, { dateStyle: 'medium', timeStyle: 'short', timeZone: nzTimeZone });
}
