/**
 * The kaimahi's whānau writes waiting in the outbox, as this feature's screens show them: a new
 * whānau, member, goal or contact before the server has it, a goal's edit over the goal, a clash
 * to settle. Read through the outbox's one reader (lib/outbox/read-items.ts), typed by kind.
 */
import { useMemo } from 'react';
import type {
  ContactCreatePayload,
  ContactRecord,
  GoalCreatePayload,
  GoalRecord,
  GoalUpdatePayload,
  MemberLinkPayload,
  MemberRecord,
  WhanauCreatePayload,
  WhanauDetail,
  WhanauRecord,
  WhanauUpdatePayload,
} from '@contract/whanau';
import type { FieldConflict } from '@contract/clients';
import { payloadOf, type QueuedItem } from '../../../lib/outbox';
import { useQueuedItems } from '../../../lib/outbox/use-queued-items';
import {
  contactCreateKind,
  goalCreateKind,
  goalUpdateKind,
  memberLinkKind,
  memberUnlinkKind,
  staffRatingKind,
  suggestionAnswerKind,
  whanauCreateKind,
  whanauUpdateKind,
} from './kinds';

export type WhanauChange =
  | { kind: 'whanau.create'; fields: WhanauCreatePayload }
  | { kind: 'whanau.update'; changes: WhanauUpdatePayload }
  | { kind: 'member.link'; member: MemberLinkPayload }
  | { kind: 'member.unlink'; whanauId: string }
  | { kind: 'goal.create'; goal: GoalCreatePayload }
  | { kind: 'goal.update'; changes: GoalUpdatePayload }
  | { kind: 'contact.create'; contact: ContactCreatePayload };

export type WhanauItem = Omit<QueuedItem, 'conflict'> & {
  change: WhanauChange | null;
  /** A goal's or the whānau's clash: each clashing field with mine/theirs, and the record as the server holds it now. */
  conflict: { conflicts: FieldConflict[]; record: GoalRecord | WhanauRecord } | null;
};

const whanauKinds: ReadonlySet<string> = new Set(
  [
    whanauCreateKind,
    whanauUpdateKind,
    memberLinkKind,
    memberUnlinkKind,
    goalCreateKind,
    goalUpdateKind,
    contactCreateKind,
    suggestionAnswerKind,
    staffRatingKind,
  ].map((kind) => kind.kind),
);

function changeOf(item: QueuedItem): WhanauChange | null {
  switch (item.kind) {
    case 'whanau.create': {
      const fields = payloadOf(whanauCreateKind, item);
      return fields && { kind: 'whanau.create', fields };
    }
    case 'whanau.update': {
      const changes = payloadOf(whanauUpdateKind, item);
      return changes && { kind: 'whanau.update', changes };
    }
    case 'member.link': {
      const member = payloadOf(memberLinkKind, item);
      return member && { kind: 'member.link', member };
    }
    case 'member.unlink': {
      const unlink = payloadOf(memberUnlinkKind, item);
      return unlink && { kind: 'member.unlink', whanauId: unlink.whanauId };
    }
    case 'goal.create': {
      const goal = payloadOf(goalCreateKind, item);
      return goal && { kind: 'goal.create', goal };
    }
    case 'goal.update': {
      const changes = payloadOf(goalUpdateKind, item);
      return changes && { kind: 'goal.update', changes };
    }
    case 'contact.create': {
      const contact = payloadOf(contactCreateKind, item);
      return contact && { kind: 'contact.create', contact };
    }
    default:
      return null;
  }
}

const isGoalRecord = (value: unknown): value is GoalRecord =>
  typeof value === 'object' && value !== null && '_id' in value && 'area' in value && 'version' in value && typeof value.version === 'number';

const isWhanauRecord = (value: unknown): value is WhanauRecord =>
  typeof value === 'object' && value !== null && '_id' in value && 'name' in value && 'version' in value && typeof value.version === 'number';

function toWhanauItem(item: QueuedItem): WhanauItem {
  const conflict =
    item.conflict && (isGoalRecord(item.conflict.record) || isWhanauRecord(item.conflict.record))
      ? { conflicts: item.conflict.conflicts, record: item.conflict.record }
      : null;
  return { ...item, change: changeOf(item), conflict };
}

/** The signed-in person's whānau items (sent ones too, for "Sent"), oldest first, live. */
export function useWhanauItems(userId: string | null): WhanauItem[] {
  const items = useQueuedItems(userId, { withSent: true });
  return useMemo(() => items.filter((item) => whanauKinds.has(item.kind)).map(toWhanauItem), [items]);
}

/** Whether an item still changes what the screens show (not sent, not refused, not clashing). */
export const isWaiting = (item: WhanauItem) => item.status !== 'synced' && item.status !== 'rejected' && item.status !== 'conflict';

