import type { z } from 'zod';

/**
 * Every code an API error item can carry. Stable: the app turns a code (with `param` and
 * `limit`) into a sentence in the chosen language, so a code is never renamed or reused for
 * another meaning; new ones are added at the end. docs/api.md says what each means.
 */
export const errorCodes = [
  // Validation of one field (zod issues; `limit` gives the bound where there is one)
  'required',
  'too_short',
  'too_long',
  'too_small',
  'too_big',
  'not_integer',
  'invalid_type',
  'invalid_format',
  'invalid_email',
  'invalid_id',
  'invalid_value',
  'invalid_date',
  'invalid_phone',
  'not_accepted',
  'contact_needed',
  // Requests
  'bad_request',
  'invalid_body',
  'invalid_credentials',
  'not_signed_in',
  'invalid_token',
  'forbidden',
  'access_too_high',
  'not_found',
  'method_not_allowed',
  'conflict',
  'already_in_use',
  'last_manager',
  'service_closed',
  'request_id_reused',
  'too_large',
  'unsupported_media_type',
  'invalid_image',
  'too_many_requests',
  'server_error',
  'not_implemented',
  'edit_conflict',
  'last_owner',
  'written_in_future',
  'written_too_long_ago',
  // Only made by the app itself, never sent by the server
  'no_connection',
  'sealed_unreadable',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/**
 * One problem: `msg` is English for API clients and logs, `code` is what the app translates,
 * `param` the field at fault, `limit` the bound a length or size broke.
 */
export type ApiErrorItem = { msg: string; code: ErrorCode; param?: string; limit?: number };
export type ApiErrorBody = { errors: ApiErrorItem[] };

export { defaultCodeFor, readErrorItems } from './error-items';

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (errorCodes as readonly string[]).includes(value);
}

/**
 * A custom zod issue names its code this way: `ctx.addIssue({ code: 'custom', message, params: issueCode('invalid_phone') })`
 * or `.refine(check, { error: '…', params: issueCode('invalid_value') })`.
 */
export const issueCode = (code: ErrorCode) => ({ code });

type Issue = z.core.$ZodIssue;

/** Whether nothing was sent: zod keeps the input on an issue only when parsed with `reportInput` (see `checkInput`). */
const isMissing = (issue: Issue) => 'input' in issue && (issue.input === undefined || issue.input === null);

/** The code of a zod issue, from its kind (and the bound it broke); the same on the server and in the app. */
export function codeOfIssue(issue: Issue): Pick<ApiErrorItem, 'code' | 'limit'> {
  switch (issue.code) {
    case 'invalid_type':
      if (isMissing(issue)) return { code: 'required' };
      return { code: issue.expected === 'int' ? 'not_integer' : 'invalid_type' };
    case 'too_small': {
      const limit = Number(issue.minimum);
      if (issue.origin === 'string' || issue.origin === 'array' || issue.origin === 'set') {
        return limit <= 1 ? { code: 'required' } : { code: 'too_short', limit };
      }
      return { code: 'too_small', limit };
    }
    case 'too_big': {
      const limit = Number(issue.maximum);
      if (issue.origin === 'string' || issue.origin === 'array' || issue.origin === 'set') return { code: 'too_long', limit };
      return { code: 'too_big', limit };
    }
    case 'invalid_format':
      if (issue.format === 'email') return { code: 'invalid_email' };
      if (issue.format === 'uuid' || issue.format === 'guid') return { code: 'invalid_id' };
      if (issue.format === 'date' || issue.format === 'datetime') return { code: 'invalid_date' };
      return { code: 'invalid_format' };
    case 'not_multiple_of':
      return { code: Number(issue.divisor) === 1 ? 'not_integer' : 'invalid_value' };
    case 'invalid_value':
      // A box that must be ticked (`z.literal(true)`).
      if (issue.values.length === 1 && issue.values[0] === true) return { code: 'not_accepted' };
      return { code: isMissing(issue) ? 'required' : 'invalid_value' };
    case 'custom': {
      const code: unknown = issue.params?.code;
      return { code: isErrorCode(code) ? code : 'invalid_value' };
    }
    default:
      return { code: 'invalid_value' };
  }
}

/** Zod issues become one item each; `param` is the dotted path of the field at fault. */
export function itemsOfIssues(issues: readonly Issue[], prefix: string[] = []): ApiErrorItem[] {
  return issues.map((issue) => {
    const param = [...prefix, ...issue.path.map(String)].join('.');
    return { msg: issue.message, ...codeOfIssue(issue), ...(param ? { param } : {}) };
  });
}

/**
 * Parses with a contract schema and, on failure, lists every problem as error items. The one
 * way both the server and the app check input, so a missing field is `required` on both sides.
 */
export function checkInput<S extends z.ZodType>(
  schema: S,
  value: unknown,
  prefix: string[] = [],
): { success: true; data: z.output<S> } | { success: false; errors: ApiErrorItem[] } {
  const result = schema.safeParse(value, { reportInput: true });
  return result.success ? { success: true, data: result.data } : { success: false, errors: itemsOfIssues(result.error.issues, prefix) };
}
