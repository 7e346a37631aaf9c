import type { TaskCreatePayload, TaskRecord, TaskUpdatePayload } from '@contract/whanau';

/** The API's types this feature uses (all from the contract). */
export type FollowUp = TaskRecord;
export type NewFollowUp = TaskCreatePayload;
export type FollowUpChanges = TaskUpdatePayload;
