/**
 * The kaimahi's follow-up writes waiting in the outbox, typed by this feature's kinds, and the
 * list as the kaimahi will see it once they land: new follow-ups added, ticks applied.
 */
import { useMemo } from 'react';
import type { FieldConflict } from '@contract/clients';
import { payloadOf, type QueuedItem } from '../../../lib/outbox';
import { useQueuedItems } from '../../../lib/outbox/use-queued-items';
import type { FollowUp, FollowUpChanges, NewFollowUp } from '../api/types';
import { taskCreateKind, taskUpdateKind } from './kinds';

export type FollowUpChange = { kind: 'task.create'; task: NewFollowUp } | { kind: 'task.update'; changes: FollowUpChanges };

export type FollowUpItem = Omit<QueuedItem, 'conflict'> & {
  change: FollowUpChange | null;
  conflict: { conflicts: FieldConflict[]; record: FollowUp } | null;
};

/** A follow-up as a screen shows it: with the state of its waiting write, if any. */
export type ShownFollowUp = FollowUp & { waiting: FollowUpItem | null };

const isFollowUp = (value: unknown): value is FollowUp =>
  typeof value === 'object' && value !== null && '_id' in value && 'dueOn' in value && 'version' in value && typeof value.version === 'number';

export function toFollowUpItem(item: QueuedItem): FollowUpItem | null {
  if (item.kind !== taskCreateKind.kind && item.kind !== taskUpdateKind.kind) return null;
  const task = payloadOf(taskCreateKind, item);
  const changes = task ? null : payloadOf(taskUpdateKind, item);
  const change: FollowUpChange | null = task ? { kind: 'task.create', task } : changes ? { kind: 'task.update', changes } : null;
  const conflict = item.conflict && isFollowUp(item.conflict.record) ? { conflicts: item.conflict.conflicts, record: item.conflict.record } : null;
  return { ...item, change, conflict };
}

/** The signed-in person's follow-up items (sent ones too), oldest first, live. */
export function useFollowUpItems(userId: string | null): FollowUpItem[] {
  const items = useQueuedItems(userId, { withSent: true });
  return useMemo(() => items.flatMap((item) => toFollowUpItem(item) ?? []), [items]);
}

const waits = (item: FollowUpItem) => item.status !== 'synced' && item.status !== 'rejected' && item.status !== 'conflict';

/**
 * The follow-ups as the kaimahi will see them once their waiting writes land: the device's copy
 * (and any the page read from the server), plus new ones saved here, with edits applied in order.
 * `names` gives a new follow-up's subject name and `staffName` its assignee's (the copy has
 * neither until the server answers).
 */
export function withWaitingWrites(
  known: readonly FollowUp[],
  items: readonly FollowUpItem[],
  userId: string | null,
  names: (task: NewFollowUp) => string | null = () => null,
  staffName: (id: string) => string | null = () => null,
): ShownFollowUp[] {
  const shown = new Map<string, ShownFollowUp>(known.map((task) => [task._id, { ...task, waiting: null }]));
  for (const item of items) {
    const change = item.change;
    if (!change) continue;
    if (change.kind === 'task.create') {
      if (!shown.has(item.entityId) && item.status !== 'synced' && item.status !== 'rejected') {
        const time = new Date(item.createdAt).toISOString();
        shown.set(item.entityId, {
          _id: item.entityId,
          whanauId: change.task.whanauId ?? null,
          clientId: change.task.clientId ?? null,
          goalId: change.task.goalId ?? null,
          text: change.task.text,
          dueOn: change.task.dueOn,
          assignedTo: change.task.assignedTo ?? userId ?? '',
          assignedToName: change.task.assignedTo ? staffName(change.task.assignedTo) : null,
          doneAt: null,
          version: 0,
          createdAt: time,
          createdBy: userId,
          subjectName: names(change.task),
          waiting: item,
        });
      }
      continue;
    }
    const task = shown.get(item.entityId);
    if (!task) continue;
    if (waits(item))
      shown.set(task._id, { ...task, ...change.changes, doneAt: change.changes.doneAt === undefined ? task.doneAt : change.changes.doneAt, waiting: item });
    else if (item.status === 'conflict' || item.status === 'rejected') shown.set(task._id, { ...task, waiting: item });
  }
  return [...shown.values()];
}
