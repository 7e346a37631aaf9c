/**
 * Checks an operation's payload with the contract's zod schema before it is queued: each kind's
 * schema check. Its own module so that only code that queues (the pages) carries zod and the
 * service catalogue; the service worker only sends.
 */
import { CreateClientSchema, CreateNoteSchema, UpdateClientSchema } from '@contract/clients';
import { EnrolmentSchema, UpdateEnrolmentSchema } from '@contract/enrolments';
import { checkInput } from '@contract/errors';
import type { z } from 'zod';
import type { OutboxKind, OutboxPayloads } from './local-db';
import { OutboxValidationError } from './save-errors';

export { OutboxValidationError };

/** Checks a payload for its kind; returns it exactly as it will be sent, with the operation's id. */
export type ValidateOutboxPayload = <K extends OutboxKind>(kind: K, payload: unknown, operationId: string) => OutboxPayloads[K];

const asObject = (payload: unknown): object => (typeof payload === 'object' && payload !== null ? payload : {});

/**
 * Stored exactly as it will be sent (blank optional fields gone), so every resend carries the
 * same body and the server's idempotency check sees the same request.
 */
const asSent = <T>(value: T): T => JSON.parse(JSON.stringify(value));

function check<S extends z.ZodType>(schema: S, value: unknown, renameParam: (param: string) => string = (param) => param): z.infer<S> {
  const result = checkInput(schema, value);
  if (!result.success) throw new OutboxValidationError(result.errors.map((error) => (error.param ? { ...error, param: renameParam(error.param) } : error)));
  return result.data;
}

/** An edit's fields are checked as the server checks `changes`; the problems name the field itself. */
const changeParam = (param: string) => (param === 'changes' ? 'payload' : param.replace(/^changes\./, ''));

/** The payload each kind stores, checked. The `_id` is the operation's; an edit's base version is checked by the outbox. */
const checks: { [K in OutboxKind]: (payload: unknown, operationId: string) => OutboxPayloads[K] } = {
  'enrolment.create': (payload, operationId) => asSent(check(EnrolmentSchema, { ...asObject(payload), _id: operationId })),
  'client.create': (payload, operationId) => {
    const { _id: _unused, ...fields } = asSent(check(CreateClientSchema, { ...asObject(payload), _id: operationId }));
    return fields;
  },
  'client.update': (payload, operationId) => asSent(check(UpdateClientSchema, { _id: operationId, baseVersion: 1, changes: payload }, changeParam).changes),
  'note.create': (payload, operationId) => {
    const { _id: _unused, ...note } = asSent(check(CreateNoteSchema, { ...asObject(payload), _id: operationId }));
    return note;
  },
  'enrolment.update': (payload, operationId) =>
    asSent(check(UpdateEnrolmentSchema, { _id: operationId, baseVersion: 1, changes: payload }, changeParam).changes),
};

/** Checks a payload with the contract's schema; the id the server keys on is the operation's. */
export const validateOutboxPayload: ValidateOutboxPayload = <K extends OutboxKind>(kind: K, payload: unknown, operationId: string): OutboxPayloads[K] => {
  const checkKind = checks[kind];
  if (!checkKind) throw new Error(`Unknown outbox operation kind: ${String(kind)}`);
  return checkKind(payload, operationId);
};
