import { describe, expect, it } from 'vitest';
import { imageSizeForWidth, imageSrcSet, imageUrl } from './image-size';

describe('imageSizeForWidth (spec §9 breakpoints)', () => {
  it.each([
    [0, 'small'],
    [360, 'small'],
    [700, 'small'],
    [701, 'medium'],
    [1000, 'medium'],
    [1499, 'medium'],
    [1500, 'large'],
    [2560, 'large'],
  ] as const)('a %i px wide screen gets the %s image', (width, size) => {
    expect(imageSizeForWidth(width)).toBe(size);
  });
});

describe('image URLs', () => {
  const src = '/api/content/feature/0b5c4f9e-3f0e-4a57-9f3c-3f7a0d6c1e11/image';

  it('adds the size to the URL', () => {
    expect(imageUrl(src, 'medium')).toBe(`${src}?size=medium`);
    expect(imageUrl(`${src}?v=2`, 'large')).toBe(`${src}?v=2&size=large`);
  });

  it('offers every stored width in srcset', () => {
    expect(imageSrcSet(src)).toBe(`${src}?size=small 480w, ${src}?size=medium 1000w, ${src}?size=large 1600w`);
  });
});
