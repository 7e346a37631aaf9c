import '../../i18n/manage';
import { describe, expect, it } from 'vitest';
import { limits } from '@contract/limits';
import { accessName, formatBytes, grantableAccessLevels } from './format';
import { imageProblem } from './image-picker-field';

describe('pictures', () => {
  it('accepts JPEG, PNG and WebP up to the size limit, and says what is wrong otherwise', () => {
    expect(imageProblem(null)).toBe('Choose a picture (JPEG, PNG or WebP)');
    expect(imageProblem(new File(['x'], 'a.jpg', { type: 'image/jpeg' }))).toBeUndefined();
    expect(imageProblem(new File(['x'], 'a.webp', { type: 'image/webp' }))).toBeUndefined();
    expect(imageProblem(new File(['<svg/>'], 'a.svg', { type: 'image/svg+xml' }))).toBe('The picture must be a JPEG, PNG or WebP file');
    const huge = new File([new Uint8Array(limits.imageBytes + 1)], 'big.png', { type: 'image/png' });
    expect(imageProblem(huge)).toBe('The picture must be at most 10 MB');
  });
});

describe('staff levels', () => {
  it('never offers a level above the manager’s own', () => {
    expect(grantableAccessLevels(2)).toEqual([1, 2]);
    expect(grantableAccessLevels(3)).toEqual([1, 2, 3]);
    expect(grantableAccessLevels(9)).toEqual([1, 2, 3]);
    expect(grantableAccessLevels(1)).toEqual([1]);
  });

  it('names the levels and sizes for people', () => {
    expect(accessName(1)).toBe('Kaimahi (staff)');
    expect(accessName(2)).toBe('Manager');
    expect(accessName(7)).toBe('Level 7');
    expect(formatBytes(930)).toBe('930 bytes');
    expect(formatBytes(12_700)).toBe('12.4 KB');
    expect(formatBytes(3_250_000)).toBe('3.1 MB');
  });
});
