/**
 * The kaimahi's offline writes on follow-ups, as this feature defines them (decision 074):
 * `task.create` (a new follow-up; its id is the operation's) and `task.update` (an edit on a
 * version: ticking it done sends `doneAt`, `null` opens it again). Both travel the staff lane
 * (`POST /api/sync`), encrypted; src/offline-kinds.ts registers them.
 */
import { TaskCreatePayloadSchema, TaskUpdatePayloadSchema } from '@contract/whanau';
import { checkPayload, syncLane, type OfflineKind, type OutboxLanding } from '../../../lib/outbox';
import { getStaffCipher } from '../../../lib/staff-cipher';
import type { FollowUp, FollowUpChanges, NewFollowUp } from '../api/types';
import { followUpsKept, rememberForOthers, updateFollowUp } from './follow-ups-copy';

/** Each result's part of the copy asks the server for what changed once its group has landed. */
const staffWrite = { lane: syncLane, encrypted: true, needsUser: true, refreshes: followUpsKept } as const;

const isFollowUp = (value: unknown): value is FollowUp =>
  typeof value === 'object' && value !== null && '_id' in value && typeof value._id === 'string' && 'version' in value && typeof value.version === 'number';

/** The server's record lands in the copy at once, so the list never falls back between sending and the next refresh. */
function landInCopy(landing: OutboxLanding): Promise<void> | undefined {
  const cipher = getStaffCipher();
  const record = landing.record;
  if (landing.status !== 'applied' || !cipher || landing.userId !== cipher.userId || !isFollowUp(record)) return;
  // Only the caller's own follow-ups are kept: one made for someone else is theirs to see (this
  // device shows it, from memory, where it was made).
  if (record.assignedTo !== cipher.userId) rememberForOthers(cipher.userId, record);
  return updateFollowUp(cipher, record._id, (kept) => (kept || record.assignedTo === cipher.userId ? record : undefined), record.dueOn);
}

export const taskCreateKind: OfflineKind<NewFollowUp> = {
  kind: 'task.create',
  title: 'offline.kind.task.create',
  ...staffWrite,
  makesRecord: true,
  versioned: false,
  schemaVersion: 1,
  check: (payload) => checkPayload(TaskCreatePayloadSchema, payload),
  subjectOf: (task) => task.clientId ?? task.whanauId,
  land: landInCopy,
};

export const taskUpdateKind: OfflineKind<FollowUpChanges> = {
  kind: 'task.update',
  title: 'offline.kind.task.update',
  ...staffWrite,
  makesRecord: false,
  versioned: true,
  schemaVersion: 1,
  check: (payload) => checkPayload(TaskUpdatePayloadSchema, payload),
  fieldsOf: (changes) => Object.keys(changes),
  land: landInCopy,
};

/** This feature's offline kinds, for src/offline-kinds.ts. */
export const followUpOfflineKinds = [taskCreateKind, taskUpdateKind];
