/**
 * Putting items in the outbox and taking them out: queue, resend a refused one corrected, settle a
 * clash, discard, wipe a person's items, and lift `needs_auth` after they sign in again. Every
 * payload is checked by its kind first and stored encrypted where the kind says so.
 */
import type { FieldConflict } from '@contract/clients';
import { saveLocally, type OutboxOperation, type OutboxState } from '../local-db';
import { isSealed } from '../staff-cipher';
import { cipherFor, type OutboxContext } from './context';
import { OutboxStateError } from './errors';
import { writeOutboxHint } from './hint';
import { holdsFollowers, unsentStates } from './order';
import type { OfflineKind } from './types';

export type EnqueueInput = {
  /** The record as the form holds it; checked here by the kind. */
  payload: unknown;
  /** Words for the item that name no person, e.g. the service title or "Client edit". */
  label: string;
  /** The person who made it; required for kinds that need one, null for an anonymous enrolment. */
  userId?: string | null;
  /** The record changed (a create makes its own: the operation's id). */
  entityId?: string;
  /** For edits: the version of the record the change was made against. */
  baseVersion?: number;
};

/** A clash, opened: the fields both changed, and the whole record as the server holds it now. */
export type OpenedConflict = { conflicts: FieldConflict[]; record: unknown };

export function isOpenedConflict(value: unknown): value is OpenedConflict {
  return typeof value === 'object' && value !== null && 'conflicts' in value && Array.isArray(value.conflicts) && 'record' in value;
}

