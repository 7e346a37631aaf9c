import type { ApiErrorItem } from '../../contract/errors';

/** The one error type the server throws on purpose. Its items are safe to show to the caller. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly items: ApiErrorItem[],
    readonly headers: Record<string, string> = {},
    /** More of the answer beside `errors`, e.g. the conflicts of an edit. */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(items.map((item) => item.msg).join('; '));
    this.name = 'ApiError';
  }
}

const fail = (status: number) => (msg: string, param?: string) => new ApiError(status, [param ? { msg, param } : { msg }]);

export const badRequest = fail(400);
export const unauthorized = (msg = 'Not signed in, or the session has ended') => fail(401)(msg);
export const forbidden = (msg = 'You do not have access to this') => fail(403)(msg);
export const notFound = (what = 'Not found') => fail(404)(what);
export const conflict = fail(409);
export const tooLarge = fail(413);
export const unsupportedMedia = fail(415);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new ApiError(429, [{ msg: 'Too many attempts, please try again later' }], { 'Retry-After': String(retryAfterSeconds) });

/**
 * 409 for an edit that clashes with changes made on the server since its base version (decision
 * 020): `{ errors, conflicts:[{field, mine, theirs}], record }`, where `record` is the whole record now.
 */
export const editConflict = (conflicts: { field: string; mine: unknown; theirs: unknown }[], record: unknown) =>
  new ApiError(409, [{ msg: 'Someone else changed this record since you opened it' }], {}, { conflicts, record });