/** A whānau saved on this device and not yet on the server, shaped as a page (version 0, nothing in it). */
export function newWhanauDetail(_id: string, createdAt: number, fields: WhanauCreatePayload): WhanauDetail {
  const time = new Date(createdAt).toISOString();
  return {
    _id,
    name: fields.name,
    leadClientId: fields.leadClientId ?? null,
    notes: fields.notes ?? null,
    version: 0,
    createdAt: time,
    createdBy: null,
    updatedAt: time,
    members: [],
    goals: [],
    tasks: [],
    contacts: [],
    caseNotes: [],
    corrections: [],
  };
}

/** What the page shows of one waiting item: its state, for "Saved on this device". */
export type Waiting = { itemId: string; status: WhanauItem['status'] };

/** A whānau page as this kaimahi will see it once their waiting writes land, with which parts are still waiting. */
export type ShownWhanau = WhanauDetail & { waiting: Map<string, Waiting> };

/**
 * The whānau with this kaimahi's waiting writes applied in order: new members (named through
 * `clientOf`), goals and contacts, goal edits, members taken out, edits of the whānau itself.
 */
export function withWaitingWrites(
  detail: WhanauDetail,
  items: readonly WhanauItem[],
  clientOf: (clientId: string) => MemberRecord['client'],
  author: { _id: string; name: string },
): ShownWhanau {
  let shown: WhanauDetail = detail;
  const waiting = new Map<string, Waiting>();
  const mark = (id: string, item: WhanauItem) => waiting.set(id, { itemId: item._id, status: item.status });
  for (const item of items) {
    const change = item.change;
    if (!change || !isWaiting(item)) continue;
    const time = new Date(item.createdAt).toISOString();
    switch (change.kind) {
      case 'whanau.update':
        if (item.entityId === shown._id) {
          shown = {
            ...shown,
            ...(change.changes.name ? { name: change.changes.name } : {}),
            ...(change.changes.notes !== undefined ? { notes: change.changes.notes } : {}),
            ...(change.changes.leadClientId !== undefined ? { leadClientId: change.changes.leadClientId } : {}),
          };
          mark(shown._id, item);
        }
        break;
      case 'member.link':
        if (change.member.whanauId === shown._id && !shown.members.some((member) => member._id === item.entityId)) {
          const member: MemberRecord = {
            _id: item.entityId,
            whanauId: shown._id,
            clientId: change.member.clientId,
            relationship: change.member.relationship,
            relationshipText: change.member.relationshipText ?? null,
            client: clientOf(change.member.clientId),
          };
          shown = { ...shown, members: [...shown.members, member] };
          mark(item.entityId, item);
        }
        break;
      case 'member.unlink':
        if (change.whanauId === shown._id) shown = { ...shown, members: shown.members.filter((member) => member._id !== item.entityId) };
        break;
      case 'goal.create':
        if (change.goal.whanauId === shown._id && !shown.goals.some((goal) => goal._id === item.entityId)) {
          const goal: GoalRecord = {
            _id: item.entityId,
            whanauId: shown._id,
            clientId: change.goal.clientId ?? null,
            area: change.goal.area,
            text: change.goal.text,
            status: change.goal.status,
            targetDate: change.goal.targetDate ?? null,
            serviceKey: change.goal.serviceKey,
            version: 0,
            createdAt: time,
            createdBy: null,
            updatedAt: time,
          };
          shown = { ...shown, goals: [...shown.goals, goal] };
          mark(item.entityId, item);
        }
        break;
      case 'goal.update':
        if (shown.goals.some((goal) => goal._id === item.entityId)) {
          const { changes } = change;
          shown = {
            ...shown,
            goals: shown.goals.map((goal) =>
              goal._id === item.entityId
                ? {
                    ...goal,
                    ...(changes.area ? { area: changes.area } : {}),
                    ...(changes.text ? { text: changes.text } : {}),
                    ...(changes.status ? { status: changes.status } : {}),
                    ...(changes.targetDate !== undefined ? { targetDate: changes.targetDate } : {}),
                    ...(changes.clientId !== undefined ? { clientId: changes.clientId } : {}),
                  }
                : goal,
            ),
          };
          mark(item.entityId, item);
        }
        break;
      case 'contact.create':
        if (change.contact.whanauId === shown._id && !shown.contacts.some((contact) => contact._id === item.entityId)) {
          const contact: ContactRecord = {
            _id: item.entityId,
            clientId: change.contact.clientId ?? null,
            whanauId: shown._id,
            on: change.contact.on,
            kind: change.contact.kind,
            minutes: change.contact.minutes,
            serviceKey: change.contact.serviceKey,
            presentClientIds: change.contact.presentClientIds,
            goalIds: change.contact.goalIds,
            outputs: change.contact.outputs,
            summary: change.contact.summary,
            authorId: author._id,
            authorName: author.name,
            createdAt: time,
          };
          shown = { ...shown, contacts: [contact, ...shown.contacts] };
          mark(item.entityId, item);
        }
        break;
      case 'whanau.create':
        break;
    }
  }
  return { ...shown, waiting };
}
