import { PageQuerySchema } from './common';

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
] as const;
export type AuditAction = (typeof auditActions)[number];
export type AuditEntity = 'client' | 'enrolment' | 'note' | 'user' | 'site';

/**
 * One audit event. `fields` names what changed (never the values: the trail must not become a
 * second copy of people's details); `details` holds ids or options, e.g. the enrolment a link
 * joined, a status change's from and to, an export's format.
 */
export type AuditEvent = {
  _id: string;
  at: string;
  actorId: string | null;
  actorName: string;
  action: AuditAction;
  entity: AuditEntity;
  entityId: string;
  fields?: string[];
  details?: Record<string, string>;
};

export const ListAuditQuerySchema = PageQuerySchema;
