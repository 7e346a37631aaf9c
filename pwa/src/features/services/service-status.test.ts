import { serviceCatalogue } from '@contract/catalogue';
import { isEnrollable, serviceStatuses, unavailableText } from '@contract/services';
import { describe, expect, it } from 'vitest';
import { findService } from './api/get-services';

describe('isEnrollable (spec: enrollable only when status is active or live)', () => {
  it.each([
    ['active', true],
    ['live', true],
    ['inactive', false],
    ['', false],
    ['Active', false],
    ['closed', false],
  ])('%j → %s', (status, expected) => {
    expect(isEnrollable(status)).toBe(expected);
  });

  it('covers every status the contract knows', () => {
    expect(serviceStatuses.filter(isEnrollable)).toEqual(['active', 'live']);
  });

  it('leaves only whānau ora support open in the seeded catalogue', () => {
    expect(serviceCatalogue.filter((service) => isEnrollable(service.status)).map((service) => service.key)).toEqual(['whanau_ora_support']);
  });
});

describe('unavailableText', () => {
  it('shows the status text when there is one', () => {
    expect(unavailableText({ statusText: 'All free spaces are taken for now' })).toBe('All free spaces are taken for now');
  });

  it.each(['', '   '])('falls back to Temporarily unavailable for %j', (statusText) => {
    expect(unavailableText({ statusText })).toBe('Temporarily unavailable');
  });
});

describe('findService (/service/{id})', () => {
  it('finds a service by its key', () => {
    expect(findService(serviceCatalogue, 'musical_therapy')?.title).toBe('Musical Therapy');
  });

  it('finds whānau ora support by its url name and by its key', () => {
    expect(findService(serviceCatalogue, 'whanau_support')?.key).toBe('whanau_ora_support');
    expect(findService(serviceCatalogue, 'whanau_ora_support')?.key).toBe('whanau_ora_support');
  });

  it('finds nothing for an unknown name', () => {
    expect(findService(serviceCatalogue, 'nope')).toBeUndefined();
  });
});
