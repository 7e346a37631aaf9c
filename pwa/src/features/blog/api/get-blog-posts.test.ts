import { describe, expect, it } from 'vitest';
import { blogPageOf, newestFirst } from './get-blog-posts';

describe('newestFirst', () => {
  it('orders posts by when they went out, not when they were drafted; a copy without a publication time falls back to its creation', () => {
    const drafted = { _id: 'drafted-early', createdAt: '2027-03-01T08:00:00.000Z', publishAt: '2027-03-10T09:00:00.000Z' };
    const written = { _id: 'written-later', createdAt: '2027-03-05T08:00:00.000Z', publishAt: '2027-03-05T08:00:00.000Z' };
    const kept = { _id: 'kept-on-the-phone', createdAt: '2027-03-07T08:00:00.000Z' };
    expect(newestFirst([written, kept, drafted]).map((post) => post._id)).toEqual(['drafted-early', 'kept-on-the-phone', 'written-later']);
  });
});

describe('blogPageOf', () => {
  it('reads a whole number from 1 as the page asked for', () => {
    expect(blogPageOf('2')).toBe(2);
    expect(blogPageOf('1')).toBe(1);
  });

  it('reads anything else as the first page', () => {
    for (const asked of [null, '', '0', '-3', '1.5', 'two', '1e300', '9007199254740993']) expect(blogPageOf(asked), String(asked)).toBe(1);
  });
});
