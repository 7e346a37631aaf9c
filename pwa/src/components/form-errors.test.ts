import { describe, expect, it } from 'vitest';
import { CreateBlogPostSchema } from '@contract/content';
import { checkInput } from '@contract/errors';
import { ApiRequestError } from '../lib/api-client';
import { arrangeFormErrors, errorItemsOf, firstPartOf } from './form-errors';

/* The one way a form shows its problems (issue 22, decision 091): items on their fields by `param`, a summary in the form's order. */

const blogFields = ['title', 'author', 'text', 'imageAlt', 'image'] as const;

describe('form errors', () => {
  it('puts every problem of an empty blog post on its own field, and lists them in the form’s order', () => {
    const parsed = checkInput(CreateBlogPostSchema, { title: ' ', author: '', text: '', imageAlt: '' });
    expect(parsed.success).toBe(false);
    const { errors, summary } = arrangeFormErrors(blogFields, parsed.success ? [] : parsed.errors, {}, firstPartOf);
    expect(errors).toEqual({
      title: ['Title is required'],
      author: ['Author is required'],
      text: ['Text is required'],
      imageAlt: ['Image description is required'],
    });
    expect(summary.map((item) => item.field)).toEqual(['title', 'author', 'text', 'imageAlt']);
  });

  it('puts the server’s items on their fields; items of no field of the form come first in the summary', () => {
    const error = new ApiRequestError(415, [
      { msg: 'Image must be a JPEG, PNG or WebP picture', code: 'invalid_image', param: 'image' },
      { msg: 'Title must be at most 200 characters', code: 'too_long', limit: 200, param: 'title' },
      { msg: 'No field at all', code: 'bad_request' },
    ]);
    const { errors, summary } = arrangeFormErrors(blogFields, errorItemsOf(error), {}, firstPartOf);
    expect(errors).toEqual({ image: ['Image must be a JPEG, PNG or WebP picture'], title: ['Title must be at most 200 characters'] });
    expect(summary).toEqual([
      { message: 'No field at all', field: undefined },
      { message: 'Title must be at most 200 characters', field: 'title' },
      { message: 'Image must be a JPEG, PNG or WebP picture', field: 'image' },
    ]);
  });
});
