import { z } from 'zod';
import { IdSchema, PageQuerySchema, type Page } from './common';

/** What an audit event records (DESIGN §4b). The trail is append-only: no route edits or deletes it. */
export const auditActions = [
  'view',
  'create',
  'update',
  'note',
  'link',
  'status',
  'export',
  'user.create',
  'user.update',
  'user.deactivate',
  'login.failed',
  'merge',
  'merge.undo',
  'import',
  'import.undo',
] as const;
export type AuditAction = (typeof auditActions)[number];

/**
 * Reads of many records at once (issue 21): a list or search (`list`, with the query and the
 * count, never the results) and a caseload download to a device (`caseload`, with the counts).
 * They concern no one record, so they are on the whole trail but never on a client's or an
 * account's; kept apart from `auditActions` so those trails' types stay as they are.
 */
export const bulkReadActions = ['list', 'caseload'] as const;
export type BulkReadAction = (typeof bulkReadActions)[number];
export type TrailAction = AuditAction | BulkReadAction;

export function isRecordAction(action: TrailAction): action is AuditAction {
  return (auditActions as readonly string[]).includes(action);
}

/**
 * `clients`, `enrolments`, `whanau_list`: a bulk read of that register; its `entityId` is the
 * reader's account. The records of whānau case work (DESIGN §4c) are `whanau`, `member`, `goal`,
 * `task` (a follow-up), `contact` and `correction` (a correction of a note or a contact's summary).
 */
export type AuditEntity =
  | 'client'
  | 'enrolment'
  | 'note'
  | 'user'
  | 'site'
  | 'clients'
  | 'enrolments'
  | 'audit'
  | 'whanau'
  | 'member'
  | 'goal'
  | 'task'
  | 'contact'
  | 'correction'
  | 'whanau_list'
  | 'import'
  // The whānau's own app (issue 34): invites, linked phones, what was shared, and a member's reads.
  | 'whanau_invite'
  | 'whanau_device'
  | 'whanau_share'
  | 'whanau_app'
  | 'whanau_comment'
  | 'goal_suggestion'
  | 'outcome_rating'
  | 'detail_change'
  | 'privacy_request';

/**
 * One audit event. `fields` names what changed (never the values: the trail must not become a
 * second copy of people's details); `details` holds ids or options, e.g. the enrolment a link
 * joined, a status change's from and to, an export's format.
 */
export type AuditEvent<Action extends TrailAction = AuditAction> = {
  _id: string;
  at: string;
  actorId: string | null;
  actorName: string;
  action: Action;
  entity: AuditEntity;
  entityId: string;
  fields?: string[];
  details?: Record<string, string>;
};

export const ListAuditQuerySchema = PageQuerySchema;

/** A day (`YYYY-MM-DD`, a whole New Zealand day) or a moment (ISO 8601 with offset). */
const trailTime = (label: string) =>
  z.union([z.iso.date(), z.iso.datetime({ offset: true })], { error: `${label} must be a date (YYYY-MM-DD) or a time (ISO 8601)` });

const periodIsOrdered = (query: { from?: string; to?: string }) => !query.from || !query.to || query.from.slice(0, 10) <= query.to.slice(0, 10);

/** `GET /api/audit`: the whole trail, newest first, filtered by person (`actor`), `action` and period. */
export const ListTrailQuerySchema = PageQuerySchema.extend({
  actor: IdSchema.optional(),
  action: z.enum([...auditActions, ...bulkReadActions], { error: 'No audit action has that name' }).optional(),
  from: trailTime('From').optional(),
  to: trailTime('To').optional(),
  /** `hide` leaves out routine bulk reads (list searches, caseload downloads) unless `action` names one. */
  routine: z.enum(['show', 'hide'], { error: 'Routine must be show or hide' }).default('show'),
}).refine(periodIsOrdered, { error: 'To must not be before from', path: ['to'] });
export type ListTrailQuery = z.infer<typeof ListTrailQuerySchema>;

/** A page of the trail, with how many routine reads `routine=hide` left out of it (0 when shown). */
export type TrailPage = Page<AuditEvent<TrailAction>> & { routineHidden: number };

/** `GET /api/audit/export`: a period of the trail as CSV, for the trust's privacy officer. */
export const ExportTrailQuerySchema = z
  .object({ from: trailTime('From'), to: trailTime('To') })
  .refine(periodIsOrdered, { error: 'To must not be before from', path: ['to'] });
export type ExportTrailQuery = z.infer<typeof ExportTrailQuerySchema>;
