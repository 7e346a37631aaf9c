import { z } from 'zod';
import { IdSchema, WrittenAtSchema } from './common';
import { BaseVersionSchema, OperationIdSchema } from './enrolments';
import type { FieldConflict } from './clients';

/**
 * Queued offline writes the server accepts in one `POST /api/sync` (DESIGN §4b, §6).
 *
 * The envelope does not list the kinds: each kind belongs to its feature, which owns its payload
 * schema (`client.create`, `client.update`, `note.create` in clients.ts; `enrolment.update` in
 * enrolments.ts) and registers a handler on the server (decision 075). A well-formed kind the
 * server has no handler for is answered per mutation as `rejected` (`param: 'kind'`), so an app
 * newer than its server loses only that mutation, never the batch.
 */
export const syncLimits = { mutationsMax: 100, kindMax: 64 } as const;

/** `<record>.<action>` in lower case, e.g. `client.update`. */
export const syncKindPattern = /^[a-z][a-z_]*\.[a-z][a-z_]*$/;

/**
 * One queued write. `_id` is the operation id; a create names the record it makes by it, so
 * for `client.create` and `note.create` `entityId` must equal `_id` (otherwise `rejected`,
 * `param: 'entityId'`). `entityId` is the record the mutation is about: the client
 * (client.create, client.update), the note (note.create), the enrolment (enrolment.update).
 * `baseVersion` is the version an edit started from (client.update, enrolment.update).
 * `payload` is checked per mutation by its kind's schema, so one bad mutation is `rejected`
 * (its problems named `payload.<field>`) and the others still run. `writtenAt` is when the
 * kaimahi made the change on the device (the operation's time, for every kind alike); the record
 * keeps it beside the time the server received it. Absent: written when received. A time more
 * than a few minutes ahead, or older than the server keeps operations, is `rejected`
 * (`param: 'writtenAt'`).
 */
export const SyncMutationSchema = z.object({
  _id: OperationIdSchema,
  kind: z
    .string({ error: 'Kind must be text like client.update' })
    .max(syncLimits.kindMax, { error: `Kind must be at most ${syncLimits.kindMax} characters`, abort: true })
    .regex(syncKindPattern, { error: 'Kind must be a record and an action, like client.update' }),
  entityId: z.string({ error: 'Must be a valid id' }).trim().toLowerCase().pipe(IdSchema),
  baseVersion: BaseVersionSchema.optional(),
  payload: z.record(z.string(), z.unknown(), { error: 'Payload must be an object' }),
  writtenAt: WrittenAtSchema.optional(),
});
export type SyncMutation = z.infer<typeof SyncMutationSchema>;

export const SyncRequestSchema = z.object({
  mutations: z
    .array(SyncMutationSchema, { error: 'Mutations must be a list' })
    .min(1, { error: 'Send at least one mutation' })
    .max(syncLimits.mutationsMax, { error: `Send at most ${syncLimits.mutationsMax} mutations at once` }),
});

/**
 * What became of one mutation. `applied`: done now; `duplicate`: done by an earlier send, nothing
 * changed; `conflict`: an edit clashed, nothing written; `rejected`: refused, nothing written;
 * `not_applied`: the server's time budget ran out before it started this one: nothing was done
 * or recorded, send it again (in a later batch, in the same order).
 */
export const syncStatuses = ['applied', 'duplicate', 'conflict', 'rejected', 'not_applied'] as const;
export type SyncStatus = (typeof syncStatuses)[number];

export type SyncResult = {
  _id: string;
  status: SyncStatus;
  /** The record as the server holds it now (a duplicate's is read again, through the sender's access). */
  record?: unknown;
  /** A duplicate's: the version this mutation produced when it was applied (the record may be newer since). */
  version?: number;
  conflicts?: FieldConflict[];
  errors?: { msg: string; param?: string; code?: string }[];
};
export type SyncResponse = { results: SyncResult[] };
