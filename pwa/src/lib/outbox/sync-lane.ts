/**
 * The staff lane: `POST /api/sync`, up to the contract's bound of mutations per request, one
 * request at a time per person, in the order made, so a later mutation on a record sees the
 * earlier ones (DESIGN §4b). Every kind of a kaimahi's offline write goes this way; the lane
 * knows no kind by name. Each mutation carries `writtenAt`, the time its item was made here
 * (decision 114).
 */
import { syncLimits, type SyncResult } from '@contract/sync';
import type { FieldConflict } from '@contract/clients';
import type { ApiErrorItem } from '@contract/errors';
import { staffApiPaths } from '../staff-paths';
import type { OpenedItem, OutboxItemResult, OutboxLane } from './types';

const syncStatuses: ReadonlySet<unknown> = new Set<SyncResult['status']>(['applied', 'duplicate', 'conflict', 'rejected', 'not_applied']);

function isSyncResult(value: unknown): value is SyncResult {
  return typeof value === 'object' && value !== null && '_id' in value && typeof value._id === 'string' && 'status' in value && syncStatuses.has(value.status);
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
    switch (result.status) {
      case 'applied':
      case 'duplicate':
        read.push({ status: 'done', record: result.record, ...(typeof result.version === 'number' ? { version: result.version } : {}) });
        break;
      case 'conflict':
        read.push({
          status: 'conflict',
          error: { status: 409, errors: errorItems(result.errors) },
          conflicts: Array.isArray(result.conflicts) ? result.conflicts.filter(isFieldConflict) : [],
          record: result.record,
        });
        break;
      case 'not_applied':
        read.push({ status: 'later' });
        break;
      default:
        read.push({ status: 'rejected', error: { status: 400, errors: errorItems(result.errors) } });
    }
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
    return errors ? { status: 'rejected', error: { status: error.status, errors } } : { status: 'later' };
  });
}

/**
 * A lane to a sync endpoint: the staff one (`syncLane`), or a linked whānau phone's
 * (`/api/whanau-app/sync`, the same envelope and results).
 */
export function syncLaneTo(name: string, path: string): OutboxLane {
  return { ...syncLane, name, request: (items) => ({ ...syncLane.request(items), path }) };
}

export const syncLane: OutboxLane = {
  name: 'sync',
  batchSize: syncLimits.mutationsMax,
  // One request at a time per person: the order of a record's writes is the order they apply.
  concurrency: 1,
  request: (items) => ({
    method: 'POST',
    path: staffApiPaths.sync,
    json: {
      mutations: items.map(({ operation, payload }) => ({
        _id: operation._id,
        kind: operation.kind,
        entityId: operation.entityId,
        ...(operation.baseVersion === undefined ? {} : { baseVersion: operation.baseVersion }),
        payload,
        // When the kaimahi made it on this device, for every kind: the record keeps it beside when the server received it.
        writtenAt: new Date(operation.createdAt).toISOString(),
      })),
    },
  }),
  readAnswer: readSyncAnswer,
  readRefusal: readSyncRefusal,
};
