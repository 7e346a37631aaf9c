import type { BlogListItem } from '@contract/answers';
import type { BlogPost, Feature, ImageInfo } from '@contract/content';
import { hasShape, isFilled, isOptional, isPositive, isRecord, isString, type Check } from './answer-guards';

/**
 * Checks of the carousel's features and the blog's posts, the same rules as the contract's zod
 * schemas (`answer-guards.test.ts` holds them together). Apart from `answer-guards.ts` because
 * only lazily loaded parts read these answers, so the home page's first download carries none of
 * it (decision 060).
 */
const isImage = hasShape({ src: isFilled, alt: isString, width: isPositive, height: isPositive } satisfies Record<keyof ImageInfo, Check>);

export const isFeature = hasShape({
  _id: isFilled,
  title: isString,
  text: isString,
  image: isImage,
  createdAt: isFilled,
} satisfies Record<keyof Feature, Check>) as (value: unknown) => value is Feature;

const postFields = { _id: isFilled, title: isString, author: isString, image: isImage, createdAt: isFilled, publishAt: isOptional(isFilled) };

export const isBlogPost = hasShape({ ...postFields, text: isString } satisfies Record<keyof BlogPost, Check>) as (value: unknown) => value is BlogPost;

/** A post in the list: its whole text, or an excerpt in its place (a paged list). */
export const isBlogListItem = ((value: unknown) =>
  hasShape({ ...postFields, text: isOptional(isString), excerpt: isOptional(isString) })(value) &&
  isRecord(value) &&
  (value.text !== undefined || value.excerpt !== undefined)) as (value: unknown) => value is BlogListItem;
