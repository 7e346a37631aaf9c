/** An item cannot do what was asked in its present state (e.g. discarding one that is being sent). */
export class OutboxStateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutboxStateError';
  }
}
