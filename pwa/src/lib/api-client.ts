import { readErrorItems } from '@contract/error-items';
import type { ApiErrorItem } from '@contract/errors';
import { getToken, setToken } from './auth-token';
import { reportResponse, reportServerUnreachable } from './connectivity';
import { renderScope } from './render-scope';

export { getToken, setToken } from './auth-token';

/** Any failed API call: the HTTP status (0 when there was no answer) and the server's error list. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly errors: ApiErrorItem[];
  /** The whole answer, for failures that carry more than errors (a 409 conflict's `conflicts` and `record`). */
  readonly body: unknown;

  constructor(status: number, errors: ApiErrorItem[], body?: unknown) {
    super(errors.map((error) => error.msg).join('; ') || `Request failed (${status})`);
    this.name = 'ApiRequestError';
    this.status = status;
    this.errors = errors;
    this.body = body;
  }
}

export type ApiRequestOptions = {
  method?: string;
  json?: unknown;
  formData?: FormData;
  signal?: AbortSignal;
  /** The token to send instead of the signed-in staff member's (a linked whānau phone's); null sends none. */
  token?: string | null;
};

export const noConnection: ApiErrorItem[] = [{ msg: 'No connection', code: 'no_connection' }];

export function parseBody(text: string, contentType: string | null): unknown {
  if (!text) return undefined;
  if (contentType?.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return undefined;
    }
  }
  return text;
}

/** Turns an answer into the parsed body, or throws the one error type the app knows. */
export function settle<T>(status: number, body: unknown, sentToken: string | null): T {
  if (status >= 200 && status < 300) return body as T;
  // Spec §4: any auth failure or expiry removes the token, which signs the app out.
  if (status === 401 && sentToken && getToken() === sentToken) setToken(null);
  throw new ApiRequestError(status, readErrorItems(status, body), body);
}

/**
 * Calls the trust's API. Sends `x-auth-token` when a token is stored (and no header otherwise,
 * spec §6), parses JSON, and throws ApiRequestError with the server's `errors` on failure.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const token = options.token === undefined ? getToken() : options.token;

  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers['x-auth-token'] = token;
  let body: BodyInit | undefined;
  if (options.formData) body = options.formData;
  else if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  }

  let response: Response;
  try {
    // On the server, a render's requests go to the server itself (decision 127).
    response = await fetch((renderScope()?.apiOrigin ?? '') + path, { method: options.method ?? 'GET', headers, body, signal: options.signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    reportServerUnreachable();
    throw new ApiRequestError(0, noConnection);
  }
  reportResponse(response);
  let text: string;
  try {
    text = await response.text();
  } catch {
    throw new ApiRequestError(0, noConnection);
  }
  return settle<T>(response.status, parseBody(text, response.headers.get('content-type')), token);
}
