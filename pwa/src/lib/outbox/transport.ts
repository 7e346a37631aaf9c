/** Sends the outbox's requests with `fetch` (page and worker alike). */
import { reportResponse, reportServerUnreachable } from '../connectivity';
import type { OutboxTransport } from './types';

/** Gives up after 30 s so a dead connection cannot hold the lock. */
export const fetchTransport: OutboxTransport = async (request) => {
  let response: Response;
  try {
    response = await fetch(request.path, {
      method: request.method,
      headers: { 'content-type': 'application/json', accept: 'application/json', ...request.headers },
      body: JSON.stringify(request.json),
      credentials: 'same-origin',
      cache: 'no-store',
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    reportServerUnreachable();
    throw error;
  }
  reportResponse(response);
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = undefined;
  }
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body };
};
