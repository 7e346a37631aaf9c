/**
 * How a kind checks its payload with the contract's schema (kinds call these in their `check`):
 * every problem named on its field, and the value stored exactly as it will be sent, so every
 * resend carries the same body and the server's idempotency check sees the same request.
 */
import { checkInput } from '@contract/errors';
import type { z } from 'zod';
import { OutboxValidationError } from '../save-errors';

export { OutboxValidationError };

/** `value` parsed by `schema`, blank optional fields gone; throws OutboxValidationError with every problem. */
export function checkPayload<S extends z.ZodType>(schema: S, value: unknown, renameParam: (param: string) => string = (param) => param): z.infer<S> {
  const result = checkInput(schema, value);
  if (!result.success) throw new OutboxValidationError(result.errors.map((error) => (error.param ? { ...error, param: renameParam(error.param) } : error)));
  // Through JSON, so the stored value is what the request will carry.
  const sent: z.infer<S> = JSON.parse(JSON.stringify(result.data));
  return sent;
}

/** The payload as an object to spread (anything else checks as an empty form). */
export function asObject(payload: unknown): object {
  return typeof payload === 'object' && payload !== null ? payload : {};
}
