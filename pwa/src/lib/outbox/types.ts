/**
 * The shapes the outbox engine and the kinds it carries share. The engine knows a kind only by
 * these properties (its lane, whether it is encrypted, whether it needs a signed-in person,
 * whether its edits follow one another); what a kind means is its feature's business.
 * Docs: docs/decisions/074-offline-kinds-belong-to-their-feature.md says what a new kind provides.
 */
import type { FieldConflict } from '@contract/clients';
import type { MessageKey } from '../../i18n/i18n';
import type { LocalDb, OutboxError, OutboxOperation } from '../local-db';

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

/** An item about to be sent: the stored row and its payload in the clear, as its kind's `check` returned it. */
export type OpenedItem<P = unknown> = { operation: OutboxOperation; payload: P };

/**
 * What the server's answer means for one item.
 * - done: the server has it (a first delivery or a duplicate); `record` is what it now holds, and
 *   `version` (a duplicate's) the version the item itself produced, when the record is newer.
 * - conflict: someone else changed the same fields; nothing was written.
 * - rejected: refused (invalid, not found, closed); only this item stops.
 * - later: not reached this time (the server's time budget ran out, or its batch was refused for
 *   another item): pending again at once, in the same round, no try counted.
 */
export type OutboxItemResult =
  | { status: 'done'; record?: unknown; version?: number }
  | { status: 'conflict'; error: OutboxError; conflicts: FieldConflict[]; record: unknown }
  | { status: 'rejected'; error: OutboxError }
  | { status: 'later' };

/**
 * How a batch of items goes to the server: kinds that share a lane go out together, each request
 * carrying up to `batchSize` items of one lane and one person, in the order made, with up to
 * `concurrency` requests of the lane in flight at once.
 */
export type OutboxLane = {
  name: string;
  batchSize: number;
  concurrency: number;
  request(items: OpenedItem[]): Omit<OutboxRequest, 'headers'>;
  /** A 2xx answer read into one result per item, in order; null when the body is not the server's answer (a captive portal). */
  readAnswer(items: OpenedItem[], status: number, body: unknown): OutboxItemResult[] | null;
  /** A refusal (4xx other than 401, 408, 425, 429) read into one result per item. */
  readRefusal(items: OpenedItem[], error: OutboxError): OutboxItemResult[];
};

/** What happened to one item, told to its kind once the outbox's own transaction has committed. */
export type OutboxLanding = {
  status: 'applied' | 'conflict' | 'rejected';
  kind: string;
  itemId: string;
  entityId: string;
  subjectId: string | undefined;
  userId: string | null;
  /** What the server holds now (applied: the record made or changed; conflict: the record as it is). */
  record: unknown;
  /** The version the item produced (applied), or null when unknown. */
  version: number | null;
};

/**
 * One kind of offline write, defined by the feature it belongs to. `P` is the payload as the kind
 * keeps and sends it. Methods (not arrow properties) so a kind of any payload fits the registry.
 */
export type OfflineKind<P = unknown> = {
  kind: string;
  /** What people call it where it waits ("New goal", "Case note"), in the language layer: any screen can list any kind's items. */
  title: MessageKey;
  lane: OutboxLane;
  /** Staff data: the payload (and a clash's values) is stored only sealed, and sent only while the person's copy is unlocked. */
  encrypted: boolean;
  /** Made by a signed-in person and sent only under their token; an anonymous kind goes from the service worker too. */
  needsUser: boolean;
  /** A create: the record it makes takes the operation's own id (`entityId` = `_id`). */
  makesRecord: boolean;
  /**
   * An edit on a record version. The ordering key is the record: a later edit of it from this
   * device waits for the earlier one and is moved onto the version it made.
   */
  versioned: boolean;
  /**
   * The payload, checked with the contract's schema, exactly as it will be sent (throws
   * OutboxValidationError naming each field at fault). Run when queued and again when opened to
   * send, so an item kept by an older version of the app that no longer fits is set aside, not sent.
   */
  check(payload: unknown, operationId: string): P;
  /** The record it is shown with, when not `entityId` itself (a case note's client). */
  subjectOf?(payload: P, entityId: string): string | undefined;
  /** The names of the fields an edit changes (kept after sending, when the values are gone). */
  fieldsOf?(payload: P): string[];
  /**
   * An item stored by an older version of the app (`schemaVersion` below the kind's): the shape it
   * is sent in now. Runs on the opened payload, before `check`.
   */
  upgrade?(operation: OutboxOperation, payload: unknown): { entityId: string; payload: unknown };
  /** Version of the payload's shape this build writes. */
  schemaVersion: number;
  /** Writes kept with the delivery, in the same transaction (e.g. an enrolment's receipt). Only IndexedDB requests may be awaited. */
  onDelivered?(db: LocalDb, item: OpenedItem<P>, record: unknown, time: number): Promise<void>;
  /** How a result lands on the kind's screens and in the device's copy (after the outbox's transaction). */
  land?(landing: OutboxLanding): void | Promise<void>;
  /**
   * What the device keeps that a result of this kind changes on the server (a part of the copy,
   * lib/vault/sealed-part.ts): asked once for what changed after a group of results lands, which
   * also brings what others did meanwhile.
   */
  refreshes?: { refreshKept(): Promise<unknown> };
};

/** Kept for listeners that follow every item (the screens' "on this device" panels). */
export type OutboxEvent = OutboxLanding;
