import { z } from 'zod';
import { IdSchema } from './common';
import { BaseVersionSchema, OperationIdSchema } from './enrolments';
import type { FieldConflict } from './clients';

/** Queued offline writes the server accepts in one `POST /api/sync` (DESIGN §4b, §6). */
export const syncKinds = ['client.create', 'client.update', 'note.create', 'enrolment.update'] as const;
export type SyncKind = (typeof syncKinds)[number];
export const syncLimits = { mutationsMax: 100 } as const;

/**
 * One queued write. `_id` is the operation id (for `client.create` and `note.create` also the id of
 * the record made); `entityId` is the client (client.create, client.update, note.create) or the
 * enrolment (enrolment.update); `payload` is the POST body's fields (client.create), the
 * `changes` of an edit (client.update, enrolment.update), or `{text}` (note.create).
 * The payload is checked per mutation, so one bad mutation is `rejected` and the others still run.
 */
export const SyncMutationSchema = z.object({
  _id: OperationIdSchema,
  kind: z.enum(syncKinds, { error: `Kind must be one of: ${syncKinds.join(', ')}` }),
  entityId: z.string({ error: 'Must be a valid id' }).trim().toLowerCase().pipe(IdSchema),
  baseVersion: BaseVersionSchema.optional(),
  payload: z.record(z.string(), z.unknown(), { error: 'Payload must be an object' }),
});
export type SyncMutation = z.infer<typeof SyncMutationSchema>;

export const SyncRequestSchema = z.object({
  mutations: z
    .array(SyncMutationSchema, { error: 'Mutations must be a list' })
    .min(1, { error: 'Send at least one mutation' })
    .max(syncLimits.mutationsMax, { error: `Send at most ${syncLimits.mutationsMax} mutations at once` }),
});

export type SyncResult = {
  _id: string;
  status: 'applied' | 'duplicate' | 'conflict' | 'rejected' | 'not_applied';
  record?: unknown;
  conflicts?: FieldConflict[];
  errors?: { msg: string; param?: string }[];
};
export type SyncResponse = { results: SyncResult[] };
