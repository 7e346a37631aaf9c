/**
 * Checks an operation's payload with the contract's zod schema before it is queued. Its own
 * module so that only code that queues (the pages) carries zod and the service catalogue; the
 * service worker only sends.
 */
import { EnrolmentSchema } from '@contract/enrolments';
import { checkInput, type ApiErrorItem } from '@contract/errors';
import type { OutboxKind, OutboxPayloads } from './local-db';

/** The payload did not pass the contract's schema: one item per problem, with the field at fault. */
export class OutboxValidationError extends Error {
  readonly errors: ApiErrorItem[];
  constructor(errors: ApiErrorItem[]) {
    super(errors.map((error) => error.msg).join(' '));
    this.name = 'OutboxValidationError';
    this.errors = errors;
  }
}

/** Checks a payload for its kind; returns it exactly as it will be sent, with the operation's id. */
export type ValidateOutboxPayload = <K extends OutboxKind>(kind: K, payload: unknown, operationId: string) => OutboxPayloads[K];

/** Checks a payload with the contract's schema; the id the server keys on is the operation's. */
export const validateOutboxPayload: ValidateOutboxPayload = <K extends OutboxKind>(kind: K, payload: unknown, operationId: string): OutboxPayloads[K] => {
  const known: OutboxKind = kind;
  switch (known) {
    case 'enrolment.create': {
      const draft = typeof payload === 'object' && payload !== null ? payload : {};
      const result = checkInput(EnrolmentSchema, { ...draft, _id: operationId });
      if (!result.success) throw new OutboxValidationError(result.errors);
      // Stored exactly as it will be sent (blank optional fields gone), so every resend carries
      // the same body and the server's idempotency check sees the same request.
      const body: typeof result.data = JSON.parse(JSON.stringify(result.data));
      // Narrowed by the switch: TypeScript cannot tie K to this branch on its own.
      return body as OutboxPayloads[K];
    }
    default:
      throw new Error(`Unknown outbox operation kind: ${String(known satisfies never)}`);
  }
};

