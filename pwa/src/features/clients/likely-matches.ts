import type { Client, StaffEnrolment } from './api/types';

const digits = (value: string | null | undefined) => (value ?? '').replace(/\D/g, '');
/** Lower case without macrons or other marks, so "Whānau" and "whanau" compare equal. */
export const fold = (value: string | null | undefined) =>
  (value ?? '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .trim();

/** The searches that find this person's likely records: by family name, phone and email. */
export function searchesFor(enrolment: Pick<StaffEnrolment, 'familyName' | 'phone' | 'email'>): string[] {
  return [enrolment.familyName, enrolment.phone, enrolment.email].filter((value): value is string => Boolean(value && value.trim()));
}

/**
 * Why a client is likely the person who enrolled (DESIGN §4b: same date of birth and a similar
 * name, or the same phone or email), or null when only the search found them.
 */
export function likelyReason(enrolment: Pick<StaffEnrolment, 'givenName' | 'familyName' | 'dateOfBirth' | 'phone' | 'email'>, client: Client): 'phone' | 'email' | 'birth' | null {
  if (enrolment.phone && client.phone && digits(enrolment.phone).length >= 6 && digits(enrolment.phone) === digits(client.phone)) return 'phone';
  if (enrolment.email && client.email && fold(enrolment.email) === fold(client.email)) return 'email';
  const sameName = fold(enrolment.familyName) === fold(client.familyName) || fold(enrolment.givenName) === fold(client.givenName) || fold(enrolment.givenName) === fold(client.preferredName);
  if (enrolment.dateOfBirth && enrolment.dateOfBirth === client.dateOfBirth && sameName) return 'birth';
  return null;
}

/** The clients found by several searches, once each, likely ones first. */
export function rankMatches(enrolment: Parameters<typeof likelyReason>[0], found: readonly Client[]): { client: Client; reason: ReturnType<typeof likelyReason> }[] {
  const seen = new Map<string, Client>();
  for (const client of found) if (!seen.has(client._id)) seen.set(client._id, client);
  return [...seen.values()]
    .map((client) => ({ client, reason: likelyReason(enrolment, client) }))
    .sort((a, b) => Number(b.reason !== null) - Number(a.reason !== null));
}
