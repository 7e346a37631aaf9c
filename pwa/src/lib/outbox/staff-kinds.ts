/**
 * The kaimahi's writes: `client.create`, `client.update`, `note.create`, `enrolment.update`. They
 * share one lane, `POST /api/sync`: up to 100 mutations per request, one request at a time per
 * user, in the order made, so a later mutation on a client sees the earlier ones (DESIGN §4b).
 * Their payloads are staff data: sealed at rest, opened only to send.
 */
import { syncLimits, type SyncResult } from '@contract/sync';
import type { FieldConflict } from '@contract/clients';
import type { ApiErrorItem } from '@contract/errors';
import type { StaffKind } from '../local-db';
import { staffApiPaths } from '../staff-paths';
import type { OpenedItem, OutboxItemResult, OutboxKindDefinition } from './types';

export const staffKinds: readonly StaffKind[] = ['client.create', 'client.update', 'note.create', 'enrolment.update'];

export function isStaffKind(kind: string): kind is StaffKind {
  return (staffKinds as readonly string[]).includes(kind);
}

function isSyncResult(value: unknown): value is SyncResult {
  return (
    typeof value === 'object' &&
    value !== null &&
    '_id' in value &&
    typeof value._id === 'string' &&
    'status' in value &&
    (value.status === 'applied' || value.status === 'duplicate' || value.status === 'conflict' || value.status === 'rejected')
  );
}

function errorItems(value: unknown): ApiErrorItem[] {
  if (!Array.isArray(value)) return [];
  return value.filter((item): item is ApiErrorItem => typeof item === 'object' && item !== null && typeof item.msg === 'string');
}

function isFieldConflict(value: unknown): value is FieldConflict {
  return typeof value === 'object' && value !== null && 'field' in value && typeof value.field === 'string';
}

/** `{results}` in the order sent, one per mutation, each naming its mutation: anything else is not the server's answer. */
function readSyncAnswer(items: OpenedItem[], _status: number, body: unknown): OutboxItemResult[] | null {
  if (typeof body !== 'object' || body === null || !('results' in body) || !Array.isArray(body.results)) return null;
  const results: unknown[] = body.results;
  if (results.length !== items.length) return null;
  const read: OutboxItemResult[] = [];
  for (const [index, item] of items.entries()) {
    const result = results[index];
    if (!isSyncResult(result) || result._id !== item.operation._id) return null;
    if (result.status === 'applied' || result.status === 'duplicate') read.push({ status: 'done', record: result.record });
    else if (result.status === 'conflict') {
      read.push({
        status: 'conflict',
        error: { status: 409, errors: errorItems(result.errors) },
        conflicts: Array.isArray(result.conflicts) ? result.conflicts.filter(isFieldConflict) : [],
        record: result.record,
      });
    } else read.push({ status: 'rejected', error: { status: 400, errors: errorItems(result.errors) } });
  }
  return read;
}

/**
 * A refusal of the whole request (400: a mutation the envelope check refused; nothing was
 * applied). The mutations named in the errors (`mutations.3.payload`) are refused; the others go
 * again at once, without the bad ones.
 */
function readSyncRefusal(items: OpenedItem[], error: { status: number; errors: ApiErrorItem[] }): OutboxItemResult[] {
  const named = new Map<number, ApiErrorItem[]>();
  for (const item of error.errors) {
    const match = /^mutations\.(\d+)(?:\.(.*))?$/.exec(item.param ?? '');
    if (!match) continue;
    const index = Number(match[1]);
    named.set(index, [...(named.get(index) ?? []), { ...item, param: match[2] ?? undefined }]);
  }
  if (named.size === 0) return items.map(() => ({ status: 'rejected', error }));
  return items.map((_item, index): OutboxItemResult => {
    const errors = named.get(index);
    return errors
      ? { status: 'rejected', error: { status: error.status, errors } }
      : { status: 'retry', error: { status: 0, errors: [{ msg: 'Sent again without the refused item', code: 'server_error' }] } };
  });
}

const syncLane = {
  lane: 'sync',
  sealed: true,
  batchSize: syncLimits.mutationsMax,
  // One request at a time per user: the order of a client's writes is the order they apply.
  concurrency: 1,
  request: (items: OpenedItem[]) => ({
    method: 'POST' as const,
    path: staffApiPaths.sync,
    json: {
      mutations: items.map(({ operation, payload }) => ({
        _id: operation._id,
        kind: operation.kind,
        entityId: operation.entityId,
        ...(operation.baseVersion === undefined ? {} : { baseVersion: operation.baseVersion }),
        payload,
      })),
    },
  }),
  readAnswer: readSyncAnswer,
  readRefusal: readSyncRefusal,
};

export const staffKindDefinitions: OutboxKindDefinition[] = [
  { kind: 'client.create', versioned: false, ...syncLane },
  { kind: 'client.update', versioned: true, ...syncLane },
  { kind: 'note.create', versioned: false, ...syncLane },
  { kind: 'enrolment.update', versioned: true, ...syncLane },
];
