import { ApiRequestError } from '../api-client';
import { OutboxValidationError } from '../save-errors';

/** An item cannot do what was asked in its present state (e.g. discarding one that is being sent). */
export class OutboxStateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutboxStateError';
  }
}

/**
 * Runs a queued write and turns a refusal by its kind's schema into the error the forms read
 * (each item on its field), the one mapping every feature's writes share.
 */
export async function asFormErrors<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof OutboxValidationError) throw new ApiRequestError(400, error.errors);
    throw error;
  }
}