/** Kinds whose items a later edit of the same record waits for: earlier edits, and the create that makes it. */
const ordersEdits = (kind: OfflineKind) => kind.versioned || kind.makesRecord;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function createStore(context: OutboxContext, afterEnqueue: (operation: OutboxOperation) => void) {
  const { db, kinds, now } = context;

  function registered<P>(definition: OfflineKind<P>): OfflineKind<P> {
    if (!kinds.has(definition.kind)) throw new OutboxStateError(`This outbox does not carry ${definition.kind}.`);
    return definition;
  }

  /** The payload as stored: sealed for encrypted kinds. */
  async function stored(definition: OfflineKind, payload: unknown, userId: string | null): Promise<unknown> {
    return definition.encrypted ? cipherFor(context, userId).seal(payload) : payload;
  }

  /** A new row for `definition`'s payload (checked), not yet written. */
  async function makeOperation(
    definition: OfflineKind,
    id: string,
    fields: { payload: unknown; entityId: string; userId: string | null; label: string; baseVersion: number | undefined; writtenAt?: number },
  ): Promise<OutboxOperation> {
    const payload = definition.check(fields.payload, id);
    const subjectId = definition.subjectOf?.(payload, fields.entityId);
    const changed = definition.fieldsOf?.(payload);
    const time = now();
    return {
      _id: id,
      kind: definition.kind,
      entityId: fields.entityId,
      ...(fields.baseVersion === undefined ? {} : { baseVersion: fields.baseVersion }),
      ...(subjectId === undefined ? {} : { subjectId }),
      ...(changed === undefined ? {} : { fields: changed }),
      payload: await stored(definition, payload, fields.userId),
      userId: fields.userId,
      schemaVersion: definition.schemaVersion,
      label: fields.label,
      // When it was written here: the server keeps it with the record (`writtenAt`, decision 114).
      createdAt: fields.writtenAt ?? time,
      attempts: 0,
      nextAttemptAt: time,
      sentAt: null,
      lastError: null,
      state: 'pending',
    };
  }

  async function enqueue(kind: OfflineKind, input: EnqueueInput): Promise<OutboxOperation> {
    const definition = registered(kind);
    const id = crypto.randomUUID();
    const userId = input.userId ?? null;
    if (definition.needsUser && !userId) throw new OutboxStateError('A staff item needs the id of the person who made it.');
    // Version 0: a record made on this device and not yet sent; the edit then follows its create.
    if (definition.versioned && !(Number.isInteger(input.baseVersion) && (input.baseVersion ?? -1) >= 0)) {
      throw new OutboxStateError('An edit needs the version of the record it was made on.');
    }
    const entityId = definition.makesRecord ? id : input.entityId;
    if (!entityId) throw new OutboxStateError('This item needs the id of the record it changes.');
    const operation = await makeOperation(definition, id, { payload: input.payload, entityId, userId, label: input.label, baseVersion: input.baseVersion });
    await saveLocally(() =>
      db.transaction('rw', db.outbox, async () => {
        if (definition.versioned) {
          // An earlier write of this record from this device, not yet confirmed (an edit, or the
          // create that makes it): go after it, on the version it makes.
          const earlier = await db.outbox.where('entityId').equals(entityId).toArray();
          const previous = earlier
            .filter((other) => other.userId === userId && holdsFollowers.has(other.state) && kinds.has(other.kind) && ordersEdits(kinds.get(other.kind)))
            .sort((a, b) => b.createdAt - a.createdAt || b._id.localeCompare(a._id))[0];
          if (previous) operation.follows = previous._id;
          else if (operation.baseVersion === 0) throw new OutboxStateError('This record was sent meanwhile; look at it again.');
        }
        await db.outbox.add(operation);
      }),
    );
    afterEnqueue(operation);
    return operation;
  }

  /** A new operation replacing `old` (same kind, record and person), stored in place of it in one transaction. */
  async function replace(
    old: OutboxOperation,
    payload: unknown,
    extra: { baseVersion?: number; allowed: OutboxState[]; writtenAt?: number },
  ): Promise<OutboxOperation> {
    const definition = kinds.get(old.kind);
    const newId = crypto.randomUUID();
    const operation = await makeOperation(definition, newId, {
      payload,
      entityId: definition.makesRecord ? newId : old.entityId,
      userId: old.userId,
      label: old.label,
      baseVersion: extra.baseVersion ?? old.baseVersion,
      ...(extra.writtenAt === undefined ? {} : { writtenAt: extra.writtenAt }),
    });
    await saveLocally(() =>
      db.transaction('rw', db.outbox, async () => {
        const current = await db.outbox.get(old._id);
        if (!current || !extra.allowed.includes(current.state)) throw new OutboxStateError('This item changed meanwhile; look at it again.');
        await db.outbox.delete(old._id);
        await db.outbox.add(operation);
      }),
    );
    afterEnqueue(operation);
    return operation;
  }

  /**
   * Sends a corrected version of a refused item. It goes out as a new operation with a new id
   * (the server would answer 409 to the old id with another body); the refused one is removed
   * in the same transaction, so the person's details are never held twice. It is the same write,
   * corrected: it keeps the time it was written, unless that is ahead of this device's clock now
   * (refused as in the future, then the clock was put right).
   */
  async function resend(id: string, correctedPayload: unknown): Promise<OutboxOperation> {
    const old = await db.outbox.get(id);
    if (!old) throw new OutboxStateError('This item is no longer on this phone.');
    if (old.state !== 'rejected' && old.state !== 'conflict') throw new OutboxStateError('Only an item the server refused can be fixed and resent.');
    return replace(old, correctedPayload, { allowed: ['rejected', 'conflict'], writtenAt: Math.min(old.createdAt, now()) });
  }

  /**
   * Settles a clash: `changes` holds the value kept (or typed) for each clashing field, and
   * `baseVersion` the version of the record the person looked at (the clash's `record.version`).
   * It goes out as a new operation; the fields of the old edit that did not clash go with it,
   * and the old one is removed in the same transaction.
   */
  async function resolveConflict(itemId: string, changes: Record<string, unknown>, baseVersion: number): Promise<OutboxOperation> {
    const old = await db.outbox.get(itemId);
    if (!old || old.state !== 'conflict') throw new OutboxStateError('This clash is no longer waiting on this device.');
    const cipher = cipherFor(context, old.userId);
    const mine = isSealed(old.payload) ? await cipher.open(old.payload) : {};
    const opened = old.conflict ? await cipher.open(old.conflict) : null;
    const clashing = new Set((isOpenedConflict(opened) ? opened.conflicts : []).map((conflict) => conflict.field));
    const untouched = Object.fromEntries(Object.entries(isRecord(mine) ? mine : {}).filter(([field]) => !clashing.has(field)));
    return replace(old, { ...untouched, ...changes }, { baseVersion, allowed: ['conflict'] });
  }

  /** Removes an unsent item for good (the page asks the person to confirm first). */
  async function discard(id: string): Promise<void> {
    await db.transaction('rw', db.outbox, async () => {
      const current = await db.outbox.get(id);
      if (!current) return;
      if (current.state === 'sending') throw new OutboxStateError('This item is being sent right now; wait a moment.');
      await db.outbox.delete(id);
    });
  }

  /** Sign-out or five wrong unlocks: every item of `userId` (every person's when left out) leaves the device. */
  async function wipeStaffItems(userId?: string): Promise<number> {
    const collection = userId === undefined ? db.outbox.filter((operation) => operation.userId !== null) : db.outbox.where('userId').equals(userId);
    const removed = await collection.delete();
    writeOutboxHint((await db.outbox.where('state').anyOf(unsentStates).count()) > 0);
    return removed;
  }

  /** After `userId` signs in again: their waiting items go back to pending. */
  async function resumeUser(userId: string): Promise<void> {
    await db.outbox
      .where('userId')
      .equals(userId)
      .filter((operation) => operation.state === 'needs_auth')
      .modify({ state: 'pending', nextAttemptAt: now(), lastError: null });
  }

  return { enqueue, resend, resolveConflict, discard, wipeStaffItems, resumeUser };
}
