/**
 * The shapes the outbox engine and its kinds share (no code, so the service worker, the page
 * and the tests all import them freely).
 */
import type { FieldConflict } from '@contract/clients';
import type { LocalDb, OutboxError, OutboxKind, OutboxOperation } from '../local-db';

/** One HTTP request, as the transport sends it. */
export type OutboxRequest = { method: 'POST' | 'PATCH'; path: string; json: unknown; headers: Record<string, string> };
/** The server's answer. `body` is undefined when it was not JSON. */
export type OutboxResponse = { status: number; retryAfter: string | null; body: unknown };
/** Sends one request; rejects when no answer arrived (no signal, time-out, server down). */
export type OutboxTransport = (request: OutboxRequest) => Promise<OutboxResponse>;

/** A lock manager shaped like `navigator.locks` (only what the outbox uses). */
export type OutboxLocks = {
  request<T>(name: string, options: { ifAvailable: true }, callback: (lock: unknown) => Promise<T>): Promise<T>;
};

/** An item about to be sent: the stored row and its payload in the clear (opened, for sealed kinds). */
export type OpenedItem = { operation: OutboxOperation; payload: unknown };

/**
 * What the server's answer means for one item.
 * - done: the server has it (a first delivery or a duplicate); `record` is what it now holds.
 * - conflict: someone else changed the same fields; nothing was written.
 * - rejected: refused (invalid, not found, closed); only this item stops.
 * - retry: not this time (the server could not do it now); back to pending with backoff.
 */
export type OutboxItemResult =
  | { status: 'done'; record?: unknown }
  | { status: 'conflict'; error: OutboxError; conflicts: FieldConflict[]; record: unknown }
  | { status: 'rejected'; error: OutboxError }
  | { status: 'retry'; error: OutboxError };

/**
 * One kind of write the outbox carries. Kinds that share a `lane` go out together: each request
 * carries up to `batchSize` items of one lane and one user, in the order they were made, with up
 * to `concurrency` requests of that lane in flight at once.
 */
export type OutboxKindDefinition = {
  kind: OutboxKind;
  lane: string;
  /** Staff data: the payload (and a clash's values) is stored only sealed, and sent only while unlocked. */
  sealed: boolean;
  batchSize: number;
  concurrency: number;
  /** An edit on a record version: a later edit of the same record from this device waits for it and is moved onto the version it made. */
  versioned: boolean;
  /** The record an item changes, for the caseload's copy (a note's client, an enrolment's). */
  request(items: OpenedItem[]): Omit<OutboxRequest, 'headers'>;
  /** A 2xx answer read into one result per item, in order; null when the body is not the server's answer (a captive portal). */
  readAnswer(items: OpenedItem[], status: number, body: unknown): OutboxItemResult[] | null;
  /** A refusal (4xx other than 401, 408, 425, 429) read into one result per item. */
  readRefusal(items: OpenedItem[], error: OutboxError): OutboxItemResult[];
  /** Writes kept with the delivery, in the same transaction (e.g. an enrolment's receipt). */
  onDelivered?: (db: LocalDb, item: OpenedItem, record: unknown, time: number) => Promise<void>;
};

/** Tells the page what happened to staff items, so the caseload's copy can follow without the outbox knowing it. */
export type OutboxEvent =
  | { type: 'applied'; kind: OutboxKind; itemId: string; entityId: string; userId: string | null; record: unknown }
  | { type: 'conflict' | 'rejected'; kind: OutboxKind; itemId: string; entityId: string; userId: string | null };
