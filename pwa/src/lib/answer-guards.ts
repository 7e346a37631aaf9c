import type { ServiceEntry, ServiceStatus } from '@contract/services';
import { siteFields, type Site } from '@contract/site-fields';

/**
 * Hand-written checks of the public lists' items, the same rules as the contract's zod schemas
 * (`server/contract/answers.ts`; `answer-guards.test.ts` holds them together) without putting
 * zod on the first download of the home page (decision 006, 061). A list keeps the items that
 * fit and leaves out, and reports, the ones that do not: one malformed record never replaces
 * the page with "Something went wrong." (issue 11).
 *
 * The checks of content shown only by lazily loaded parts (carousel features, blog posts) are in
 * `content-guards.ts`, built from the same pieces.
 */
export type Check = (value: unknown) => boolean;

export const isString: Check = (value) => typeof value === 'string';
export const isFilled: Check = (value) => typeof value === 'string' && value.length > 0;
export const isPositive: Check = (value) => typeof value === 'number' && Number.isFinite(value) && value > 0;
export const isOptional =
  (check: Check): Check =>
  (value) =>
    value === undefined || check(value);
export const isListOf =
  (check: Check): Check =>
  (value) =>
    Array.isArray(value) && value.every(check);
export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function hasShape(shape: Record<string, Check>): Check {
  return (value) => isRecord(value) && Object.entries(shape).every(([field, check]) => check(value[field]));
}

const statuses: readonly ServiceStatus[] = ['active', 'live', 'inactive'];

export const isServiceEntry = hasShape({
  key: isFilled,
  bg: isString,
  title: isFilled,
  status: (value) => statuses.includes(value as ServiceStatus),
  statusText: isString,
  url: isString,
  enrol: isString,
  subtitle: isString,
  actionText: isString,
  formLabel: isString,
  icon: isString,
  descriptionTitle: isString,
  referralText: isString,
  description: isListOf(isString),
  Sections: isListOf(
    hasShape({ markUp: (value) => typeof value === 'boolean', title: isOptional(isString), description: isOptional(isString), bullets: isListOf(isString) }),
  ),
  extras: isListOf(isString),
  // The Māori words, each checked where it is shown (a missing or odd one shows the English).
  mi: isOptional(isRecord),
} satisfies Record<keyof ServiceEntry, Check>) as (value: unknown) => value is ServiceEntry;

/** The trust's details: every field a string or null (`SiteSchema` in the contract, without zod). */
export const isSite = ((value: unknown) => isRecord(value) && siteFields.every((field) => value[field] === null || typeof value[field] === 'string')) as (
  value: unknown,
) => value is Site;

/** Where a list's items are: the answer itself, or `items` of a paged answer. */
function itemsOf(answer: unknown): unknown[] | undefined {
  if (Array.isArray(answer)) return answer;
  if (isRecord(answer)) {
    for (const field of ['items', 'posts', 'data']) if (Array.isArray(answer[field])) return answer[field] as unknown[];
  }
  return undefined;
}

/** The answer was not a list at all: the page says it could not load, as for a failed request. */
export class MalformedAnswerError extends Error {
  constructor(what: string) {
    super(`The ${what} answer is not a list`);
    this.name = 'MalformedAnswerError';
  }
}

/**
 * The items of a list answer that fit `isItem`; each one left out is reported on the console
 * (the browser's error reporting picks it up), with its position and id, never its content.
 */
export function validItems<T>(answer: unknown, isItem: (value: unknown) => value is T, what: string): T[] {
  const items = itemsOf(answer);
  if (!items) throw new MalformedAnswerError(what);
  const kept: T[] = [];
  items.forEach((item, index) => {
    if (isItem(item)) kept.push(item);
    else {
      const id = isRecord(item) ? (item._id ?? item.key) : undefined;
      console.warn(`Left out ${what} item ${index}${typeof id === 'string' ? ` (${id})` : ''}: it does not have the expected shape.`);
    }
  });
  return kept;
}
