import type { GoalRecord, MemberRecord, TaskRecord, WhanauRecord } from '../../../contract/whanau';
import type { Client } from '../../db/models/client';
import type { Goal, Task, Whanau, WhanauMember } from '../../db/models/whanau';
import type { Actor } from '../../lib/audit';
import type { StaffNames } from '../../lib/case-work';
import { canSeeWhanauNotes } from '../../lib/need-to-know';

/** A whānau as the actor may see it: notes of another service are withheld (decision 111). */
export function presentWhanau(whanau: Whanau, actor: Actor): WhanauRecord {
  const notesShown = canSeeWhanauNotes(actor, whanau);
  return {
    _id: whanau.id,
    name: whanau.name,
    leadClientId: whanau.leadClientId ?? null,
    notes: notesShown ? (whanau.notes ?? null) : null,
    ...(notesShown ? {} : { notesHidden: true }),
    version: whanau.version,
    createdAt: whanau.createdAt.toISOString(),
    writtenAt: (whanau.writtenAt ?? whanau.createdAt).toISOString(),
    createdBy: whanau.createdBy ?? null,
    updatedAt: whanau.updatedAt.toISOString(),
  };
}

/** A member as the caller may see them: `client` is the client row when visible, else "another member". */
export function presentMember(member: WhanauMember, client: Client | undefined): MemberRecord {
  if (!client) return { _id: member.id, whanauId: member.whanauId, clientId: null, relationship: null, relationshipText: null, client: null };
  return {
    _id: member.id,
    whanauId: member.whanauId,
    clientId: member.clientId,
    relationship: member.relationship,
    relationshipText: member.relationshipText ?? null,
    client: { _id: client.id, givenName: client.givenName, familyName: client.familyName, preferredName: client.preferredName ?? null },
  };
}

export function presentGoal(goal: Goal): GoalRecord {
  return {
    _id: goal.id,
    whanauId: goal.whanauId,
    clientId: goal.clientId ?? null,
    area: goal.area,
    text: goal.text,
    status: goal.status,
    targetDate: goal.targetDate ?? null,
    serviceKey: goal.serviceKey,
    version: goal.version,
    createdAt: goal.createdAt.toISOString(),
    writtenAt: (goal.writtenAt ?? goal.createdAt).toISOString(),
    createdBy: goal.createdBy ?? null,
    updatedAt: goal.updatedAt.toISOString(),
  };
}

export function presentTask(task: Task, names: StaffNames, subjectName: string | null): TaskRecord {
  return {
    _id: task.id,
    whanauId: task.whanauId ?? null,
    clientId: task.clientId ?? null,
    goalId: task.goalId ?? null,
    text: task.text,
    dueOn: task.dueOn,
    assignedTo: task.assignedTo,
    assignedToName: names.get(task.assignedTo) ?? null,
    doneAt: task.doneAt ? task.doneAt.toISOString() : null,
    version: task.version,
    createdAt: task.createdAt.toISOString(),
    writtenAt: (task.writtenAt ?? task.createdAt).toISOString(),
    createdBy: task.createdBy ?? null,
    subjectName,
  };
}
