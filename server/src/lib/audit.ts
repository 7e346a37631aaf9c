import crypto from 'node:crypto';
import type { Transaction } from 'sequelize';
import { isRecordAction, type AuditEntity, type AuditEvent as AuditEventBody, type TrailAction } from '../../contract/audit';
import { sequelize } from '../db/sequelize';
import { AuditEvent } from '../db/models/audit-event';
import type { User } from '../db/models/user';
import type { AppContext } from './app-context';
import { signedIn } from './auth';

/**
 * Who is acting: taken once from the request (or from a sync mutation's sender), handed to every
 * service function with the transaction, so the effect and its audit event are written together.
 * `writtenAt`: when the act was written on the device, for a write that says so (a queued
 * operation, lib/written-at.ts); the records it makes keep it, and so do its audit events.
 */
export type Actor = { id: string; name: string; access: number; services: readonly string[]; writtenAt?: Date };

export function actorOf(user: User): Actor {
  return { id: user.id, name: user.name, access: user.access, services: user.services ?? [] };
}

/** The signed-in person as an actor; only for handlers behind `authenticate`. */
export function actorFromContext(ctx: AppContext): Actor {
  return actorOf(signedIn(ctx).user);
}

/** The actor of changes made with the command line (`npm run create-user`): no account, on the server itself. */
export const commandLine = { id: null, name: 'command line' } as const;

type AuditInput = { action: TrailAction; entity: AuditEntity; entityId: string; clientId?: string | null; fields?: string[]; details?: Record<string, string> };

/** An event's details, with when its change was written on the device when the actor's write says so. */
function writtenDetails(actor: Actor | { id: string | null; name: string }, details: Record<string, string> | undefined): Record<string, string> | undefined {
  return 'writtenAt' in actor && actor.writtenAt ? { ...details, writtenAt: actor.writtenAt.toISOString() } : details;
}

/**
 * Appends one event to the audit trail in the caller's transaction: if the change rolls back,
 * so does its event, and an event is never written for a change that did not happen. A
 * transaction is required on purpose (cf. Outline's `Event.createFromContext`).
 */
export async function recordAudit(actor: Actor | { id: string | null; name: string }, event: AuditInput, transaction: Transaction): Promise<void> {
  await AuditEvent.create(
    {
      id: crypto.randomUUID(),
      at: new Date(),
      actorId: actor.id,
      actorName: actor.name,
      action: event.action,
      entity: event.entity,
      entityId: event.entityId,
      clientId: event.clientId ?? null,
      fields: event.fields ?? null,
      details: writtenDetails(actor, event.details) ?? null,
    },
    { transaction },
  );
}

/**
 * A bulk read (a list, a search, a caseload download), written after the read succeeded and
 * before its answer leaves: if the event cannot be written, nothing is shown. `details` holds
 * the query and counts, never a result.
 */
export async function recordBulkRead(
  actor: Actor,
  action: 'list' | 'caseload',
  entity: 'clients' | 'enrolments' | 'whanau_list',
  details: Record<string, string | number | undefined>,
): Promise<void> {
  const kept = Object.fromEntries(Object.entries(details).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])));
  await sequelize.transaction((transaction) => recordAudit(actor, { action, entity, entityId: actor.id, details: kept }, transaction));
}

/** Events of one record's trail (a client's, an account's), which never holds a bulk read. */
export function presentRecordTrail(events: AuditEvent[]): AuditEventBody[] {
  return events.flatMap((event) => {
    const { action } = event;
    return isRecordAction(action) ? [{ ...presentAuditEvent(event), action }] : [];
  });
}

export function presentAuditEvent(event: AuditEvent): AuditEventBody<TrailAction> {
  return {
    _id: event.id,
    at: event.at.toISOString(),
    actorId: event.actorId,
    actorName: event.actorName,
    action: event.action,
    entity: event.entity,
    entityId: event.entityId,
    ...(event.fields ? { fields: event.fields } : {}),
    ...(event.details ? { details: event.details } : {}),
  };
}
