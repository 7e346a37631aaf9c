import { z } from 'zod';
import { limits } from './limits';

/**
 * Characters no name or text needs and that make text look other than it is: control
 * characters (NUL and the like), format characters (bidi overrides, zero-width spaces, BOM,
 * soft hyphen), line/paragraph separators, private-use and lone surrogates (which PostgreSQL
 * refuses and SQLite stores). Multi-line text may also hold tabs, line breaks and the zero-width
 * joiner that emoji sequences are made of.
 */
const invisibleInLine = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Zl}\p{Zp}]/u;
const invisibleInLines = /(?![\t\n\r\u200d])[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Zl}\p{Zp}]/u;

type TextOptions = { lines?: boolean };

/**
 * Text as every schema takes it: in Unicode NFC (so "ā" typed as one character or as "a" and a
 * combining macron is stored, compared and counted the same), trimmed, without invisible
 * characters, at most `max` characters.
 */
const text = (label: string, max: number, { lines = false }: TextOptions, typeError: string) =>
  z
    .string({ error: typeError })
    .normalize('NFC')
    // Line breaks arrive as CRLF from forms and as CR from old Macs: stored as \n, as typed.
    .overwrite((value) => (lines ? value.replace(/\r\n?/g, '\n') : value))
    .trim()
    .refine((value) => !(lines ? invisibleInLines : invisibleInLine).test(value), {
      error: `${label} cannot contain control or invisible characters`,
    })
    .max(max, { error: `${label} must be at most ${max} characters` });

/**
 * Required text: trimmed, not empty, bounded. `lines` allows line breaks (post and message bodies,
 * case notes, a client's standing notes and address), with CRLF and CR stored as \n.
 */
export const requiredText = (label: string, max: number = limits.shortText, options: TextOptions = {}) =>
  text(label, max, options, `${label} is required`).min(1, { error: `${label} is required` });

/** Optional text: an empty string counts as not given. */
export const optionalText = (label: string, max: number = limits.shortText, options: TextOptions = {}) =>
  text(label, max, options, `${label} must be text`)
    .optional()
    .transform((value) => (value ? value : undefined));

/** An email address as typed at sign-in and on staff accounts: bounded before anything else, lower-cased. */
export const emailAddress = () =>
  z
    .string({ error: 'Email is required' })
    .max(limits.emailMax, { error: `Email must be at most ${limits.emailMax} characters`, abort: true })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'Please include a valid email' }));

export const IdSchema = z.uuid({ error: 'Must be a valid id' });
export const IdParamsSchema = z.object({ id: IdSchema });

/**
 * When a record was written on the device (DESIGN §6), as the queued operation carries it: a time
 * with its offset. The server also refuses one too far in the future or older than it keeps
 * operations (`writtenAtLimits`); absent, the record was written when the server received it.
 */
export const WrittenAtSchema = z.iso.datetime({ offset: true, error: 'Written at must be a date and time like 2026-11-28T07:54:00.000+13:00' });

/** How far a written time may stand ahead of the server's clock (a phone's clock runs a little fast). */
export const writtenAtLimits = { aheadMaxMs: 5 * 60_000 } as const;

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
