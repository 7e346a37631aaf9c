/**
 * Why saving to the phone failed, as the forms tell people. Their own module, importing nothing,
 * so a form can tell these apart without carrying IndexedDB or zod before it saves.
 */
import type { ApiErrorItem } from '@contract/errors';

/** The payload did not pass the contract's schema: one item per problem, with the field at fault. */
export class OutboxValidationError extends Error {
  readonly errors: ApiErrorItem[];
  constructor(errors: ApiErrorItem[]) {
    super(errors.map((error) => error.msg).join(' '));
    this.name = 'OutboxValidationError';
    this.errors = errors;
  }
}

/** The browser refused to store more: the phone (or the browser's share of it) is full. */
export class LocalStorageFullError extends Error {
  constructor() {
    super('This phone has run out of storage space, so nothing was saved. Free up some space (photos, apps) and try again.');
    this.name = 'LocalStorageFullError';
  }
}
