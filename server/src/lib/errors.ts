import { defaultCodeFor, type ApiErrorItem, type ErrorCode } from '../../contract/errors';

export { defaultCodeFor };

/** What a thrower gives: the code may be left out, and then follows from the status. */
export type ApiErrorInput = Omit<ApiErrorItem, 'code'> & { code?: ErrorCode };

/** The one error type the server throws on purpose. Its items are safe to show to the caller. */
export class ApiError extends Error {
  readonly items: ApiErrorItem[];
  constructor(
    readonly status: number,
    items: ApiErrorInput[],
    readonly headers: Record<string, string> = {},
    /** More of the answer beside `errors`, e.g. the conflicts of an edit. */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(items.map((item) => item.msg).join('; '));
    this.name = 'ApiError';
    this.items = items.map((item) => ({ ...item, code: item.code ?? defaultCodeFor(status) }));
  }
}

const fail =
  (status: number) =>
  (msg: string, param?: string, code: ErrorCode = defaultCodeFor(status)) =>
    new ApiError(status, [param ? { msg, code, param } : { msg, code }]);

/** `badRequest(msg, param?, code = 'bad_request')`; the other factories alike, each with its status's code. */
export const badRequest = fail(400);
export const unauthorized = (msg = 'Not signed in, or the session has ended', code: ErrorCode = 'not_signed_in') => fail(401)(msg, undefined, code);
export const forbidden = (msg = 'You do not have access to this', code: ErrorCode = 'forbidden') => fail(403)(msg, undefined, code);
export const notFound = (what = 'Not found', code: ErrorCode = 'not_found') => fail(404)(what, undefined, code);
export const conflict = fail(409);
export const tooLarge = fail(413);
export const unsupportedMedia = fail(415);
export const tooManyRequests = (retryAfterSeconds: number, msg = 'Too many attempts, please try again later') =>
  new ApiError(429, [{ msg, code: 'too_many_requests' }], { 'Retry-After': String(retryAfterSeconds) });

/**
 * 409 for an edit that clashes with changes made on the server since its base version (decision
 * 020): `{ errors, conflicts:[{field, mine, theirs}], record }`, where `record` is the whole record now.
 */
export const editConflict = (conflicts: { field: string; mine: unknown; theirs: unknown }[], record: unknown) =>
  new ApiError(409, [{ msg: 'Someone else changed this record since you opened it', code: 'edit_conflict' }], {}, { conflicts, record });
