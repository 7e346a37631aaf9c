import type { ApiErrorItem, ErrorCode } from './errors';

/*
 * Reading the error items of an answer: what every API call of the app needs, kept apart from
 * the rest of errors.ts (the code list and the zod issue mapping that forms use) so the home
 * page's first download carries only this (decision 060). errors.ts re-exports both functions.
 */

/** The code an item gets when its thrower did not name one (or an answer carried none). */
export function defaultCodeFor(status: number): ErrorCode {
  switch (status) {
    case 0:
      return 'no_connection';
    case 401:
      return 'not_signed_in';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 405:
      return 'method_not_allowed';
    case 409:
      return 'conflict';
    case 413:
      return 'too_large';
    case 415:
      return 'unsupported_media_type';
    case 429:
      return 'too_many_requests';
    case 501:
      return 'not_implemented';
    default:
      return status >= 500 ? 'server_error' : 'bad_request';
  }
}

/**
 * The error items of any answer, as the app reads them: the server's items (a code this app
 * does not know yet is kept, and shown by its `msg`), or one item for the status.
 */
export function readErrorItems(status: number, body: unknown): ApiErrorItem[] {
  const sent = typeof body === 'object' && body !== null && 'errors' in body && Array.isArray(body.errors) ? (body.errors as unknown[]) : [];
  const items = sent.flatMap((item): ApiErrorItem[] => {
    if (typeof item !== 'object' || item === null || !('msg' in item) || typeof item.msg !== 'string') return [];
    const code = 'code' in item && typeof item.code === 'string' ? (item.code as ErrorCode) : defaultCodeFor(status);
    return [
      {
        msg: item.msg,
        code,
        ...('param' in item && typeof item.param === 'string' ? { param: item.param } : {}),
        ...('limit' in item && typeof item.limit === 'number' ? { limit: item.limit } : {}),
      },
    ];
  });
  if (items.length) return items;
  return [{ msg: status >= 500 ? 'Server error' : status === 0 ? 'No connection' : `Request failed (${status})`, code: defaultCodeFor(status) }];
}
