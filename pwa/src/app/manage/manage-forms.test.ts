import '../../i18n/manage';
import { describe, expect, it } from 'vitest';
import { CreateBlogPostSchema } from '@contract/content';
import { checkInput } from '@contract/errors';
import { limits } from '@contract/limits';
import { ApiRequestError } from '../../lib/api-client';
import { fieldErrorsFromApi, fieldErrorsFromItems, hasFieldErrors } from './form-errors';
import { accessName, formatBytes, grantableAccessLevels } from './format';
import { imageProblem } from './image-picker-field';

const blogFields = ['title', 'author', 'text', 'imageAlt', 'image'] as const;

describe('form errors', () => {
  it('puts every problem of an empty blog post on its own field', () => {
    const parsed = checkInput(CreateBlogPostSchema, { title: ' ', author: '', text: '', imageAlt: '' });
    expect(parsed.success).toBe(false);
    const errors = fieldErrorsFromItems(parsed.success ? [] : parsed.errors, blogFields);
    expect(errors).toEqual({
      title: ['Title is required'],
      author: ['Author is required'],
      text: ['Text is required'],
      imageAlt: ['Image description is required'],
    });
    expect(hasFieldErrors(errors)).toBe(true);
  });

  it("puts the server's param errors on their fields and leaves the rest to the alerts", () => {
    const error = new ApiRequestError(415, [
      { msg: 'Image must be a JPEG, PNG or WebP picture', code: 'invalid_image', param: 'image' },
      { msg: 'Title must be at most 200 characters', code: 'too_long', limit: 200, param: 'title' },
      { msg: 'Something else', code: 'invalid_value', param: 'unknown' },
      { msg: 'No field at all', code: 'bad_request' },
    ]);
    expect(fieldErrorsFromApi(error, blogFields)).toEqual({
      image: ['Image must be a JPEG, PNG or WebP picture'],
      title: ['Title must be at most 200 characters'],
    });
    expect(fieldErrorsFromApi(new Error('boom'), blogFields)).toEqual({});
    expect(hasFieldErrors({})).toBe(false);
  });
});

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
