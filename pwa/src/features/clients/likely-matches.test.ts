import { describe, expect, it } from 'vitest';
import type { Client } from './api/types';
import { fold, likelyReason, rankMatches, searchesFor } from './likely-matches';

const client = (fields: Partial<Client>): Client =>
  ({ _id: fields._id ?? 'c1', givenName: 'Aroha', familyName: 'Whānau', preferredName: null, dateOfBirth: null, phone: null, email: null, ...fields }) as Client;
const enrolment = { givenName: 'Aroha', familyName: 'Whanau', dateOfBirth: '1990-03-25', phone: '021-555 0101', email: 'Aroha@Example.nz' };

describe('likely duplicates of an enrolment', () => {
  it('folds case and macrons', () => {
    expect(fold(' Tūhoe ')).toBe('tuhoe');
  });

  it('matches the same phone whatever its spacing, or the same email whatever its case', () => {
    expect(likelyReason(enrolment, client({ phone: '0215550101' }))).toBe('phone');
    expect(likelyReason(enrolment, client({ email: 'aroha@example.nz' }))).toBe('email');
  });

  it('matches the same birth date with a similar name, and not a birth date alone', () => {
    expect(likelyReason(enrolment, client({ dateOfBirth: '1990-03-25' }))).toBe('birth');
    expect(likelyReason(enrolment, client({ dateOfBirth: '1990-03-25', givenName: 'Hemi', familyName: 'Parata' }))).toBeNull();
  });

  it('lists each client once, likely ones first', () => {
    const other = client({ _id: 'c2', familyName: 'Whānau', givenName: 'Mere' });
    const same = client({ _id: 'c3', phone: '021 555 0101' });
    expect(rankMatches(enrolment, [other, same, same]).map((match) => [match.client._id, match.reason])).toEqual([
      ['c3', 'phone'],
      ['c2', null],
    ]);
    expect(searchesFor({ familyName: 'Whanau', phone: null, email: 'a@b.nz' })).toEqual(['Whanau', 'a@b.nz']);
  });
});
