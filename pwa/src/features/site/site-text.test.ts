import { describe, expect, it } from 'vitest';
import { linesOf, phoneHref, socialNetworkName } from './site-text';

describe('the trust details as visitors use them', () => {
  it('dials a national number with the country code', () => {
    expect(phoneHref('03 123 4567')).toBe('tel:+6431234567');
    expect(phoneHref('0800 123 456')).toBe('tel:+64800123456');
    expect(phoneHref('+64 3 123 4567')).toBe('tel:+6431234567');
  });

  it('names a social link by its network, or its host', () => {
    expect(socialNetworkName('https://www.facebook.com/our.trust')).toBe('Facebook');
    expect(socialNetworkName('https://instagram.com/our.trust')).toBe('Instagram');
    expect(socialNetworkName('https://kete.example.nz/trust')).toBe('kete.example.nz');
  });

  it('keeps the lines of an address as typed, without blank ones', () => {
    expect(linesOf('Level 1, 5 Ōtākaro Street\n\n  Sydenham \r\nŌtautahi')).toEqual(['Level 1, 5 Ōtākaro Street', 'Sydenham', 'Ōtautahi']);
  });
});
