import { BlogListItemSchema, BlogPostSchema, FeatureSchema, ServiceEntrySchema } from '@contract/answers';
import { serviceCatalogue } from '@contract/catalogue';
import { SiteSchema } from '@contract/site';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { MalformedAnswerError, isServiceEntry, isSite, validItems } from './answer-guards';
import { isBlogListItem, isBlogPost, isFeature } from './content-guards';

/**
 * The hand-written guards the public pages use (no zod on the first download) must agree with
 * the contract's zod schemas: on good items, and on each field missing, null, or of another kind.
 */
const image = { src: '/api/content/blog/p1/image', alt: 'Whānau planting', width: 1600, height: 900 };
const feature = { _id: 'f1', title: 'Kapa haka night', text: 'Waiata and kai.', image, createdAt: '2026-05-01T00:00:00.000Z' };
const post = { _id: 'p1', title: 'Māra kai day', author: 'Mere', text: 'Kia ora **koutou**.', image, createdAt: '2026-05-02T00:00:00.000Z' };
const excerptPost = { _id: 'p2', title: 'Paged', author: 'Hemi', excerpt: 'Just the start', image, createdAt: '2026-05-03T00:00:00.000Z' };

const wrongValues: unknown[] = [undefined, null, 42, '', 'text', [], {}, true];

/** The item itself, then every field replaced by every wrong value in turn (and nested images too). */
function variants(item: Record<string, unknown>): unknown[] {
  const out: unknown[] = [item, null, 'item', [item]];
  for (const field of Object.keys(item)) {
    for (const value of wrongValues) out.push({ ...item, [field]: value });
  }
  if (typeof item.image === 'object') {
    for (const field of Object.keys(image)) for (const value of wrongValues) out.push({ ...item, image: { ...image, [field]: value } });
  }
  return out;
}

function agree(guard: (value: unknown) => boolean, schema: z.ZodType, items: Record<string, unknown>[]) {
  const all = items.flatMap(variants);
  const disagreements = all.filter((value) => guard(value) !== schema.safeParse(value).success);
  expect(disagreements).toEqual([]);
  // The test means something: both kinds are among the variants.
  expect(all.some((value) => guard(value))).toBe(true);
  expect(all.some((value) => !guard(value))).toBe(true);
}

describe('answer guards agree with the contract schemas', () => {
  it('for services (every entry of the built-in catalogue, and each field spoiled)', () => {
    agree(
      isServiceEntry,
      ServiceEntrySchema,
      serviceCatalogue.map((service) => ({ ...service })),
    );
    const withSection = { ...serviceCatalogue[0]!, Sections: [{ markUp: true, title: 'T', bullets: ['a'] }] };
    for (const section of [
      { markUp: 'yes', bullets: [] },
      { markUp: true, bullets: [1] },
      { markUp: true, bullets: [], title: 3 },
    ]) {
      const value = { ...withSection, Sections: [section] };
      expect(isServiceEntry(value)).toBe(ServiceEntrySchema.safeParse(value).success);
    }
  });

  it('for carousel features', () => agree(isFeature, FeatureSchema, [feature]));
  it("for the trust's details (a fresh install's nulls, and filled in)", () => {
    const empty = {
      name: null,
      phone: null,
      email: null,
      address: null,
      postalAddress: null,
      charityNumber: null,
      donateUrl: null,
      socialUrl: null,
      privacyOfficer: null,
      hours: null,
    };
    agree(isSite, SiteSchema, [empty, { ...empty, name: 'Te Whare', phone: '03 123 4567', donateUrl: 'https://give.example/trust' }]);
  });
  it('for blog posts', () => agree(isBlogPost, BlogPostSchema, [post]));
  it('for blog list items, with the text or an excerpt', () => agree(isBlogListItem, BlogListItemSchema, [post, excerptPost]));
});

describe('validItems', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps the good items, leaves out the bad ones and reports each by position and id', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(validItems([feature, { ...feature, _id: 'f2', image: 'x' }, { nonsense: true }], isFeature, 'carousel feature')).toEqual([feature]);
    expect(warn.mock.calls.map((call) => call[0])).toEqual([
      'Left out carousel feature item 1 (f2): it does not have the expected shape.',
      'Left out carousel feature item 2: it does not have the expected shape.',
    ]);
  });

  it('reads a paged answer’s items', () => {
    expect(validItems({ items: [post], total: 1 }, isBlogListItem, 'blog post')).toEqual([post]);
  });

  it('fails when the answer is not a list at all', () => {
    expect(() => validItems({ error: 'x' }, isFeature, 'carousel feature')).toThrow(MalformedAnswerError);
  });
});
