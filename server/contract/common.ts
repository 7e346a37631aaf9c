import { z } from 'zod';
import { limits } from './limits';

/** Required single-line text: trimmed, not empty, bounded. */
export const requiredText = (label: string, max: number = limits.shortText) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` });

/** Optional text: an empty string counts as not given. */
export const optionalText = (label: string, max: number = limits.shortText) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` })
    .optional()
    .transform((value) => (value ? value : undefined));

export const IdSchema = z.uuid({ error: 'Must be a valid id' });
export const IdParamsSchema = z.object({ id: IdSchema });

export const PageQuerySchema = z.object({
  page: z.coerce.number({ error: 'Page must be a number' }).int().min(1, { error: 'Page starts at 1' }).default(1),
  pageSize: z.coerce
    .number({ error: 'Page size must be a number' })
    .int()
    .min(1, { error: 'Page size must be at least 1' })
    .max(limits.pageSizeMax, { error: `Page size must be at most ${limits.pageSizeMax}` })
    .default(limits.pageSizeDefault),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

/** A page of a list that grows. */
export type Page<T> = { items: T[]; total: number; page: number; pageSize: number };
